import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { predictionsCalls } from "../../contract/calls.predictions";
import { resultsCalls as calls } from "../../contract/calls.results";
import { LEADERBOARD_PAGE_SIZE } from "../../contract/results";
import { request } from "./client";
import { isLeagueLeaderboard } from "./leagues";
import { predictionKeys } from "./predictions";
import { riderKeys } from "./races";
import { isPublicProfile } from "./users";

// Results and leaderboards (contract/calls.results.ts; shapes in contract/results.ts), plus the player's own
// scored picks of a race (predictionsCalls.results).

export type BoardPage = { page?: number; take?: number };

/** GET /results/races/{raceId}: the official classifications entered so far (public). */
export const getRaceResults = (raceId: string, signal?: AbortSignal) =>
  request(calls.race, { params: { raceId }, signal });
/** GET /leaderboards/season: a page of the season board; without `season`, the current one. */
export const getSeasonBoard = (query: BoardPage & { season?: number } = {}, signal?: AbortSignal) =>
  request(calls.season, { query, signal });
/** GET /leaderboards/races/{raceId}: a page of one race weekend's board. */
export const getRaceBoard = (raceId: string, query: BoardPage = {}, signal?: AbortSignal) =>
  request(calls.raceBoard, { params: { raceId }, query, signal });
/** GET /predictions/races/{raceId}/results: the signed-in player's picks with their states and points. */
export const getMyRaceResults = (raceId: string, signal?: AbortSignal) =>
  request(predictionsCalls.results, { params: { raceId }, query: {}, signal });

/** Results come in during the weekend: read again when a screen mounts after a minute. */
const RESULTS_STALE_MS = 60_000;

export const raceResultsQuery = (raceId: string) =>
  queryOptions({
    queryKey: resultKeys.race(raceId),
    queryFn: ({ signal }) => getRaceResults(raceId, signal),
    staleTime: RESULTS_STALE_MS,
  });
export const useRaceResults = (raceId: string) => useQuery(raceResultsQuery(raceId));

export const myRaceResultsQuery = (userId: string, raceId: string) =>
  queryOptions({
    queryKey: predictionKeys.results(userId, raceId),
    queryFn: ({ signal }) => getMyRaceResults(raceId, signal),
    staleTime: RESULTS_STALE_MS,
  });
export const useMyRaceResults = (userId: string, raceId: string) => useQuery(myRaceResultsQuery(userId, raceId));

/** `viewer` keys the entry by who asks (`me` differs per player; "" for a guest). */
export const seasonBoardQuery = (viewer: string, page: number, season?: number, take = LEADERBOARD_PAGE_SIZE) =>
  queryOptions({
    queryKey: leaderboardKeys.season(viewer, season, page, take),
    queryFn: ({ signal }) => getSeasonBoard({ season, page, take }, signal),
    staleTime: RESULTS_STALE_MS,
  });

export const raceBoardQuery = (viewer: string, raceId: string, page: number, take = LEADERBOARD_PAGE_SIZE) =>
  queryOptions({
    queryKey: leaderboardKeys.race(viewer, raceId, page, take),
    queryFn: ({ signal }) => getRaceBoard(raceId, { page, take }, signal),
    staleTime: RESULTS_STALE_MS,
  });

// Paged boards keep the last page on screen while the next one loads.
export const useSeasonBoard = (viewer: string, page: number) =>
  useQuery({ ...seasonBoardQuery(viewer, page), placeholderData: keepPreviousData });
export const useRaceBoard = (viewer: string, raceId: string, page: number) =>
  useQuery({ ...raceBoardQuery(viewer, raceId, page), placeholderData: keepPreviousData });

/**
 * Everything a results entry changes: official classifications, every board (season, race, league), the player's
 * scored picks and any profile's statistics. Active screens read again; the rest just go stale.
 */
export async function refreshAfterResults(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: resultKeys.all }),
    client.invalidateQueries({ queryKey: leaderboardKeys.all }),
    client.invalidateQueries({ queryKey: predictionKeys.allResults }),
    client.invalidateQueries({ predicate: isLeagueLeaderboard }),
    client.invalidateQueries({ predicate: isPublicProfile }),
    // A race classification is the riders' result of the round: their pages and performances read it again.
    client.invalidateQueries({ queryKey: riderKeys.all }),
  ]);
}

/** Official classifications: public, the same for every player. */
export const resultKeys = {
  all: ["results"] as const,
  race: (raceId: string) => ["results", "race", raceId] as const,
};

/** Leaderboards: keyed by the viewer too, since each page carries the caller's own row (`me`; "" for a guest). */
export const leaderboardKeys = {
  all: ["leaderboards"] as const,
  season: (viewer: string, season: number | undefined, page: number, take: number) =>
    ["leaderboards", "season", viewer, season ?? "current", page, take] as const,
  race: (viewer: string, raceId: string, page: number, take: number) =>
    ["leaderboards", "race", viewer, raceId, page, take] as const,
};
