import { queryOptions, useQuery } from "@tanstack/react-query";
import type * as z from "zod";
import { API_PREFIX, fillPath } from "../../contract/calls";
import { racesCalls, ridersCalls } from "../../contract/calls.races";
import type { PageQuery } from "../../contract/common";
import type { RaceClass } from "../../contract/enums";
import { ACCEPT_YEAR_HEADER, RiderPerformances, type RidersQuery } from "../../contract/races";
import { currentRaceId, type NextRacesOutcome } from "../../contract/raceRules";
import { apiErrorOf, ApiError, errorBodyFrom } from "./apiError";
import { JITLESS, request } from "./client";
import { readTokens } from "./tokens";

type Class = z.infer<typeof RaceClass>;

// Races, riders and teams (spec section 7). Every answer is parsed by its contract schema in request().

export const getRaces = (query: z.input<typeof PageQuery> = {}, signal?: AbortSignal) =>
  request(racesCalls.list, { query, signal });
export const getNextRaces = (take = 1, signal?: AbortSignal) => request(racesCalls.next, { query: { take }, signal });
export const getTracks = (signal?: AbortSignal) => request(racesCalls.tracks, { signal });
export const getRacesDropdown = (signal?: AbortSignal) => request(racesCalls.dropdown, { signal });
export const getRaceRiders = (id: string, query: { version?: number; raceClass?: Class } = {}, signal?: AbortSignal) =>
  request(racesCalls.riders, { params: { id }, query, signal });

export const getRidersDropdown = (raceClass?: Class, signal?: AbortSignal) =>
  request(ridersCalls.dropdown, { query: { raceClass }, signal });
export const getRiders = (query: z.input<typeof RidersQuery> = {}, signal?: AbortSignal) =>
  request(ridersCalls.list, { query, signal });
export const getRider = (id: string, signal?: AbortSignal) => request(ridersCalls.byId, { params: { id }, signal });
export const getTeams = (query: { version?: number; raceClass?: Class } = {}, signal?: AbortSignal) =>
  request(ridersCalls.teams, { query, signal });
export const getTeamPictures = (id: string, signal?: AbortSignal) =>
  request(ridersCalls.teamPictures, { params: { id }, signal });

/**
 * GET /riders/{id}/performances with the season in the `accept-year` header. request() has no per-call
 * headers, so this public call goes out on its own (no refresh needed: it answers guests the same).
 */
