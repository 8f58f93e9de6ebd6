import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { BetBody, RaceBets } from "../../contract/bets";
import { betsCalls as calls } from "../../contract/calls.bets";
import { request } from "./client";
import { diamondsKeys } from "./diamonds";
import { serverClock } from "./serverClock";

// The bets calls (contract/calls.bets.ts) and their cache entries.

export const getRaceBets = (raceId: string, signal?: AbortSignal) =>
  request(calls.race, { params: { raceId }, query: { isMobile: "false" }, signal });
/** POST /bets/circuits/{raceId}: the bet placed and the race's fresh view. */
export const placeBet = (raceId: string, body: BetBody) => request(calls.place, { params: { raceId }, body });

/** Bets: the player's bets per race, keyed by player (another sign-in never sees them). */
export const betKeys = {
  all: ["bets"] as const,
  race: (userId: string, raceId: string) => ["bets", "race", userId, raceId] as const,
};

/** The race's riders and odds, whether betting is open, and the player's bets on it. */
export const raceBetsQuery = (userId: string, raceId: string) =>
  queryOptions({
    queryKey: betKeys.race(userId, raceId),
    queryFn: async ({ signal }) => {
      const result = await getRaceBets(raceId, signal);
      serverClock.alignTo(result.now);
      return result;
    },
    // Odds, the deadline and the bets' outcomes move: read again whenever the screen mounts.
    staleTime: 0,
  });

/** Nothing is read until a race is chosen. */
export const useRaceBets = (userId: string | undefined, raceId: string | undefined) =>
  useQuery({ ...raceBetsQuery(userId ?? "", raceId ?? ""), enabled: Boolean(userId && raceId) });

/** A placement answers the fresh race view: it goes into the cache, and its balance into the balance entry. */
export function applyRaceBets(client: QueryClient, userId: string, result: RaceBets) {
  serverClock.alignTo(result.now);
  client.setQueryData(betKeys.race(userId, result.raceId), result);
  client.setQueryData(diamondsKeys.balance(userId), { balance: result.balance });
}

/** Every player's bets: a settlement or a refund changes them. */
export const refreshBets = (client: QueryClient) => client.invalidateQueries({ queryKey: betKeys.all });
