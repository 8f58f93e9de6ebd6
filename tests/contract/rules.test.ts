import { describe, expect, it } from "vitest";
import { changeTier, changeTiers, scorePick } from "../../contract/rules";

describe("Change Predictions (paid): tier from time and session schedule", () => {
  const start = new Date("2026-06-01T12:00:00Z");
  const end = new Date("2026-06-01T12:40:00Z");
  const at = (ms: number) => new Date(start.getTime() + ms);
  const min = 60_000;
  it("BEFORE up to one second before the start", () => expect(changeTier(at(-1000), start, end)).toBe("BEFORE"));
  it("EARLY from the start for 5 minutes", () => {
    expect(changeTier(at(0), start, end)).toBe("EARLY");
    expect(changeTier(at(5 * min - 1000), start, end)).toBe("EARLY");
  });
  it("no change between the tiers", () => {
    expect(changeTier(at(5 * min + 1000), start, end)).toBeNull();
    expect(changeTier(at(35 * min - 1000), start, end)).toBeNull();
  });
  it("LATE in the last 5 minutes, none after the end", () => {
    expect(changeTier(at(35 * min), start, end)).toBe("LATE");
    expect(changeTier(at(40 * min - 1000), start, end)).toBe("LATE");
    expect(changeTier(at(40 * min + 1000), start, end)).toBeNull();
  });
  it("costs are 10, 25 and 50 diamonds", () =>
    expect([changeTiers.BEFORE.cost, changeTiers.EARLY.cost, changeTiers.LATE.cost]).toEqual([10, 25, 50]));
});

describe("Points and Upgrades: scoring of a pick", () => {
  const top = ["a", "b", "c", "d"];
  it("exact hit earns the category's points, a miss none", () => {
    expect(scorePick({ category: "RACE_FIRST", riderId: "a", top })).toBe(25);
    expect(scorePick({ category: "POLEMAN", riderId: "b", top })).toBe(0);
  });
  it("insurance pays 50% for a top-three rider elsewhere, nothing outside the podium", () => {
    expect(scorePick({ category: "RACE_SECOND", riderId: "a", top, insured: true })).toBe(7.5);
    expect(scorePick({ category: "RACE_SECOND", riderId: "a", top })).toBe(0);
    expect(scorePick({ category: "RACE_SECOND", riderId: "d", top, insured: true })).toBe(0);
  });
  it("the multiplier doubles", () => expect(scorePick({ category: "SPRINT_FIRST", riderId: "a", top, multiplied: true })).toBe(30));
});
