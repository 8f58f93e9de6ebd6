import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { RaceEventPayload } from "../../contract/live";
import { racedAfter, type RaceState } from "../../contract/raceRules";
import type { RaceRiders } from "../../contract/races";
import { mapRaceIn, type CachedRace } from "./calendarAnswers";
import { serverClock } from "./serverClock";
import { raceKeys } from "./races";

// The race clock's live events reach every open screen in the same second: at a lock, thousands of tabs. Each applies
// what the event says to its cache instead of asking the server again: a session that started is already closed by
// the rules from the times the cache holds (the server-aligned clock), and the race's status follows the event by the
// contract's rule. What only the server knows (a cancellation's refunds, the riders after an entry changed) is read
// again, each tab at a moment of its own within RE_READ_SPREAD_MS, so the reads reach the server spread out instead of
// as one burst. The event's `at` is the server's clock at the moment it was sent: the tab aligns to it, as it does to
// an answer's `now`, so a clock moved ahead (the dev clock, a phone minutes behind) closes the session without a read.

/** Over how long the re-reads a race event calls for are spread. */
export const RE_READ_SPREAD_MS = 8_000;

type Options = { spreadMs?: number; random?: () => number; schedule?: (run: () => void, ms: number) => void };

/** Any of the calendar's answers (a page of races, a list, the dropdown) with the event applied. */
export const racedRaces = (data: unknown, event: RaceEventPayload): unknown =>
  mapRaceIn(data, event.raceId, (race) => ({ ...race, ...racedAfter(race as CachedRace & RaceState, event) }));

/** The queries a race event leaves to the server, by what the cache holds: empty for a plain start or end. */
export function reReadsFor(
  client: QueryClient,
  event: RaceEventPayload,
  own: readonly QueryKey[],
  ownOn: readonly RaceEventPayload["type"][],
): QueryKey[] {
  const keys: QueryKey[] = [];
  const riders = client.getQueriesData<RaceRiders>({ queryKey: ["races", event.raceId, "riders"] });
  if (event.type === "RACE_CANCELED" || riders.some(([, data]) => data && data.version !== event.version))
    keys.push(["races", event.raceId, "riders"]);
  if (event.type === "RACE_CANCELED" || ownOn.includes(event.type)) keys.push(...own);
  return keys;
}

/**
 * Applies a race clock event: the server's clock it was sent at, the race's status in every cached calendar answer (marked stale for the next reading,
 * not read now), and the re-reads `reReadsFor` names, each after a random delay within the spread.
 * `own` are the caller's queries about the race; `ownOn` the events besides a cancellation that change them.
 */
export function applyRaceEvent(
  client: QueryClient,
  event: RaceEventPayload,
  own: readonly QueryKey[],
  ownOn: readonly RaceEventPayload["type"][],
  options: Options = {},
): void {
  const {
    spreadMs = RE_READ_SPREAD_MS,
    random = Math.random,
    schedule = (run, ms) => void setTimeout(run, ms),
  } = options;
  serverClock.alignTo(event.at);
  for (const queryKey of [raceKeys.all, ["news", "next-race"]]) {
    client.setQueriesData({ queryKey, predicate: (q) => q.queryKey[2] !== "riders" }, (data: unknown) =>
      racedRaces(data, event),
    );
    void client.invalidateQueries({ queryKey, refetchType: "none" });
  }
  for (const queryKey of reReadsFor(client, event, own, ownOn)) {
    schedule(() => void client.invalidateQueries({ queryKey }), Math.floor(random() * spreadMs));
  }
}
