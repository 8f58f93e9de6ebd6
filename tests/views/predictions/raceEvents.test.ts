// The race clock's events at an open screen (src/api/raceEvents.ts): applied to the cache, with the reads that only
// the server can answer spread out instead of all at once.
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { RaceEventPayload } from "../../../contract/live";
import { applyRaceEvent, RE_READ_SPREAD_MS } from "../../../src/api/raceEvents";
import { serverClock } from "../../../src/api/serverClock";
import { raceKeys } from "../../../src/api/races";

const RACE = "11111111-1111-4111-8111-111111111111";
const OTHER = "22222222-2222-4222-8222-222222222222";
const OWN = ["predictions", "race", "me", RACE] as const;

const event = (type: RaceEventPayload["type"], session = "FP1", version = 3): RaceEventPayload => ({
  type,
  raceId: RACE,
  sessionId: "33333333-3333-4333-8333-333333333333",
  session,
  raceName: "Grand Prix",
  circuitType: "ROAD",
  version,
  at: new Date().toISOString(),
});

function cache() {
  const client = new QueryClient();
  client.setQueryData(raceKeys.list(1, 100), {
    data: [
      { id: RACE, status: "PENDING", finished: false },
      { id: OTHER, status: "PENDING", finished: false },
    ],
    page: 1,
    pages: 1,
    count: 2,
  });
  client.setQueryData(raceKeys.dropdown, [{ id: RACE, status: "PENDING", finished: false }]);
  client.setQueryData(raceKeys.riders(RACE, "MOTOGP"), { raceId: RACE, version: 3, riders: [] });
  client.setQueryData(OWN, { raceId: RACE });
  return client;
}

/** Runs applyRaceEvent with the re-reads recorded instead of scheduled. */
function apply(
  client: QueryClient,
  e: RaceEventPayload,
  ownOn: RaceEventPayload["type"][] = ["RACE_ENDED"],
  random = () => 0.5,
) {
  const scheduled: number[] = [];
  const runs: (() => void)[] = [];
  applyRaceEvent(client, e, [OWN], ownOn, { random, schedule: (run, ms) => (scheduled.push(ms), runs.push(run)) });
  return { scheduled, run: () => runs.forEach((r) => r()) };
}

const statusOf = (client: QueryClient, id = RACE) =>
  client
    .getQueryData<{ data: { id: string; status: string; finished: boolean }[] }>(raceKeys.list(1, 100))!
    .data.find((r) => r.id === id)!;

describe("a session that starts: nothing is read again", () => {
  it("the race reads STARTED in every calendar answer, the other races as they were, and no request is scheduled", () => {
    const client = cache();
    const { scheduled } = apply(client, event("RACE_STARTED"));
    expect(statusOf(client).status).toBe("STARTED");
    expect(statusOf(client, OTHER).status).toBe("PENDING");
    expect(client.getQueryData<{ status: string }[]>(raceKeys.dropdown)![0]!.status).toBe("STARTED");
    expect(scheduled).toEqual([]);
    // Stale for the next screen that reads it, not read now.
    expect(client.getQueryState(raceKeys.list(1, 100))!.isInvalidated).toBe(true);
    expect(client.getQueryState(OWN)!.isInvalidated).toBe(false);
  });

  it("a session starting soon changes no status", () => {
    const client = cache();
    expect(apply(client, event("RACE_STARTING_SOON")).scheduled).toEqual([]);
    expect(statusOf(client).status).toBe("PENDING");
  });
});

describe("what only the server knows is read again, at a moment of each tab's own", () => {
  it("a race's entry list changed (a new version): its riders, after a delay within the spread", () => {
    const client = cache();
    const { scheduled, run } = apply(client, event("RACE_STARTED", "FP1", 4), [], () => 0.25);
    expect(scheduled).toEqual([Math.floor(0.25 * RE_READ_SPREAD_MS)]);
    run();
    expect(client.getQueryState(raceKeys.riders(RACE, "MOTOGP"))!.isInvalidated).toBe(true);
    expect(client.getQueryState(OWN)!.isInvalidated).toBe(false);
  });

  it("a cancellation: the race reads CANCELED, and the riders and the player's own data are read again, spread", () => {
    const client = cache();
    let r = 0;
    const { scheduled, run } = apply(client, event("RACE_CANCELED"), [], () => [0.1, 0.9][r++]!);
    expect(statusOf(client).status).toBe("CANCELED");
    expect(scheduled).toEqual([Math.floor(0.1 * RE_READ_SPREAD_MS), Math.floor(0.9 * RE_READ_SPREAD_MS)]);
    run();
    expect(client.getQueryState(OWN)!.isInvalidated).toBe(true);
  });

  it("the race session's end: finished, and the caller's own data read again when it asked for that event", () => {
    const client = cache();
    const { scheduled } = apply(client, event("RACE_ENDED", "START"));
    expect(statusOf(client)).toMatchObject({ status: "STARTED", finished: true });
    expect(scheduled).toHaveLength(1);
    expect(apply(cache(), event("RACE_ENDED", "FP1"), []).scheduled).toEqual([]);
  });
});

describe("the event's moment is the server's clock", () => {
  it("a tab whose clock is behind aligns to the event's `at`, as to an answer's `now`", () => {
    const ahead = Date.now() + 2 * 60_000;
    apply(cache(), { ...event("RACE_STARTED"), at: new Date(ahead).toISOString() });
    expect(Math.abs(serverClock.now() - ahead)).toBeLessThan(1000);
    serverClock.alignTo(new Date().toISOString());
  });
});
