import type { PredictionCategory, SessionType } from "./enums";

// Every number of game-rules.md, in one place. The server serves them; the client reads them
// from the API, never from its own copy.

export const sessionMinutes: Record<SessionType, number> = {
  FP1: 45,
  PF: 60,
  FP2: 30,
  Q1: 15,
  Q2: 15,
  SPRINT: 20,
  START: 40,
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
/** A calendar feed's alarm for missing picks rings this long before the session's lock (its scheduled start). */
export const CALENDAR_ALARM_MINUTES_BEFORE_LOCK = 60;

export const changeTiers = {
  BEFORE: { cost: 10 },
  EARLY: { cost: 25, minutesAfterStart: 5 },
  LATE: { cost: 50, minutesBeforeEnd: 5 },
} as const;

export const upgradePrices = { PREDICTION: 30, PODIUM: 60, INSURANCE: 40 } as const;
export const INSURANCE_SHARE = 0.5;
export const MULTIPLIER = 2;

/** game-rules.md "Bets": the stake's limits, the ACROSS step, and how PLACE and SHOW odds follow WIN odds. */
export const betNumbers = {
  minStake: 30,
  maxStake: 150,
  acrossStep: 3,
  place: { factor: 0.5, plus: 0.5 },
  show: { factor: 0.33, plus: 0.5 },
  minOdds: 1.1,
} as const;

export type ChangeTier = keyof typeof changeTiers;
