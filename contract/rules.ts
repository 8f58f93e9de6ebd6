import type { PredictionCategory, SessionType } from "./enums";

// Every number of game-rules.md, in one place. The server serves them; the client reads them
// from the API, never from its own copy.

export const sessionMinutes: Record<SessionType, number> = { FP1: 45, PF: 60, FP2: 30, Q1: 15, Q2: 15, SPRINT: 20, START: 40 };

export const categorySession: Record<PredictionCategory, SessionType> = {
  FP1: "FP1",
  PRACTICE_FASTEST: "PF",
  FP2: "FP2",
  POLEMAN: "Q2",
  SPRINT_FIRST: "SPRINT",
  SPRINT_SECOND: "SPRINT",
  SPRINT_THIRD: "SPRINT",
  RACE_FIRST: "START",
  RACE_SECOND: "START",
  RACE_THIRD: "START",
  POSITION_GAINED: "START",
};

export const categoryPoints: Record<PredictionCategory, number> = {
  FP1: 5,
  PRACTICE_FASTEST: 5,
  FP2: 5,
  POLEMAN: 10,
  SPRINT_FIRST: 15,
  SPRINT_SECOND: 10,
  SPRINT_THIRD: 5,
  RACE_FIRST: 25,
  RACE_SECOND: 15,
  RACE_THIRD: 10,
  POSITION_GAINED: 15,
};

/** Predictions are made on the premier class only (both sides check riders against it). */
export const GAME_CLASS = "MOTOGP" as const;

export const PREDICTIONS_PER_WEEKEND = 11;
export const COMPLETION_REWARD_DIAMONDS = 20;
export const RACE_STARTING_SOON_MINUTES = 15;

export const changeTiers = {
  BEFORE: { cost: 10 },
  EARLY: { cost: 25, minutesAfterStart: 5 },
  LATE: { cost: 50, minutesBeforeEnd: 5 },
} as const;

export const upgradePrices = { PREDICTION: 30, PODIUM: 60, INSURANCE: 40 } as const;
export const INSURANCE_SHARE = 0.5;
export const MULTIPLIER = 2;

export type ChangeTier = keyof typeof changeTiers;

/** Which paid-change tier applies at `now` for a session running [start, end); null = no change allowed. */
export function changeTier(now: Date, start: Date, end: Date): ChangeTier | null {
  const t = now.getTime();
  const s = start.getTime();
  const e = end.getTime();
  if (t < s) return "BEFORE";
  if (t < s + changeTiers.EARLY.minutesAfterStart * 60_000) return "EARLY";
  if (t >= e - changeTiers.LATE.minutesBeforeEnd * 60_000 && t < e) return "LATE";
  return null;
}

const podiumSlot: Partial<Record<PredictionCategory, number>> = {
  SPRINT_FIRST: 0, SPRINT_SECOND: 1, SPRINT_THIRD: 2, RACE_FIRST: 0, RACE_SECOND: 1, RACE_THIRD: 2,
};

/**
 * Points of one pick. `top` is the session's classification, winner first (podium categories read
 * the first three). Exact hit: the category's points; insured podium pick whose rider finished in
 * the top three elsewhere: 50%; the multiplier doubles the result.
 */
export function scorePick(p: { category: PredictionCategory; riderId: string; top: readonly string[]; multiplied?: boolean; insured?: boolean }): number {
  const full = categoryPoints[p.category];
  const slot = podiumSlot[p.category];
  let points = 0;
  if (slot === undefined) points = p.top[0] === p.riderId ? full : 0;
  else if (p.top[slot] === p.riderId) points = full;
  else if (p.insured && p.top.slice(0, 3).includes(p.riderId)) points = full * INSURANCE_SHARE;
  return p.multiplied ? points * MULTIPLIER : points;
}
