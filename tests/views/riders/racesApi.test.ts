import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../src/api/apiError";
import { getCurrentRaceId, getRiderPerformances } from "../../../src/api/races";
import { json } from "../fixtures";
import { ok, performances, serve } from "./ridersFixtures";

afterEach(() => vi.unstubAllGlobals());

const list = [{ id: "a" }, { id: "b" }, { id: "c" }];
const race = (id: string) => ({
  id,
  raceId: 2,
  season: 2026,
  round: 2,
  name: "Argentine Grand Prix",
  circuitType: "FLOWING",
  version: 1,
  status: "PENDING",
  finished: false,
  raceClass: "MOTOGP",
  startsAt: "2026-04-03T13:45:00.000Z",
  endsAt: "2026-04-05T17:40:00.000Z",
  sessions: [],
  odds: { r1: 3.5 },
  tracks: [],
});

describe("the race list's current race, from GET /races/next", () => {
  it("is the next race when the call answers one", async () => {
    const calls = serve((c) => (c.path === "/api/races/next" ? ok([race("b")]) : undefined));
    expect(await getCurrentRaceId(list)).toBe("b");
    expect(calls[0]!.search.get("take")).toBe("1");
  });

  it("is the first race when the call fails", async () => {
    serve((c) =>
      c.path === "/api/races/next"
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : undefined,
    );
    expect(await getCurrentRaceId(list)).toBe("a");
  });

  it("is the last race when the season is over (no next race)", async () => {
    serve((c) => (c.path === "/api/races/next" ? ok([]) : undefined));
    expect(await getCurrentRaceId(list)).toBe("c");
  });
});

describe("GET /riders/{id}/performances", () => {
  it("sends the season in the accept-year header, and none for the current season", async () => {
    const calls = serve((c) => (c.path === "/api/riders/r1/performances" ? ok(performances(2025, [3])) : undefined));
    expect((await getRiderPerformances("r1", 2025)).totals.podiums).toBe(1);
    await getRiderPerformances("r1");
    expect(calls.map((c) => c.headers.get("accept-year"))).toEqual(["2025", null]);
  });

  it("rejects with the server's error, or a generic one for an answer that breaks the contract", async () => {
    serve(() => undefined);
    await expect(getRiderPerformances("nobody", 2025)).rejects.toMatchObject({ status: 404, code: "notFound" });
    serve(() => ok({ nonsense: true }));
    const error = await getRiderPerformances("r1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("somethingWentWrong");
  });
});
