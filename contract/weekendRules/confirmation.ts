import type * as z from "zod";
import type { PredictionState } from "../enums";

// game-rules.md "Results are provisional until the weekend is confirmed": a classification may be corrected until the
// weekend is confirmed, by the operator or by the 72-hour rule; until then its figures are provisional.

type State = z.infer<typeof PredictionState>;

/** The 72-hour rule: a weekend confirms itself this long after its race session's end. */
export const CONFIRM_AFTER_HOURS = 72;
const HOUR = 3_600_000;

/** When the 72-hour rule confirms a weekend whose race session ends at `raceEndsAt` (epoch ms). */
export const confirmsAt = (raceEndsAt: number): number => raceEndsAt + CONFIRM_AFTER_HOURS * HOUR;

/**
 * Whether the 72-hour rule confirms the weekend at `now`: its race session has a result (a classification, or the
 * session canceled) and 72 hours have passed since the session's end. A weekend whose race was never classified
 * waits for its result, so a late entry can still be corrected once it is in.
 */
export const ruleConfirms = (now: number, w: { raceEndsAt: number; raceClassified: boolean }): boolean =>
  w.raceClassified && now >= confirmsAt(w.raceEndsAt);

/** Where a weekend stands: confirmed when (stored or by the rule), and whether its figures are still provisional. */
export function weekendStanding(
  now: number,
  w: { confirmedAt: number | null; raceEndsAt: number | null; raceClassified: boolean },
): { confirmedAt: number | null; provisional: boolean } {
  if (w.confirmedAt !== null) return { confirmedAt: w.confirmedAt, provisional: false };
  if (w.raceEndsAt !== null && ruleConfirms(now, { raceEndsAt: w.raceEndsAt, raceClassified: w.raceClassified }))
    return { confirmedAt: confirmsAt(w.raceEndsAt), provisional: false };
  return { confirmedAt: null, provisional: true };
}

/** What a correction of one result key does with the classification that stands (refusals are the API's codes). */
export type CorrectionPlan =
  | { kind: "correct" }
  | { kind: "replay" }
  | { kind: "refuse"; code: "resultsNotEntered" | "weekendConfirmed" };

/**
 * A correction replaces an entered classification (not a canceled session: its picks were voided and refunded) until
 * the weekend is confirmed; the classification that stands again changes nothing.
 */
export function planCorrection(
  prior: { canceled: boolean; riderIds: readonly string[] } | null,
  riderIds: readonly string[],
  confirmed: boolean,
): CorrectionPlan {
  if (!prior || prior.canceled) return { kind: "refuse", code: "resultsNotEntered" };
  if (prior.riderIds.length === riderIds.length && prior.riderIds.every((id, i) => id === riderIds[i]))
    return { kind: "replay" };
  if (confirmed) return { kind: "refuse", code: "weekendConfirmed" };
  return { kind: "correct" };
}

export type PickScoreOf = { state: State; points: number };
export type PickChange<P> = { pick: P; before: PickScoreOf; after: PickScoreOf };

/** The picks a correction changes: those whose state or points differ once re-scored (points compared in hundredths). */
export function changedPicks<P extends { id: string; state: State; points: number }>(
  picks: readonly P[],
  rescored: ReadonlyMap<string, PickScoreOf>,
): PickChange<P>[] {
  const out: PickChange<P>[] = [];
  for (const p of picks) {
    const after = rescored.get(p.id);
    if (!after) continue;
    if (after.state === p.state && Math.round(after.points * 100) === Math.round(p.points * 100)) continue;
    out.push({ pick: p, before: { state: p.state, points: p.points }, after });
  }
  return out;
}

/** A player's points moved by a set of changes (hundredths, so insurance halves sum exactly). */
export const pointsMoved = (changes: readonly { before: PickScoreOf; after: PickScoreOf }[]): number =>
  changes.reduce((sum, c) => sum + Math.round(c.after.points * 100) - Math.round(c.before.points * 100), 0) / 100;
