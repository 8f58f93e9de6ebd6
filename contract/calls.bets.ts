import { call } from "./calls";
import { BetBody, BetPlaced, DemoBets, DemoBetsBody, OddsBody, RaceBets, RaceBetsQuery, RaceOdds } from "./bets";

const NOT_FOUND = { 404: ["notFound"] } as const;

// Spec section 7 "Bets", paths word for word (docs/api.md "Bets"). A player reads and places only their own bets.
export const betsCalls = {
  race: call({
    method: "GET",
    path: "/v2/bets/circuits/:raceId",
    auth: true,
    query: RaceBetsQuery,
    result: RaceBets,
    errors: NOT_FOUND,
  }),
  /**
   * Refusals of contract/betRules.ts `planBet`, in its order; a body outside the contract (an unknown type, a stake
   * off 30–150) answers 400 betIncorrect too.
   */
  place: call({
    method: "POST",
    path: "/bets/circuits/:raceId",
    auth: true,
    body: BetBody,
    result: BetPlaced,
    errors: {
      400: ["betIncorrect"],
      402: ["notEnoughDiamonds"],
      ...NOT_FOUND,
      409: ["betAlreadyPlaced", "noRidersForBetting", "riderInjured"],
      418: ["betExpired"],
    },
  }),
} as const;

/** Operators (the x-admin-token header): a race's WIN odds. */
export const adminBetsCalls = {
  setOdds: call({
    method: "POST",
    path: "/admin/races/:raceId/odds",
    auth: false,
    body: OddsBody,
    result: RaceOdds,
    errors: { 400: ["riderNotInRace"], ...NOT_FOUND },
  }),
} as const;

/** Development only: the simulator's demo players bet too. */
export const devBetsCalls = {
  /** 418 betExpired once the race session has started; 409 when no rider can be bet on. */
  demoBets: call({
    method: "POST",
    path: "/dev/demo-bets",
    auth: false,
    body: DemoBetsBody,
    result: DemoBets,
    errors: { ...NOT_FOUND, 409: ["noRidersForBetting"], 418: ["betExpired"] },
  }),
} as const;
