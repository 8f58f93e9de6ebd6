import { queryOptions, useQuery } from "@tanstack/react-query";
import { prizesCalls as calls } from "../../contract/calls.prizes";
import { MAX_PAGE_SIZE } from "../../contract/common";
import type { DrawTicket } from "../../contract/prizeDraw";
import { request } from "./client";

// The prizes calls (contract/calls.prizes.ts) and their cache entries.

export const getPrizes = (signal?: AbortSignal) => request(calls.prizes, { query: {}, signal });

/** Every page of the draw's published ticket list (what anyone checks the draw with). */
export async function getPublishedTickets(season: number, signal?: AbortSignal) {
  const tickets: DrawTicket[] = [];
  for (let page = 1; ; page++) {
    const got = await request(calls.drawTickets, { query: { season, page, take: MAX_PAGE_SIZE }, signal });
    tickets.push(...got.data.map((t) => ({ raceId: t.raceId, userId: t.userId })));
    if (page >= got.pages) return { tickets, draw: got.draw, frozen: got.frozen };
  }
}

/** Keyed by player: the ticket count is the caller's own. */
export const prizeKeys = {
  all: ["prizes"] as const,
  mine: (userId: string) => ["prizes", userId] as const,
};

export const prizesQuery = (userId: string) =>
  queryOptions({ queryKey: prizeKeys.mine(userId), queryFn: ({ signal }) => getPrizes(signal), staleTime: 60_000 });
export const usePrizes = (userId: string) => useQuery(prizesQuery(userId));
