// game-rules.md "Sessions move": the pure rule of what may move (contract/weekendRules/moves.ts).
import { describe, expect, it } from "vitest";
import { firstStart, planMove, relativeMs, type MoveSession } from "../../contract/weekendRules/moves";

const M = 60_000;
const T = Date.parse("2026-06-05T08:45:00Z");
// FP1 08:45–09:30, PF 13:00–14:00, START on Sunday.
const weekend: MoveSession[] = [
  { type: "PF", startsAt: T + 255 * M, endsAt: T + 315 * M, canceled: false },
  { type: "FP1", startsAt: T, endsAt: T + 45 * M, canceled: false },
  { type: "START", startsAt: T + 2 * 1440 * M, endsAt: T + 2 * 1440 * M + 40 * M, canceled: false },
];

describe("planMove", () => {
  it("delays or advances a session not started, keeping its length when only the start is given", () => {
    expect(planMove(T - 60 * M, weekend, "FP1", { startsAt: T + 30 * M })).toEqual({
      ok: true,
      replayed: false,
      before: { startsAt: T, endsAt: T + 45 * M },
      after: { startsAt: T + 30 * M, endsAt: T + 75 * M },
    });
    expect(planMove(T - 60 * M, weekend, "FP1", { startsAt: T - 30 * M, endsAt: T })).toMatchObject({
      ok: true,
      after: { startsAt: T - 30 * M, endsAt: T },
    });
  });

  it("the same times again are a replay, whatever the clock says since", () => {
    expect(planMove(T + 10 * M, weekend, "FP1", { startsAt: T })).toMatchObject({ ok: true, replayed: true });
    expect(planMove(T + 10 * M, weekend, "FP1", { endsAt: T + 45 * M })).toMatchObject({ ok: true, replayed: true });
  });

  it("extends a running session's end, and nothing else of it", () => {
    expect(planMove(T + 10 * M, weekend, "FP1", { endsAt: T + 65 * M })).toMatchObject({
      ok: true,
      after: { startsAt: T, endsAt: T + 65 * M },
    });
    expect(planMove(T + 10 * M, weekend, "FP1", { startsAt: T + 20 * M })).toEqual({
      ok: false,
      code: "sessionStarted",
    });
    expect(planMove(T + 10 * M, weekend, "FP1", { endsAt: T + 40 * M })).toEqual({ ok: false, code: "sessionStarted" });
    expect(planMove(T, weekend, "FP1", { startsAt: T + M })).toEqual({ ok: false, code: "sessionStarted" });
    // Ended: nothing moves.
    expect(planMove(T + 45 * M, weekend, "FP1", { endsAt: T + 90 * M })).toEqual({ ok: false, code: "sessionStarted" });
  });

  it("keeps the sessions in order: a move that would overlap or pass a neighbour is refused", () => {
    expect(planMove(T - M, weekend, "FP1", { startsAt: T + 211 * M })).toEqual({ ok: false, code: "sessionOrder" });
    expect(planMove(T - M, weekend, "FP1", { startsAt: T + 210 * M })).toMatchObject({
      ok: true,
      after: { endsAt: T + 255 * M },
    });
    expect(planMove(T - M, weekend, "PF", { startsAt: T + 44 * M })).toEqual({ ok: false, code: "sessionOrder" });
    expect(planMove(T - M, weekend, "PF", { startsAt: T + 45 * M })).toMatchObject({ ok: true });
    expect(planMove(T + 10 * M, weekend, "FP1", { endsAt: T + 256 * M })).toEqual({ ok: false, code: "sessionOrder" });
    // A canceled neighbour does not hold a slot.
    const canceledPf = weekend.map((s) => (s.type === "PF" ? { ...s, canceled: true } : s));
    expect(planMove(T - M, canceledPf, "FP1", { startsAt: T + 300 * M })).toMatchObject({ ok: true });
  });

  it("refuses a start already past, an end before its start, and a session that is canceled or missing", () => {
    expect(planMove(T - 10 * M, weekend, "FP1", { startsAt: T - 20 * M })).toEqual({ ok: false, code: "validation" });
    expect(planMove(T - 10 * M, weekend, "FP1", { endsAt: T })).toEqual({ ok: false, code: "validation" });
    expect(planMove(T - 10 * M, weekend, "Q1", { startsAt: T })).toEqual({ ok: false, code: "notFound" });
    expect(
      planMove(
        T - 10 * M,
        weekend.map((s) => ({ ...s, canceled: true })),
        "FP1",
        { startsAt: T + M },
      ),
    ).toEqual({ ok: false, code: "notFound" });
  });
});

describe("firstStart and relativeMs", () => {
  it("finds the weekend's first start before and after a move", () => {
    expect(firstStart(weekend)).toBe(T);
    expect(firstStart(weekend, { type: "FP1", startsAt: T + 30 * M })).toBe(T + 30 * M);
    expect(firstStart(weekend, { type: "FP1", startsAt: T + 300 * M })).toBe(T + 255 * M);
    expect(firstStart([])).toBeNull();
  });
  it("reads the command line's relative times", () => {
    expect(relativeMs("+30m")).toBe(30 * M);
    expect(relativeMs("-15m")).toBe(-15 * M);
    expect(relativeMs("+1h30m")).toBe(90 * M);
    expect(relativeMs("+90s")).toBe(90_000);
    expect(relativeMs("30m")).toBeNull();
    expect(relativeMs("2026-06-05T09:00:00Z")).toBeNull();
  });
});
