// contract/rules.statistics.ts: who sees how others picked, and when.
import { describe, expect, it } from "vitest";
import { categorySpreadView, isSpreadRevealed, mayReadLeagueStatistics } from "../../contract/rules.statistics";

describe("league statistics and the pick spread", () => {
  it("a PRIVATE league's statistics only for its accepted members; other leagues for anyone", () => {
    expect(mayReadLeagueStatistics("PRIVATE", "ACCEPTED")).toBe(true);
    for (const status of [null, "PENDING", "INVITED", "FOLLOWING"] as const)
      expect(mayReadLeagueStatistics("PRIVATE", status)).toBe(false);
    for (const type of ["PUBLIC", "VIP"] as const) expect(mayReadLeagueStatistics(type, null)).toBe(true);
  });

  it("the spread shows from the session's start on", () => {
    const start = Date.parse("2026-06-05T09:00:00Z");
    expect(isSpreadRevealed(start, start - 1)).toBe(false);
    expect(isSpreadRevealed(start, start)).toBe(true);
    expect(isSpreadRevealed(undefined, start)).toBe(false);
  });
});

describe("a statistics answer before the lock says how many picked, not who", () => {
  it("keeps the count, drops the riders, and says so", () => {
    const start = Date.parse("2026-06-05T09:00:00Z");
    const stats = { category: "FP1", total: 1, riders: [{ riderId: "r", count: 1, share: 1 }] };
    expect(categorySpreadView(stats, start, start - 1000)).toEqual({
      category: "FP1",
      total: 1,
      riders: [],
      revealed: false,
    });
    expect(categorySpreadView(stats, start, start + 1000)).toEqual({ ...stats, revealed: true });
  });
});
