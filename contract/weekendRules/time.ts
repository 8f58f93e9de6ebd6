import type { ChangeTierName } from "../predictions";
import type { WeekendRules } from "./weekendRules";

// When things may be done (game-rules.md "Saving and locking" and "Change Predictions"): all times are epoch
// milliseconds, so the server's clock and a tab's server-aligned clock ask the same questions.

/** A session's scheduled window; `canceled` when the session or its whole race was canceled. */
export type SessionWindow = { startsAt: number; endsAt: number; canceled: boolean };

const MINUTE = 60_000;

/** First saves and upgrades are open strictly before the session's scheduled start, and never on a canceled one. */
export const isOpen = (now: number, s: SessionWindow) => !s.canceled && now < s.startsAt;

export const hasStarted = (now: number, s: Pick<SessionWindow, "startsAt">) => now >= s.startsAt;

/** Nothing can change once the session's scheduled end has passed. */
export const sessionOver = (now: number, s: SessionWindow) => now >= s.endsAt;

/** The paid-change tier open at `now`: BEFORE the start, EARLY its first minutes, LATE its last minutes; else none. */
export function changeTierAt(now: number, s: SessionWindow, rules: WeekendRules): ChangeTierName | null {
  if (s.canceled) return null;
  if (now < s.startsAt) return "BEFORE";
  if (now < s.startsAt + rules.tiers.EARLY.minutesAfterStart * MINUTE) return "EARLY";
  if (now >= lateOpensAt(s, rules) && now < s.endsAt) return "LATE";
  return null;
}

/** When the LATE tier opens: the last minutes before the session's scheduled end. */
export const lateOpensAt = (s: SessionWindow, rules: WeekendRules) =>
  s.endsAt - rules.tiers.LATE.minutesBeforeEnd * MINUTE;

/** When an open tier closes. */
export function tierEndsAt(tier: ChangeTierName, s: SessionWindow, rules: WeekendRules): number {
  if (tier === "BEFORE") return s.startsAt;
  if (tier === "EARLY") return s.startsAt + rules.tiers.EARLY.minutesAfterStart * MINUTE;
  return s.endsAt;
}

/** Between EARLY and LATE no change is sold, but LATE is still to come. */
export const betweenTiers = (now: number, s: SessionWindow, rules: WeekendRules) =>
  !s.canceled && changeTierAt(now, s, rules) === null && !sessionOver(now, s) && now >= s.startsAt;

/** Every moment a session's state can change (start, end of EARLY, start of LATE, end): views re-render then. */
export const momentsOf = (s: SessionWindow, rules: WeekendRules) => [
  s.startsAt,
  tierEndsAt("EARLY", s, rules),
  lateOpensAt(s, rules),
  s.endsAt,
];
