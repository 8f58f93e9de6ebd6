import type * as z from "zod";
import type { PredictionCategory, PredictionState } from "../enums";
import { categoryPoints, INSURANCE_SHARE, MULTIPLIER } from "../rules";
import { categorySession, placeOf, podiumOf, type ActionType } from "./structure";
import { isInsured, isMultiplied } from "./upgrades";
import type { SessionType } from "../enums";

// Scoring (game-rules.md "Points"): a pick's points from its session's classification, and a race's picks
// scored exactly once.

type State = z.infer<typeof PredictionState>;

/** What one pick is scored from: its category and rider, the session's classification (winner first) and its upgrades. */
export type ScoreInput = {
  category: PredictionCategory;
  riderId: string;
  top: readonly string[];
  multiplied?: boolean;
  insured?: boolean;
};

/**
 * How one pick scored, every number the rule used: where its rider finished (1-based; null when not in the
 * classification) against the place picked, the category's points, the share earned before the multiplier (1 exact,
 * INSURANCE_SHARE insured, 0 missed), the multiplier's factor (null without one) and the points. scorePick, settle and
 * the explanation (explain.ts) all read this one computation, so what a player is told is what they were given.
 */
export type PickOutcome = {
  state: Extract<State, "ACCURATE" | "INSURANCE" | "INACCURATE">;
  finished: number | null;
  picked: number;
  base: number;
  share: number;
  /** Points before the multiplier. */
  earned: number;
  factor: number | null;
  points: number;
};

export function pickOutcome(p: ScoreInput): PickOutcome {
  const base = categoryPoints[p.category];
  const place = placeOf(p.category);
  const at = p.top.indexOf(p.riderId);
  const finished = at === -1 ? null : at + 1;
  let state: PickOutcome["state"] = "INACCURATE";
  let share = 0;
  if (at === place) {
    state = "ACCURATE";
    share = 1;
  } else if (podiumOf(p.category) && p.insured && at !== -1 && at < 3) {
    state = "INSURANCE";
    share = INSURANCE_SHARE;
  }
  const earned = base * share;
  const factor = p.multiplied ? MULTIPLIER : null;
  return {
    state,
    finished,
    picked: place + 1,
    base,
    share,
    earned,
    factor,
    points: factor === null ? earned : earned * factor,
  };
}

/**
 * Points of one pick. `top` is the session's classification, winner first (podium categories read the first
 * three). Exact hit: the category's points; an insured podium pick whose rider finished in the top three
 * elsewhere: 50%; the multiplier doubles the result.
 */
export const scorePick = (p: ScoreInput): number => pickOutcome(p).points;

/** A pick that earned points: the exact place, or an insured podium pick in the top three elsewhere. */
export const isSuccessful = (state: State) => state === "ACCURATE" || state === "INSURANCE";

/** Where a category's answer comes from: its session's classification, or the positions-gained ranking. */
export type ResultKey = SessionType | "POSITION_GAINED";
export const resultKeyOf = (category: PredictionCategory): ResultKey =>
  category === "POSITION_GAINED" ? "POSITION_GAINED" : categorySession[category];

/** One classification: rider ids best first (fastest lap, finishing order, most positions gained), or canceled. */
export type Classification = { canceled: true } | { canceled: false; top: readonly string[] };

export type SettlePick = {
  id: string;
  category: PredictionCategory;
  riderId: string;
  upgrades: readonly ActionType[];
  settledAt: Date | null;
};
export type Settled = { id: string; state: State; points: number };

/**
 * The state and points of every pick not settled yet whose classification is known. A canceled session scores
 * nothing (CANCELED; its refunds are the cancel flow's). ACCURATE: the exact place; INSURANCE: an insured podium
 * pick in the top three elsewhere (half, doubled when multiplied); else INACCURATE. A pick already settled is never
 * returned again, and one whose classification is missing waits for it.
 */
export function settle(picks: readonly SettlePick[], results: Partial<Record<ResultKey, Classification>>): Settled[] {
  const out: Settled[] = [];
  for (const p of picks) {
    if (p.settledAt !== null) continue;
    const result = results[resultKeyOf(p.category)];
    if (!result) continue;
    if (result.canceled) {
      out.push({ id: p.id, state: "CANCELED", points: 0 });
      continue;
    }
    const { state, points } = pickOutcome({
      category: p.category,
      riderId: p.riderId,
      top: result.top,
      multiplied: isMultiplied(p.upgrades),
      insured: isInsured(p.upgrades),
    });
    out.push({ id: p.id, state, points });
  }
  return out;
}
