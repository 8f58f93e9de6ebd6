// game-rules.md "Results are provisional until the weekend is confirmed": the 72-hour rule, a weekend's standing, which
// corrections are refused, replayed or made, and which picks a correction changes.
import { describe, expect, it } from "vitest";
import {
  changedPicks,
  CONFIRM_AFTER_HOURS,
  confirmsAt,
  planCorrection,
  pointsMoved,
  ruleConfirms,
  weekendStanding,
} from "../../contract/weekendRules/confirmation";

const HOUR = 3_600_000;
const end = Date.UTC(2026, 4, 31, 13, 40);

describe("the 72-hour rule", () => {
  it("confirms a classified weekend 72 hours after the race session's end, not a moment before", () => {
    expect(CONFIRM_AFTER_HOURS).toBe(72);
    expect(confirmsAt(end)).toBe(end + 72 * HOUR);
    expect(ruleConfirms(end + 72 * HOUR - 1, { raceEndsAt: end, raceClassified: true })).toBe(false);
    expect(ruleConfirms(end + 72 * HOUR, { raceEndsAt: end, raceClassified: true })).toBe(true);
  });
  it("waits for the race's result: an unclassified weekend is never confirmed by the rule", () => {
    expect(ruleConfirms(end + 1000 * HOUR, { raceEndsAt: end, raceClassified: false })).toBe(false);
  });
});

describe("a weekend's standing", () => {
  it("is provisional until confirmed, stored or by the rule (at the rule's time)", () => {
    expect(weekendStanding(end + HOUR, { confirmedAt: null, raceEndsAt: end, raceClassified: true })).toEqual({
      confirmedAt: null,
      provisional: true,
    });
    expect(
      weekendStanding(end + HOUR, { confirmedAt: end + 30 * 60_000, raceEndsAt: end, raceClassified: true }),
    ).toEqual({ confirmedAt: end + 30 * 60_000, provisional: false });
    expect(weekendStanding(end + 100 * HOUR, { confirmedAt: null, raceEndsAt: end, raceClassified: true })).toEqual({
      confirmedAt: end + 72 * HOUR,
      provisional: false,
    });
    expect(
      weekendStanding(end + 100 * HOUR, { confirmedAt: null, raceEndsAt: null, raceClassified: false }).provisional,
    ).toBe(true);
  });
});

describe("planCorrection", () => {
  const entered = { canceled: false, riderIds: ["a", "b", "c"] };
  it("refuses a result not entered, or a canceled session", () => {
    expect(planCorrection(null, ["a"], false)).toEqual({ kind: "refuse", code: "resultsNotEntered" });
    expect(planCorrection({ canceled: true, riderIds: [] }, ["a"], false)).toEqual({
      kind: "refuse",
      code: "resultsNotEntered",
    });
  });
  it("replays the classification that stands, even once confirmed", () => {
    expect(planCorrection(entered, ["a", "b", "c"], true)).toEqual({ kind: "replay" });
  });
  it("corrects until confirmed, refuses after", () => {
    expect(planCorrection(entered, ["b", "a", "c"], false)).toEqual({ kind: "correct" });
    expect(planCorrection(entered, ["b", "a", "c"], true)).toEqual({ kind: "refuse", code: "weekendConfirmed" });
  });
});

describe("changedPicks and pointsMoved", () => {
  it("keeps the picks whose state or points differ once re-scored, with before and after", () => {
    const picks = [
      { id: "1", state: "ACCURATE" as const, points: 50 },
      { id: "2", state: "INACCURATE" as const, points: 0 },
      { id: "3", state: "ACCURATE" as const, points: 10 },
    ];
    const rescored = new Map([
      ["1", { state: "INSURANCE" as const, points: 25 }],
      ["2", { state: "INACCURATE" as const, points: 0 }],
      ["3", { state: "ACCURATE" as const, points: 10.000001 }],
    ]);
    const changes = changedPicks(picks, rescored);
    expect(changes.map((c) => [c.pick.id, c.before, c.after])).toEqual([
      ["1", { state: "ACCURATE", points: 50 }, { state: "INSURANCE", points: 25 }],
    ]);
    expect(pointsMoved(changes)).toBe(-25);
    expect(
      pointsMoved([
        { before: { state: "INACCURATE", points: 0 }, after: { state: "INSURANCE", points: 2.5 } },
        { before: { state: "ACCURATE", points: 5 }, after: { state: "INACCURATE", points: 0 } },
      ]),
    ).toBe(-2.5);
  });
});
