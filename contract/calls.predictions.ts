import * as z from "zod";
import { call } from "./calls";
import { Ok, Uuid, VersionQuery } from "./common";
import { PredictionCategory } from "./enums";
import { LeagueReward } from "./leagues";
import {
  ChangePredictionRules,
  PredictionBody,
  PredictionChangeBody,
  PredictionResults,
  PredictionStatistics,
  PredictionTypes,
  RacePrediction,
  UpgradeBody,
} from "./predictions";

/** `?version`: what the client last saw (types list or race); the answer always carries the current one. */
const Version = VersionQuery;

const NOT_FOUND = { 404: ["notFound"] } as const;
/** What a save refuses (docs/api.md "Saving"): the race's version, the riders, the session's time, the confirmed price. */
const SAVE_REFUSED = { 400: ["duplicateRider", "riderNotInRace"], ...NOT_FOUND } as const;

// Spec section 7 "Predictions", paths word for word, plus the upgrade purchase (docs/api.md "Predictions").
// A player only ever reads and writes their own picks; the statistics are counts, never who picked what.
export const predictionsCalls = {
  types: call({
    method: "GET",
    path: "/predictions/types",
    auth: false,
    query: z.object({ version: Version }),
    result: PredictionTypes,
  }),
  /** Frees a slot whose rider has been injured (before its session); any other saved pick answers 409 predictionSaved. */
  remove: call({
    method: "DELETE",
    path: "/predictions/:id",
    auth: true,
    result: Ok,
    errors: { ...NOT_FOUND, 409: ["predictionSaved"], 418: ["predictionExpired"] },
  }),
  race: call({
    method: "GET",
    path: "/predictions/races/:raceId",
    auth: true,
    result: RacePrediction,
    errors: NOT_FOUND,
  }),
  results: call({
    method: "GET",
    path: "/predictions/races/:raceId/results",
    auth: true,
    query: z.object({ version: Version }),
    result: PredictionResults,
    errors: NOT_FOUND,
  }),
  changeRules: call({
    method: "GET",
    path: "/predictions/change-prediction-rules",
    auth: false,
    result: ChangePredictionRules,
  }),
  /**
   * First saves only: a category already saved with another rider answers 409 predictionSaved (use PUT). A late
   * first save answers 418 raceStarted with `sessions`: the started sessions of its new picks (nothing is saved).
   */
  save: call({
    method: "POST",
    path: "/predictions/races/:raceId",
    auth: true,
    body: PredictionBody,
    result: RacePrediction,
    errors: { ...SAVE_REFUSED, 409: ["predictionSaved", "riderInjured", "staleVersion"], 418: ["raceStarted"] },
  }),
  /** First saves and paid changes (with the `change` confirmation); a late first save's 418 raceStarted names `sessions` as POST's does. */
  change: call({
    method: "PUT",
    path: "/predictions/races/:raceId",
    auth: true,
    body: PredictionChangeBody,
    result: RacePrediction,
    errors: {
      ...SAVE_REFUSED,
      402: ["notEnoughDiamonds"],
      409: ["changeConfirmation", "riderInjured", "staleVersion"],
      418: ["predictionExpired", "raceStarted"],
    },
  }),
  statistics: call({
    method: "GET",
    path: "/predictions/statistics/races/:raceId",
    auth: false,
    query: z.object({ typeId: PredictionCategory.optional(), version: Version }),
    result: PredictionStatistics,
    errors: NOT_FOUND,
  }),
  /** The same spread over a league's accepted members only (the league page's statistics); visible to whoever may see the league. */
  leagueStatistics: call({
    method: "GET",
    path: "/predictions/statistics/leagues/:leagueId",
    auth: true,
    query: z.object({ typeId: PredictionCategory.optional(), raceId: Uuid }),
    result: PredictionStatistics,
    // A PRIVATE league's statistics are for its accepted members only (contract/rules.statistics.ts).
    errors: { ...NOT_FOUND, 403: ["forbidden"] },
  }),
  /** The league's place rewards (VIP leagues: merch credit for the top three; other leagues none). */
  leagueRewards: call({
    method: "GET",
    path: "/predictions/statistics/leagues/:leagueId/rewards",
    auth: true,
    query: z.object({ raceId: Uuid.optional() }),
    result: z.array(LeagueReward),
    errors: NOT_FOUND,
  }),
  buyUpgrade: call({
    method: "POST",
    path: "/predictions/races/:raceId/upgrades",
    auth: true,
    body: UpgradeBody,
    result: RacePrediction,
    errors: {
      ...NOT_FOUND,
      402: ["notEnoughDiamonds"],
      409: ["riderInjured", "upgradeActive", "upgradeNeedsPick"],
      418: ["predictionExpired"],
    },
  }),
} as const;
