// `npm run admin -- session move|show` against a running server (PGlite in a temporary DATA_DIR, the development
// admin token found there): a delay by a relative time, the same move again changing nothing, a refusal's exit code
// and message, and the arguments' parsing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Race } from "../../contract/races";
import { OperatorError } from "../../scripts/operator/api";
import { moveBodyOf, timeArg } from "../../scripts/operator/session";
import { startCliServer, type CliServer } from "./cliServer";

const M = 60_000;
let cli: CliServer;
let url: string;
const admin = (args: string[]) => cli.admin(args);

const races = async (): Promise<Race[]> =>
  ((await (await fetch(`${url}/api/races?take=100`)).json()) as { result: { data: Race[] } }).result.data;
const startOf = (race: Race, type: string) => Date.parse(race.sessions.find((s) => s.type === type)!.startsAt);

describe("session move's arguments", () => {
  const current = { startsAt: "2026-06-05T08:45:00.000Z", endsAt: "2026-06-05T09:30:00.000Z" };
  it("takes ISO times with their zone, or times relative to the session's own", () => {
    expect(moveBodyOf(["+30m"], current)).toEqual({ startsAt: "2026-06-05T09:15:00.000Z" });
    expect(moveBodyOf(["-15m", "--end", "+0m"], current)).toEqual({
      startsAt: "2026-06-05T08:30:00.000Z",
      endsAt: "2026-06-05T09:30:00.000Z",
    });
    expect(moveBodyOf(["--end", "+20m"], current)).toEqual({ endsAt: "2026-06-05T09:50:00.000Z" });
    expect(moveBodyOf(["2026-06-05T11:00:00+02:00"], current)).toEqual({ startsAt: "2026-06-05T09:00:00.000Z" });
  });
  it("refuses a time without a zone, nothing to move, and extra words", () => {
    expect(() => timeArg("2026-06-05T09:00", current.startsAt, "The start")).toThrow(OperatorError);
    expect(() => moveBodyOf([], current)).toThrow(/needs a new start/);
    expect(() => moveBodyOf(["+5m", "+10m"], current)).toThrow(/unexpected/);
    expect(() => moveBodyOf(["--end"], current)).toThrow(/needs a time/);
  });
});

describe("npm run admin -- session", () => {
  beforeAll(async () => {
    cli = await startCliServer("session-cli", 180_000);
    ({ url } = cli);
  }, 200_000);

  afterAll(() => cli?.stop());

  it("delays FP1 by 30 minutes, says so, and the same move again changes nothing", async () => {
    const race = (await races()).find((r) => startOf(r, "FP1") > Date.now() + 2 * 86_400_000)!;
    const fp1 = startOf(race, "FP1");
    const shown = await admin(["session", "show", race.id]);
    expect(shown.code, shown.stdout + shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/FP1 .+ UPCOMING/);
    expect(shown.stdout).toMatch(/START .+ UPCOMING/);

    const moved = await admin(["session", "move", race.id, "fp1", "+30m"]);
    expect(moved.code, moved.stdout + moved.stderr).toBe(0);
    expect(moved.stdout).toContain("FP1 of");
    expect(moved.stdout).toContain("0 players with picks or bets told");
    const after = (await races()).find((r) => r.id === race.id)!;
    expect(startOf(after, "FP1")).toBe(fp1 + 30 * M);

    const again = await admin(["session", "move", race.id, "FP1", new Date(fp1 + 30 * M).toISOString()]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain("nothing changed");
  }, 200_000);

  it("a move past the next session is refused by the server: exit 2 with its message, and nothing moves", async () => {
    const race = (await races()).find((r) => startOf(r, "FP1") > Date.now() + 2 * 86_400_000)!;
    const refused = await admin(["session", "move", race.id, "FP1", "+72h"]);
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toContain("[409 sessionOrder]");
    expect(
      startOf(
        (await races()).find((r) => r.id === race.id)!,
        "FP1",
      ),
    ).toBe(startOf(race, "FP1"));
    const unknown = await admin(["session", "move", race.id, "FP3", "+5m"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("is not a session");
  }, 200_000);
});
