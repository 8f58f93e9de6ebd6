import { describe, expect, it } from "vitest";
import { actionReady, checkNewRider, entryBody, type NewRiderDraft } from "../../machines/raceControlAction.machine";

// Race control's one-step actions have their paths walked on the race-control page's Action panel itself
// (tests/views/paths/raceControlAction.paths.test.tsx), with the coverage of every transition and the call each
// sends; these are the rules of who an entry must name and of a new rider, which its paths do not spell out.

const NEW_RIDER: NewRiderDraft = { name: "Lorenzo Savadori", number: "32", teamId: "team-aprilia", country: "IT" };

describe("An action is ready when it names everyone it needs", () => {
  it("a substitute needs the rider and whom they replace (not themselves); a wildcard the rider", () => {
    expect(actionReady({ kind: "confirm", raceId: "r" })).toBe(true);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: null, replaces: "a", newRider: null }),
    ).toBe(false);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "a", replaces: "a", newRider: null }),
    ).toBe(false);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "b", replaces: "a", newRider: null }),
    ).toBe(true);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "WILDCARD", riderId: "b", replaces: null, newRider: null }),
    ).toBe(true);
  });

  it("a new rider needs every field valid by the contract's EntryNewRider; empty fields say required", () => {
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "WILDCARD", riderId: "n", replaces: null, newRider: NEW_RIDER }),
    ).toBe(true);
    expect(
      actionReady({
        kind: "entry",
        raceId: "r",
        role: "WILDCARD",
        riderId: "n",
        replaces: null,
        newRider: { ...NEW_RIDER, name: " " },
      }),
    ).toBe(false);
    const empty = checkNewRider({ name: "", number: "", teamId: "", country: "" });
    expect(empty.ok ? {} : Object.fromEntries(Object.entries(empty.errors).map(([k, e]) => [k, e.code]))).toEqual({
      name: "required",
      number: "required",
      teamId: "required",
      country: "required",
    });
    const wrong = checkNewRider({ ...NEW_RIDER, number: "1000", name: "x".repeat(121) });
    expect(
      wrong.ok ? {} : Object.fromEntries(Object.entries(wrong.errors).map(([k, e]) => [k, [e.code, e.params]])),
    ).toEqual({
      number: ["numberMax", { field: "number", max: 999 }],
      name: ["maxLength", { field: "name", max: 121 }],
    });
  });

  it("the entry's body carries the new rider as the contract has it (the number a number, the name trimmed)", () => {
    expect(
      entryBody({
        kind: "entry",
        raceId: "r",
        role: "WILDCARD",
        riderId: "n",
        replaces: null,
        newRider: { ...NEW_RIDER, name: " Lorenzo Savadori " },
      }),
    ).toEqual({
      role: "WILDCARD",
      riderId: "n",
      newRider: { name: "Lorenzo Savadori", number: 32, teamId: "team-aprilia", country: "IT" },
    });
    expect(
      entryBody({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "b", replaces: "a", newRider: null }),
    ).toEqual({ role: "SUBSTITUTE", riderId: "b", replaces: "a" });
    expect(
      entryBody({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "n", replaces: "a", newRider: NEW_RIDER }),
    ).toEqual({
      role: "SUBSTITUTE",
      riderId: "n",
      replaces: "a",
      newRider: { name: "Lorenzo Savadori", number: 32, teamId: "team-aprilia", country: "IT" },
    });
  });
});
