import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type * as z from "zod";
import { predictionsCalls as calls } from "../../contract/calls.predictions";
import type { PredictionCategory } from "../../contract/enums";
import type { PredictionChangeBody, RacePrediction, UpgradeBody } from "../../contract/predictions";
import { request } from "./client";
import { diamondsKeys } from "./diamonds";
import { serverClock } from "./serverClock";

// The predictions calls (contract/calls.predictions.ts) and their cache entries.

export const getPredictionTypes = (signal?: AbortSignal) => request(calls.types, { query: {}, signal });
export const getChangeRules = (signal?: AbortSignal) => request(calls.changeRules, { signal });
export const getRacePrediction = (raceId: string, signal?: AbortSignal) =>
  request(calls.race, { params: { raceId }, signal });
/** First saves (POST): a saved category repeated with its own rider is a no-op, another rider a 409; it never charges. */
export const savePredictions = (raceId: string, body: z.input<typeof calls.save.body>) =>
  request(calls.save, { params: { raceId }, body });
/** PUT: paid changes carry the tier and total the player confirmed; a free re-pick of an injured rider carries none. */
export const changePredictions = (raceId: string, body: PredictionChangeBody) =>
  request(calls.change, { params: { raceId }, body });
export const buyUpgrade = (raceId: string, body: UpgradeBody) =>
  request(calls.buyUpgrade, { params: { raceId }, body });

/** The signed-in player's picks for a race, with what they may do now (keyed by player: another sign-in never sees them). */
export const racePredictionQuery = (userId: string, raceId: string) =>
  queryOptions({
    queryKey: predictionKeys.race(userId, raceId),
    queryFn: async ({ signal }) => {
      const result = await getRacePrediction(raceId, signal);
      serverClock.alignTo(result.now);
      return result;
    },
    // The slots' states move with time: read again whenever the screen mounts.
    staleTime: 0,
  });

export const useRacePrediction = (userId: string, raceId: string) => useQuery(racePredictionQuery(userId, raceId));

export const changeRulesQuery = () =>
  queryOptions({ queryKey: predictionKeys.changeRules, queryFn: ({ signal }) => getChangeRules(signal) });

/** Every write answers the fresh race view: it goes into the cache, and its balance into the balance entry. */
export function applyRacePrediction(client: QueryClient, userId: string, result: RacePrediction) {
  serverClock.alignTo(result.now);
  client.setQueryData(predictionKeys.race(userId, result.raceId), result);
  client.setQueryData(diamondsKeys.balance(userId), { balance: result.balance });
}

/** GET /predictions/statistics/leagues/{leagueId}: how the league's accepted members picked in one race. */
export const getLeagueStatistics = (leagueId: string, raceId: string, signal?: AbortSignal) =>
  request(calls.leagueStatistics, { params: { leagueId }, query: { raceId }, signal });

export const leagueStatisticsQuery = (leagueId: string, raceId: string) =>
  queryOptions({
    queryKey: predictionKeys.leagueStatistics(leagueId, raceId),
    queryFn: ({ signal }) => getLeagueStatistics(leagueId, raceId, signal),
  });
/** Nothing is read until a race is chosen. */
export const useLeagueStatistics = (leagueId: string, raceId: string | undefined) =>
  useQuery({ ...leagueStatisticsQuery(leagueId, raceId ?? ""), enabled: Boolean(raceId) });

/** Predictions: the player's picks per race, keyed by player; the change rules are the same for all. */
export const predictionKeys = {
  all: ["predictions"] as const,
  changeRules: ["predictions", "change-rules"] as const,
  races: (userId: string) => ["predictions", "race", userId] as const,
  race: (userId: string, raceId: string) => ["predictions", "race", userId, raceId] as const,
  leagueStatistics: (leagueId: string, raceId: string) =>
    ["predictions", "statistics", "league", leagueId, raceId] as const,
  /** The player's scored picks of a race (GET /predictions/races/{raceId}/results). */
  results: (userId: string, raceId: string) => ["predictions", "results", userId, raceId] as const,
  /** Every player's scored picks: a results entry changes them all. */
  allResults: ["predictions", "results"] as const,
};

/** GET /predictions/statistics/races/{raceId}?typeId: how the crowd picked one category (the spread only once its session started). */
export const getRaceStatistics = (raceId: string, typeId: PredictionCategory, signal?: AbortSignal) =>
  request(calls.statistics, { params: { raceId }, query: { typeId }, signal });

/** One category's crowd statistics of a race (the PredictionRider modal). */
export const raceStatisticsQuery = (raceId: string, typeId: PredictionCategory) =>
  queryOptions({
    queryKey: ["predictions", "statistics", "race", raceId, typeId] as const,
    queryFn: ({ signal }) => getRaceStatistics(raceId, typeId, signal),
    // The spread appears the moment the session starts: read again on every opening.
    staleTime: 0,
  });
export const useRaceStatistics = (raceId: string, typeId: PredictionCategory) =>
  useQuery(raceStatisticsQuery(raceId, typeId));
