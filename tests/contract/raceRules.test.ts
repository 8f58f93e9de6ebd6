import { describe, expect, it } from "vitest";
import { fillPath } from "../../contract/calls";
import { racesCalls, ridersCalls } from "../../contract/calls.races";
import type { RaceEventPayload } from "../../contract/live";
import {
  currentRaceId,
  MAX_ODDS,
  MIN_ODDS,
  oddsFromForm,
  pointsForPosition,
  racedAfter,
  raceStatus,
  type RaceState,
} from "../../contract/raceRules";

const list = [{ id: "r1" }, { id: "r2" }, { id: "r3" }];
const at = (iso: string) => new Date(iso);

describe("the race list's current race (spec section 4)", () => {
  it("is the next race when the next-races call answered one", () => {
    expect(currentRaceId(list, { ok: true, races: [{ id: "r2" }, { id: "r3" }] })).toBe("r2");
  });

  it("is the next race even when it is not on the list's page", () => {
    expect(currentRaceId(list, { ok: true, races: [{ id: "r9" }] })).toBe("r9");
  });

  it("is the first race when the call failed", () => {
    expect(currentRaceId(list, { ok: false })).toBe("r1");
  });

  it("is the last race when the call answered none (the season is over)", () => {
    expect(currentRaceId(list, { ok: true, races: [] })).toBe("r3");
  });

  it("is nothing for an empty list without a next race", () => {
    expect(currentRaceId([], { ok: false })).toBeUndefined();
    expect(currentRaceId([], { ok: true, races: [] })).toBeUndefined();
  });
});

describe("a race's status (game-rules.md)", () => {
  const sessions = [
    { startsAt: "2026-06-05T08:00:00.000Z", endsAt: "2026-06-05T08:45:00.000Z" },
    { startsAt: "2026-06-07T12:00:00.000Z", endsAt: "2026-06-07T12:40:00.000Z" },
  ];

  it("is PENDING until the first session starts", () => {
    expect(raceStatus(at("2026-06-05T07:59:59.999Z"), sessions, false)).toEqual({ status: "PENDING", finished: false });
  });

  it("is STARTED from the first session's start, and finished from the race session's end", () => {
    expect(raceStatus(at("2026-06-05T08:00:00.000Z"), sessions, false)).toEqual({ status: "STARTED", finished: false });
    expect(raceStatus(at("2026-06-07T12:39:59.999Z"), sessions, false)).toEqual({ status: "STARTED", finished: false });
    expect(raceStatus(at("2026-06-07T12:40:00.000Z"), sessions, false)).toEqual({ status: "STARTED", finished: true });
  });

  it("is CANCELED whenever the operator canceled it", () => {
    expect(raceStatus(at("2026-06-01T00:00:00.000Z"), sessions, true).status).toBe("CANCELED");
    expect(raceStatus(at("2026-06-06T00:00:00.000Z"), sessions, true).status).toBe("CANCELED");
    expect(raceStatus(at("2026-06-06T00:00:00.000Z"), [], true).status).toBe("CANCELED");
  });

  it("is PENDING without sessions", () => {
    expect(raceStatus(at("2026-06-06T00:00:00.000Z"), [], false)).toEqual({ status: "PENDING", finished: false });
  });
});

const on = (type: RaceEventPayload["type"], session = "FP1") => ({ type, session });

describe("a race after a race clock event", () => {
  const pending: RaceState = { status: "PENDING", finished: false };
  const started: RaceState = { status: "STARTED", finished: false };

  it("RACE_STARTING_SOON changes nothing: no session has begun yet", () => {
    expect(racedAfter(pending, on("RACE_STARTING_SOON"))).toEqual(pending);
    expect(racedAfter(started, on("RACE_STARTING_SOON", "START"))).toEqual(started);
  });

  it("RACE_STARTED makes a PENDING race STARTED, and a STARTED race stays STARTED", () => {
    expect(racedAfter(pending, on("RACE_STARTED"))).toEqual(started);
    expect(racedAfter(started, on("RACE_STARTED", "START"))).toEqual(started);
    expect(racedAfter({ status: "CANCELED", finished: false }, on("RACE_STARTED"))).toEqual({
      status: "CANCELED",
      finished: false,
    });
  });

  it("RACE_ENDED of START finishes the race, RACE_ENDED of FP1 does not", () => {
    expect(racedAfter(started, on("RACE_ENDED", "START"))).toEqual({ status: "STARTED", finished: true });
    expect(racedAfter(pending, on("RACE_ENDED"))).toEqual(started);
    expect(racedAfter(started, on("RACE_ENDED"))).toEqual(started);
  });

  it("RACE_CANCELED wins over any status, and keeps whether the race session had ended", () => {
    expect(racedAfter(pending, on("RACE_CANCELED"))).toEqual({ status: "CANCELED", finished: false });
    expect(racedAfter(started, on("RACE_CANCELED", "START"))).toEqual({ status: "CANCELED", finished: false });
    expect(racedAfter({ status: "STARTED", finished: true }, on("RACE_CANCELED"))).toEqual({
      status: "CANCELED",
      finished: true,
    });
  });
});

describe("odds from form", () => {
  it("gives the rider in better form the shorter odds, within the bounds", () => {
    const odds = oddsFromForm({ ace: 20, mid: 8, back: 0 });
    expect(odds.ace!).toBeLessThan(odds.mid!);
    expect(odds.mid!).toBeLessThan(odds.back!);
    for (const o of Object.values(odds)) expect(o).toBeGreaterThanOrEqual(MIN_ODDS);
    for (const o of Object.values(odds)) expect(Number.isInteger(Math.round(o * 100))).toBe(true);
  });

  it("keeps the book over 100% (the margin) and equal form at equal odds", () => {
    const odds = oddsFromForm({ a: 5, b: 5, c: 5, d: 5 });
    expect(new Set(Object.values(odds)).size).toBe(1);
    expect(Object.values(odds).reduce((s, o) => s + 1 / o, 0)).toBeGreaterThan(1);
  });

  it("never goes below the minimum or above the maximum", () => {
    expect(oddsFromForm({ solo: 25 }).solo).toBe(MIN_ODDS);
    const field = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`r${i}`, i === 0 ? 25 : 0]));
    expect(Math.max(...Object.values(oddsFromForm(field)))).toBeLessThanOrEqual(MAX_ODDS);
    expect(oddsFromForm({})).toEqual({});
  });

  it("scores championship points by position", () => {
    expect([1, 2, 3, 15, 16].map(pointsForPosition)).toEqual([25, 20, 16, 1, 0]);
    expect(pointsForPosition(null)).toBe(0);
  });
});

describe("the races and riders calls follow spec section 7 word for word", () => {
  it.each([
    [racesCalls.list, "/races"],
    [racesCalls.riders, "/v2/races/:id/riders"],
    [ridersCalls.performances, "/riders/:id/performances"],
    [racesCalls.next, "/races/next"],
    [racesCalls.tracks, "/races/tracks"],
    [ridersCalls.dropdown, "/riders/dropdown"],
    [ridersCalls.list, "/riders"],
    [ridersCalls.byId, "/riders/:id"],
    [ridersCalls.teamPictures, "/riders/teams/:id/pictures"],
    [ridersCalls.teams, "/riders/teams"],
    [racesCalls.dropdown, "/v2/races/dropdown"],
  ])("%#: GET %s", (call, path) => {
    expect(call).toMatchObject({ method: "GET", path, auth: false });
    expect(fillPath(call.path, { id: "x" })).not.toContain(":");
  });
});
