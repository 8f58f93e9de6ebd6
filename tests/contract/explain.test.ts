// Why each point (contract/weekendRules/explain.ts): one describe per rule of game-rules.md "Points", each step
// carrying the numbers the rule used, and its last points the pick's.
import { describe, expect, it } from "vitest";
import {
  classificationOf,
  correctionPlaces,
  explainPick,
  wasCorrected,
  type ExplainPick,
} from "../../contract/weekendRules/explain";
import { settle } from "../../contract/weekendRules/scoring";

const top = { canceled: false as const, top: ["a", "b", "c", "d"] };
const pick = (
  category: ExplainPick["category"],
  riderId: string,
  upgrades: ExplainPick["upgrades"] = [],
  riderAvailable = true,
): ExplainPick => ({ category, riderId, upgrades, riderAvailable });

describe("exact: the rider finished where picked earns the category's points", () => {
  it("a podium place: finished P2, picked P2: 15", () => {
    expect(explainPick(pick("RACE_SECOND", "b"), top)).toEqual({
      steps: [{ key: "exact", finished: 2, picked: 2, points: 15 }],
      state: "ACCURATE",
      points: 15,
    });
  });
  it("a winner category (pole, practice, positions gained) reads P1", () => {
    expect(explainPick(pick("POLEMAN", "a"), top).steps).toEqual([
      { key: "exact", finished: 1, picked: 1, points: 10 },
    ]);
    expect(explainPick(pick("POSITION_GAINED", "a"), top).points).toBe(15);
  });
});

describe("missed: a rider who finished anywhere else earns nothing (there are no points for being close)", () => {
  it("finished P2, picked P1: 0; on the podium without insurance too", () => {
    expect(explainPick(pick("RACE_FIRST", "b"), top)).toEqual({
      steps: [{ key: "missed", finished: 2, picked: 1, points: 0 }],
      state: "INACCURATE",
      points: 0,
    });
    expect(explainPick(pick("SPRINT_THIRD", "a"), top).steps).toEqual([
      { key: "missed", finished: 1, picked: 3, points: 0 },
    ]);
  });
});

describe("insurance: an insured podium pick in the top three elsewhere earns 50% of its slot", () => {
  it("finished P1, picked P3: 50% of 10 = 5", () => {
    expect(explainPick(pick("RACE_THIRD", "a", ["PREDICTION_INSURANCE_RACE"]), top)).toEqual({
      steps: [{ key: "insurance", finished: 1, picked: 3, share: 50, base: 10, points: 5 }],
      state: "INSURANCE",
      points: 5,
    });
  });
  it("outside the top three insurance pays nothing", () => {
    expect(explainPick(pick("RACE_THIRD", "d", ["PREDICTION_INSURANCE_RACE"]), top).steps).toEqual([
      { key: "missed", finished: 4, picked: 3, points: 0 },
    ]);
  });
  it("an exact insured pick is simply exact", () => {
    expect(explainPick(pick("SPRINT_FIRST", "a", ["PREDICTION_INSURANCE_SPRINT"]), top).steps).toEqual([
      { key: "exact", finished: 1, picked: 1, points: 15 },
    ]);
  });
});

describe("multipliers: the category's ×2 or its podium's ×2 doubles what the pick earned", () => {
  it("exact then ×2: 15, then 30", () => {
    expect(explainPick(pick("SPRINT_FIRST", "a", ["PREDICTION"]), top).steps).toEqual([
      { key: "exact", finished: 1, picked: 1, points: 15 },
      { key: "multiplier", factor: 2, points: 30 },
    ]);
  });
  it("the podium multiplier on insurance: 50% of 25 = 12.5, ×2 = 25", () => {
    const e = explainPick(pick("RACE_FIRST", "c", ["PREDICTION_RACE", "PREDICTION_INSURANCE_RACE"]), top);
    expect(e.steps).toEqual([
      { key: "insurance", finished: 3, picked: 1, share: 50, base: 25, points: 12.5 },
      { key: "multiplier", factor: 2, points: 25 },
    ]);
    expect(e.points).toBe(25);
  });
  it("doubling nothing is still nothing, and says so", () => {
    expect(explainPick(pick("FP1", "b", ["PREDICTION"]), top).steps.at(-1)).toEqual({
      key: "multiplier",
      factor: 2,
      points: 0,
    });
  });
});

