import type * as z from "zod";
import type { PredictionActionType, PredictionCategory, PredictionState, SessionType } from "../../../contract/enums";
import { categorySession, scorePick } from "../../../contract/rules";
import { isInsured, isMultiplied, podiumOf, podiums } from "./rules";

// Scoring a race's picks (game-rules.md "Points"): pure, so the results-entry issue calls it with the
// classifications and writes what it returns. Exactly once: a pick already settled is never returned again,
// and a pick whose session has no classification yet waits for it.

type State = z.infer<typeof PredictionState>;

/** Where a category's answer comes from: its session's classification, or the positions-gained ranking. */
export type ResultKey = SessionType | "POSITION_GAINED";
export const resultKeyOf = (category: PredictionCategory): ResultKey => (category === "POSITION_GAINED" ? "POSITION_GAINED" : categorySession[category]);

/** One classification: rider ids best first (fastest lap, finishing order, most positions gained), or canceled. */
export type Classification = { canceled: true } | { canceled: false; top: readonly string[] };

export type SettlePick = {
  id: string;
  category: PredictionCategory;
  riderId: string;
  upgrades: readonly z.infer<typeof PredictionActionType>[];
  settledAt: Date | null;
};

export type Settled = { id: string; state: State; points: number };

/**
 * The state and points of every pick not settled yet whose classification is known. A canceled session
 * scores nothing (CANCELED; its refunds are the cancel flow's). ACCURATE: the exact place; INSURANCE: an
 * insured podium pick in the top three elsewhere (half, doubled when multiplied); else INACCURATE.
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
    const group = podiumOf(p.category);
    const slot = group ? podiums[group].categories.indexOf(p.category) : 0;
    const points = scorePick({ category: p.category, riderId: p.riderId, top: result.top, multiplied: isMultiplied(p.upgrades), insured: isInsured(p.upgrades) });
    const state: State = result.top[slot] === p.riderId ? "ACCURATE" : points > 0 ? "INSURANCE" : "INACCURATE";
    out.push({ id: p.id, state, points });
  }
  return out;
}
