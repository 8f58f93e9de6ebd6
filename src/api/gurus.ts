import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { gurusCalls as calls } from "../../contract/calls.gurus";
import { request } from "./client";

// The gurus calls (contract/calls.gurus.ts): locked picks of gurus and followed players.

export const gurusKeys = {
  all: ["gurus"] as const,
  followed: (viewer: string, raceId: string) => ["gurus", "followed", viewer, raceId] as const,
  player: (viewer: string, userId: string, raceId: string) => ["gurus", "player", viewer, userId, raceId] as const,
};

/** Picks reveal as sessions start: read again every minute while shown. */
const REFRESH_MS = 60_000;

export const followedPicksQuery = (viewer: string, raceId: string) =>
  queryOptions({
    queryKey: gurusKeys.followed(viewer, raceId),
    queryFn: ({ signal }) => request(calls.followedPicks, { params: { raceId }, signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    placeholderData: keepPreviousData,
  });
export const useFollowedPicks = (viewer: string, raceId: string) => useQuery(followedPicksQuery(viewer, raceId));

export const playerPicksQuery = (viewer: string, userId: string, raceId: string) =>
  queryOptions({
    queryKey: gurusKeys.player(viewer, userId, raceId),
    queryFn: ({ signal }) => request(calls.playerPicks, { params: { id: userId, raceId }, signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
  });
export const usePlayerPicks = (viewer: string, userId: string, raceId: string | undefined) =>
  useQuery({ ...playerPicksQuery(viewer, userId, raceId ?? ""), enabled: Boolean(raceId) });