describe("not classified: a rider missing from the classification earns nothing", () => {
  it("picked P1, not classified: 0", () => {
    expect(explainPick(pick("RACE_FIRST", "z"), top)).toEqual({
      steps: [{ key: "notClassified", picked: 1, points: 0 }],
      state: "INACCURATE",
      points: 0,
    });
  });
});

describe("injured or off the entry list: a pick never replaced on a rider out of the race earns nothing", () => {
  it("says the rider was out rather than unclassified", () => {
    expect(explainPick(pick("FP2", "z", [], false), top).steps).toEqual([{ key: "riderOut", picked: 1, points: 0 }]);
  });
  it("a rider who still made the classification is scored as any other", () => {
    expect(explainPick(pick("FP2", "a", [], false), top).steps).toEqual([
      { key: "exact", finished: 1, picked: 1, points: 5 },
    ]);
  });
});

describe("canceled: a canceled session scores nothing, whatever the upgrades", () => {
  it("one step, CANCELED, 0, as settle gives it", () => {
    const e = explainPick(pick("RACE_FIRST", "a", ["PREDICTION_RACE"]), { canceled: true });
    expect(e).toEqual({ steps: [{ key: "canceled", points: 0 }], state: "CANCELED", points: 0 });
    expect(
      settle([{ id: "x", category: "RACE_FIRST", riderId: "a", upgrades: ["PREDICTION_RACE"], settledAt: null }], {
        START: { canceled: true },
      }),
    ).toEqual([{ id: "x", state: "CANCELED", points: 0 }]);
  });
});

describe("waiting: no classification yet, no points yet", () => {
  it("is MADE with null points", () => {
    expect(explainPick(pick("FP1", "a"), undefined)).toEqual({
      steps: [{ key: "waiting" }],
      state: "MADE",
      points: null,
    });
  });
});

describe("the official classification as the results read gives it", () => {
  it("maps riderIds and canceled to scoring's classification", () => {
    expect(classificationOf(undefined)).toBeUndefined();
    expect(classificationOf({ canceled: true, riderIds: [] })).toEqual({ canceled: true });
    expect(classificationOf({ canceled: false, riderIds: ["a"] })).toEqual({ canceled: false, top: ["a"] });
  });
});

describe("corrections: a pick whose state or points moved shows its before", () => {
  it("moved when either differs; unchanged or absent is not a correction", () => {
    const now = { state: "ACCURATE" as const, points: 15 };
    expect(wasCorrected({ state: "INACCURATE", points: 0 }, now)).toBe(true);
    expect(wasCorrected({ state: "ACCURATE", points: 30 }, now)).toBe(true);
    expect(wasCorrected({ state: "ACCURATE", points: 15 }, now)).toBe(false);
    expect(wasCorrected(null, now)).toBe(false);
    expect(wasCorrected(undefined, now)).toBe(false);
  });
});

describe("a correction says where the picked rider stood before and stands now", () => {
  const standing = { canceled: false, riderIds: ["r1", "r2", "r3"] };
  it("gives both places when the place before is known, null for a rider not classified", () => {
    expect(correctionPlaces({ finished: 1 }, "r3", standing)).toEqual({ before: 1, now: 3 });
    expect(correctionPlaces({ finished: null }, "r2", standing)).toEqual({ before: null, now: 2 });
    expect(correctionPlaces({ finished: 2 }, "r9", standing)).toEqual({ before: 2, now: null });
  });
  it("gives none when the place before is unknown or the classification is canceled or not at hand", () => {
    expect(correctionPlaces({}, "r1", standing)).toBeNull();
    expect(correctionPlaces({ finished: 1 }, "r1", { canceled: true, riderIds: [] })).toBeNull();
    expect(correctionPlaces({ finished: 1 }, "r1", undefined)).toBeNull();
  });
});