export async function getRiderPerformances(
  id: string,
  year?: number,
  signal?: AbortSignal,
): Promise<RiderPerformances> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (year !== undefined) headers[ACCEPT_YEAR_HEADER] = String(year);
  const { accessToken } = readTokens();
  if (accessToken) headers.authorization = `Bearer ${accessToken}`;
  const origin = globalThis.location?.origin ?? "";
  let response: Response;
  try {
    response = await fetch(`${origin}${API_PREFIX}${fillPath(ridersCalls.performances.path, { id })}`, {
      headers,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw apiErrorOf("somethingWentWrong");
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiError(errorBodyFrom(data, response.status));
  const parsed = RiderPerformances.safeParse((data as { result?: unknown } | undefined)?.result, JITLESS);
  if (!parsed.success) throw apiErrorOf("somethingWentWrong");
  return parsed.data;
}

/** A race's riders of one class, with their odds and whether each can be picked. */
export const raceRidersQuery = (raceId: string, raceClass: Class) =>
  queryOptions({
    queryKey: raceKeys.riders(raceId, raceClass),
    queryFn: ({ signal }) => getRaceRiders(raceId, { raceClass }, signal),
  });
/** Nothing is read until there is a race. */
export const useRaceRiders = (raceId: string | undefined, raceClass: Class) =>
  useQuery({ ...raceRidersQuery(raceId ?? "", raceClass), enabled: Boolean(raceId) });

/** A page of the calendar. */
export const racesQuery = (page: number, take: number) =>
  queryOptions({ queryKey: raceKeys.list(page, take), queryFn: ({ signal }) => getRaces({ page, take }, signal) });
export const useRaces = (page: number, take: number) => useQuery(racesQuery(page, take));

/** The next race (GET /races/next?take=1) for the first-time welcome's deadline. Kept here, not in api/news: the
 *  landing's guru speak show imports that module, and this one would bring the races module (and the shared screens
 *  chunk it lives in) to the landing's first paint. */
export const nextRaceQuery = () =>
  queryOptions({
    queryKey: ["news", "next-race"] as const,
    queryFn: ({ signal }) => getNextRaces(1, signal),
    staleTime: 60_000,
  });
export const useNextRace = () => useQuery(nextRaceQuery());

/** Every race of the season, for race pickers. */
export const racesDropdownQuery = () =>
  queryOptions({ queryKey: raceKeys.dropdown, queryFn: ({ signal }) => getRacesDropdown(signal) });
export const useRacesDropdown = () => useQuery(racesDropdownQuery());

/** The race `list` opens on (see getCurrentRaceId); `listName` says which list it is, null when there is none. */
export const currentRaceQuery = (listName: string, list: readonly { id: string }[]) =>
  queryOptions({
    queryKey: raceKeys.current(listName, list.length),
    queryFn: async ({ signal }) => (await getCurrentRaceId(list, signal)) ?? null,
  });
/** Asked once the list has arrived. */
export const useCurrentRaceId = (listName: string, list: readonly { id: string }[] | undefined) =>
  useQuery({ ...currentRaceQuery(listName, list ?? []), enabled: list !== undefined });

/** The riders of one class, for rider pickers. */
export const ridersDropdownQuery = (raceClass: Class) =>
  queryOptions({
    queryKey: riderKeys.dropdown(raceClass),
    queryFn: ({ signal }) => getRidersDropdown(raceClass, signal),
  });
export const useRidersDropdown = (raceClass: Class) => useQuery(ridersDropdownQuery(raceClass));

export const riderQuery = (id: string) =>
  queryOptions({ queryKey: riderKeys.one(id), queryFn: ({ signal }) => getRider(id, signal) });
export const useRider = (id: string) => useQuery(riderQuery(id));

/** One season of a rider's results; `year` undefined is the current season. */
export const riderPerformancesQuery = (id: string, year: number | undefined) =>
  queryOptions({
    queryKey: riderKeys.performances(id, year),
    queryFn: ({ signal }) => getRiderPerformances(id, year, signal),
  });
export const useRiderPerformances = (id: string, year: number | undefined) =>
  useQuery(riderPerformancesQuery(id, year));

/** The teams of one class with their riders, or of every class when `raceClass` is undefined. */
export const teamsQuery = (raceClass: Class | undefined) =>
  queryOptions({
    queryKey: riderKeys.teams(raceClass ?? "all"),
    queryFn: ({ signal }) => getTeams(raceClass ? { raceClass } : {}, signal),
  });
export const useTeams = (raceClass: Class | undefined, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...teamsQuery(raceClass), enabled });

/**
 * The race a race list opens on (spec section 4): the next race from the next-races call, else the
 * list's first when that call failed, else the list's last (the season is over).
 */
export async function getCurrentRaceId(
  list: readonly { id: string }[],
  signal?: AbortSignal,
): Promise<string | undefined> {
  let outcome: NextRacesOutcome;
  try {
    outcome = { ok: true, races: await getNextRaces(1, signal) };
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    outcome = { ok: false };
  }
  return currentRaceId(list, outcome);
}

/** Races, riders and teams: under ["races"] and ["riders"], read-only calendar data. */
export const raceKeys = {
  all: ["races"] as const,
  list: (page: number, take: number) => ["races", "list", page, take] as const,
  next: (take: number) => ["races", "next", take] as const,
  tracks: ["races", "tracks"] as const,
  dropdown: ["races", "dropdown"] as const,
  /** The race a list opens on (next, else first, else last); `list` names which list it was picked from. */
  current: (list: string, size: number) => ["races", "current", list, size] as const,
  riders: (raceId: string, raceClass: string) => ["races", raceId, "riders", raceClass] as const,
};

export const riderKeys = {
  all: ["riders"] as const,
  list: (query: Record<string, unknown>) => ["riders", "list", query] as const,
  dropdown: (raceClass: string) => ["riders", "dropdown", raceClass] as const,
  one: (id: string) => ["riders", "one", id] as const,
  performances: (id: string, year: number | undefined) =>
    ["riders", "one", id, "performances", year ?? "current"] as const,
  teams: (raceClass: string) => ["riders", "teams", raceClass] as const,
  teamPictures: (id: string) => ["riders", "teams", id, "pictures"] as const,
};
