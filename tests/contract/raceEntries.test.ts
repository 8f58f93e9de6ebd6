// contract/raceEntries.ts: who rides a race given the season's riders, their fitness and the race's entries, and
// what an operator's entry may add (game-rules.md "The entry list changes").
import { describe, expect, it } from "vitest";
import {
  entryTarget,
  planEntry,
  raceRoster,
  riderInRace,
  type RaceEntry,
  type RosterRider,
} from "../../contract/raceEntries";

const rider = (id: string, more: Partial<RosterRider> = {}): RosterRider => ({
  id,
  raceClass: "MOTOGP",
  status: "ACTIVE",
  role: "MAIN",
  ...more,
});
const season = [
  rider("a"),
  rider("b"),
  rider("c", { status: "INJURED" }),
  rider("sub", { role: "SUBSTITUTE" }),
  rider("m2", { raceClass: "MOTO2" }),
  rider("new", { role: "WILDCARD" }),
  rider("gone", { removed: true }),
];
const entryOnly = new Set(["new"]);

describe("raceRoster", () => {
  it("is the season's list of the class when the race has no entries; injured riders listed, not available", () => {
    const roster = raceRoster({ riders: season, entries: [], entryOnly });
    expect([...roster.keys()]).toEqual(["a", "b", "c", "sub"]);
    expect(roster.get("c")).toMatchObject({ available: false, role: "MAIN", entered: false });
    expect(roster.get("sub")).toMatchObject({ available: true, role: "SUBSTITUTE" });
  });

  it("adds the race's entries with their role there, and makes the rider replaced unavailable", () => {
    const entries: RaceEntry[] = [
      { riderId: "new", role: "SUBSTITUTE", replaces: "a" },
      { riderId: "m2", role: "WILDCARD", replaces: null },
    ];
    const roster = raceRoster({ riders: season, entries, entryOnly });
    expect(roster.get("new")).toEqual({ role: "SUBSTITUTE", replaces: "a", available: true, entered: true });
    expect(roster.get("m2")).toEqual({ role: "WILDCARD", replaces: null, available: true, entered: true });
    expect(roster.get("a")).toMatchObject({ available: false });
    expect(riderInRace(roster, "a")).toEqual({ raceClass: "MOTOGP", status: "INJURED" });
    expect(riderInRace(roster, "m2")).toEqual({ raceClass: "MOTOGP", status: "ACTIVE" });
    expect(riderInRace(roster, "gone")).toBeUndefined();
  });

  it("lists another class without the game's entries", () => {
    expect([...raceRoster({ riders: season, entries: [], entryOnly, raceClass: "MOTO2" }).keys()]).toEqual(["m2"]);
  });
});

describe("planEntry", () => {
  const now = 1_000;
  const base = {
    now,
    raceStart: 2_000,
    canceled: false,
    roster: raceRoster({ riders: season, entries: [], entryOnly }),
    entries: [] as RaceEntry[],
  };

  it("allows a substitute for a rider of the race, and a wildcard not on the list", () => {
    expect(planEntry({ ...base, body: { role: "SUBSTITUTE", riderId: "new", replaces: "a" } })).toEqual({
      ok: true,
      value: { replayed: false, entry: { riderId: "new", role: "SUBSTITUTE", replaces: "a" } },
    });
    expect(planEntry({ ...base, body: { role: "WILDCARD", riderId: "m2" } })).toMatchObject({
      ok: true,
      value: { replayed: false, entry: { replaces: null } },
    });
  });

  it("refuses at or after the race session's start, or in a canceled race", () => {
    const body = { role: "WILDCARD" as const, riderId: "m2" };
    expect(planEntry({ ...base, now: 2_000, body })).toEqual({
      ok: false,
      refusal: { status: 409, code: "raceStarted" },
    });
    expect(planEntry({ ...base, canceled: true, body })).toMatchObject({ ok: false, refusal: { code: "raceStarted" } });
    expect(planEntry({ ...base, raceStart: undefined, body })).toMatchObject({
      ok: false,
      refusal: { code: "raceStarted" },
    });
  });

  it("refuses a rider already riding, a second substitute for one rider, and a rider replaced who does not ride", () => {
    expect(planEntry({ ...base, body: { role: "WILDCARD", riderId: "b" } })).toMatchObject({
      ok: false,
      refusal: { status: 409, code: "riderOnEntryList" },
    });
    const entries: RaceEntry[] = [{ riderId: "new", role: "SUBSTITUTE", replaces: "a" }];
    const roster = raceRoster({ riders: season, entries, entryOnly });
    expect(
      planEntry({ ...base, roster, entries, body: { role: "SUBSTITUTE", riderId: "m2", replaces: "a" } }),
    ).toMatchObject({ ok: false, refusal: { code: "riderOnEntryList" } });
    expect(planEntry({ ...base, roster, entries, body: { role: "WILDCARD", riderId: "new" } })).toMatchObject({
      ok: false,
      refusal: { code: "riderOnEntryList" },
    });
    expect(planEntry({ ...base, body: { role: "SUBSTITUTE", riderId: "new", replaces: "m2" } })).toMatchObject({
      ok: false,
      refusal: { status: 404, code: "notFound" },
    });
    expect(planEntry({ ...base, body: { role: "SUBSTITUTE", riderId: "a", replaces: "a" } })).toMatchObject({
      ok: false,
      refusal: { code: "riderOnEntryList" },
    });
  });

  it("answers the same entry again as a replay, even after the start", () => {
    const entries: RaceEntry[] = [{ riderId: "new", role: "SUBSTITUTE", replaces: "a" }];
    const roster = raceRoster({ riders: season, entries, entryOnly });
    expect(
      planEntry({ ...base, now: 5_000, roster, entries, body: { role: "SUBSTITUTE", riderId: "new", replaces: "a" } }),
    ).toMatchObject({ ok: true, value: { replayed: true } });
  });

  it("names the audit line's target by race numbers", () => {
    expect(entryTarget({ number: 41 }, { number: 93 })).toBe("#93 → #41");
    expect(entryTarget({ number: 41 })).toBe("#41");
  });
});
