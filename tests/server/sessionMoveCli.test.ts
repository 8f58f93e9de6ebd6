// `npm run admin -- session move|show` against a running server (PGlite in a temporary DATA_DIR, the development
// admin token found there): a delay by a relative time, the same move again changing nothing, a refusal's exit code
// and message, and the arguments' parsing.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Race } from "../../contract/races";
import { OperatorError } from "../../scripts/operator/api";
import { moveBodyOf, timeArg } from "../../scripts/operator/session";

const TSX = "node_modules/tsx/dist/cli.mjs";
const M = 60_000;
let dataDir: string;
let url: string;
let server: ChildProcess | null = null;
let output = "";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const admin = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(process.execPath, [TSX, "scripts/admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", API_URL: url, ADMIN_TOKEN: "" }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

const races = async (): Promise<Race[]> => ((await (await fetch(`${url}/api/races?take=100`)).json()) as { result: { data: Race[] } }).result.data;
const startOf = (race: Race, type: string) => Date.parse(race.sessions.find((s) => s.type === type)!.startsAt);

describe("session move's arguments", () => {
  const current = { startsAt: "2026-06-05T08:45:00.000Z", endsAt: "2026-06-05T09:30:00.000Z" };
  it("takes ISO times with their zone, or times relative to the session's own", () => {
    expect(moveBodyOf(["+30m"], current)).toEqual({ startsAt: "2026-06-05T09:15:00.000Z" });
    expect(moveBodyOf(["-15m", "--end", "+0m"], current)).toEqual({ startsAt: "2026-06-05T08:30:00.000Z", endsAt: "2026-06-05T09:30:00.000Z" });
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
    dataDir = mkdtempSync(join(tmpdir(), "pp-session-cli-"));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [TSX, "server/main.ts"], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, NODE_ENV: "test", DATABASE_URL: "", REDIS_URL: "", ADMIN_TOKEN: "", RATE_LIMIT_MAX: "1000" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout?.on("data", (d) => (output += String(d)));
    server.stderr?.on("data", (d) => (output += String(d)));
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      if (await fetch(`${url}/api/system/links`).then((r) => r.ok, () => false)) break;
      if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(async () => {
    const proc = server;
    server = null;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

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
  }, 120_000);

  it("a move past the next session is refused by the server: exit 2 with its message, and nothing moves", async () => {
    const race = (await races()).find((r) => startOf(r, "FP1") > Date.now() + 2 * 86_400_000)!;
    const refused = await admin(["session", "move", race.id, "FP1", "+72h"]);
    expect(refused.code, refused.stdout + refused.stderr).toBe(2);
    expect(refused.stderr).toContain("[409 sessionOrder]");
    expect(startOf((await races()).find((r) => r.id === race.id)!, "FP1")).toBe(startOf(race, "FP1"));
    const unknown = await admin(["session", "move", race.id, "FP3", "+5m"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("is not a session");
  }, 120_000);
});
