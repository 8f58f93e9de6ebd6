import type * as z from "zod";
import type { PredictionCategory, PredictionState } from "../enums";
import { categoryPoints, INSURANCE_SHARE, MULTIPLIER } from "../rules";
import { categorySession, placeOf, podiumOf, type ActionType } from "./structure";
import { isInsured, isMultiplied } from "./upgrades";
import type { SessionType } from "../enums";

// Scoring (game-rules.md "Points"): a pick's points from its session's classification, and a race's picks
// scored exactly once.

type State = z.infer<typeof PredictionState>;

/**
 * Points of one pick. `top` is the session's classification, winner first (podium categories read the first
 * three). Exact hit: the category's points; an insured podium pick whose rider finished in the top three
 * elsewhere: 50%; the multiplier doubles the result.
 */
export function scorePick(p: { category: PredictionCategory; riderId: string; top: readonly string[]; multiplied?: boolean; insured?: boolean }): number {
  const full = categoryPoints[p.category];
  const place = placeOf(p.category);
  let points = 0;
  if (p.top[place] === p.riderId) points = full;
  else if (podiumOf(p.category) && p.insured && p.top.slice(0, 3).includes(p.riderId)) points = full * INSURANCE_SHARE;
  return p.multiplied ? points * MULTIPLIER : points;
}

/** A pick that earned points: the exact place, or an insured podium pick in the top three elsewhere. */
export const isSuccessful = (state: State) => state === "ACCURATE" || state === "INSURANCE";

/** Where a category's answer comes from: its session's classification, or the positions-gained ranking. */
export type ResultKey = SessionType | "POSITION_GAINED";
export const resultKeyOf = (category: PredictionCategory): ResultKey => (category === "POSITION_GAINED" ? "POSITION_GAINED" : categorySession[category]);

/** One classification: rider ids best first (fastest lap, finishing order, most positions gained), or canceled. */
export type Classification = { canceled: true } | { canceled: false; top: readonly string[] };

export type SettlePick = { id: string; category: PredictionCategory; riderId: string; upgrades: readonly ActionType[]; settledAt: Date | null };
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
    const points = scorePick({ category: p.category, riderId: p.riderId, top: result.top, multiplied: isMultiplied(p.upgrades), insured: isInsured(p.upgrades) });
    const state: State = result.top[placeOf(p.category)] === p.riderId ? "ACCURATE" : points > 0 ? "INSURANCE" : "INACCURATE";
    out.push({ id: p.id, state, points });
  }
  return out;
}
