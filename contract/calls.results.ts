import { call } from "./calls";
import {
  InjuryBody,
  InjuryReport,
  Leaderboard,
  RaceBoardQuery,
  RaceResults,
  ResultBody,
  SeasonBoardQuery,
  SettlementReport,
} from "./results";

/** Operators authenticate with this header (the server's ADMIN_TOKEN); players' tokens never open admin calls. */
export const ADMIN_TOKEN_HEADER = "x-admin-token";

// Results and leaderboards (not among spec section 7's paths, which name the routes /results and
// /leaderboards only). Boards and classifications are public like the calendar; `me` needs a bearer token.
const NOT_FOUND = { 404: ["notFound"] } as const;

export const resultsCalls = {
  race: call({ method: "GET", path: "/results/races/:raceId", auth: false, result: RaceResults, errors: NOT_FOUND }),
  /** 404 while the calendar holds no season at all. */
  season: call({
    method: "GET",
    path: "/leaderboards/season",
    auth: false,
    query: SeasonBoardQuery,
    result: Leaderboard,
    errors: NOT_FOUND,
  }),
  raceBoard: call({
    method: "GET",
    path: "/leaderboards/races/:raceId",
    auth: false,
    query: RaceBoardQuery,
    result: Leaderboard,
    errors: NOT_FOUND,
  }),
} as const;

// Operator calls: `auth: false` because they take the admin header instead of a player's bearer token.
export const adminCalls = {
  enterResult: call({
    method: "POST",
    path: "/admin/races/:raceId/results",
    auth: false,
    body: ResultBody,
    result: SettlementReport,
    errors: {
      400: ["classificationInvalid"],
      ...NOT_FOUND,
      409: ["resultsSettled", "sessionNotEnded", "weekendConfirmed"],
    },
  }),
  injure: call({
    method: "POST",
    path: "/admin/riders/:riderId/injury",
    auth: false,
    body: InjuryBody,
    result: InjuryReport,
    errors: NOT_FOUND,
  }),
} as const;
