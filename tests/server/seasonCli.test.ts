// `npm run admin -- season …` against a running server: export writes the season file, import --dry-run prints the
// exact diff and changes nothing, a bad file is refused with each issue's JSON pointer, and --ics takes session times
// from an iCalendar file.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeasonFile } from "../../contract/season";

const TSX = "node_modules/tsx/dist/cli.mjs";
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

function admin(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [TSX, "scripts/admin.ts", ...args], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", API_URL: url, ADMIN_TOKEN: "" }, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "pp-season-cli-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [TSX, "server/main.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, NODE_ENV: "test", DATABASE_URL: "", REDIS_URL: "", RATE_LIMIT_MAX: "1000" },
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

/** Half an hour later. */
const later = (iso: string) => new Date(Date.parse(iso) + 30 * 60_000).toISOString();
const icsTime = (iso: string) => iso.replace(/[-:]/g, "").replace(/\.\d{3}/, "");

describe("npm run admin -- season", () => {
  it("exports the season, and import --dry-run shows exactly what a changed file would change, changing nothing", async () => {
    const path = join(dataDir, "season.json");
    const exported = await admin(["season", "export", "--out", path]);
    expect(exported.code, exported.stdout + exported.stderr).toBe(0);
    expect(exported.stdout).toMatch(/22 rounds/);
    const file = JSON.parse(readFileSync(path, "utf8")) as SeasonFile;

    const same = await admin(["season", "import", path, "--dry-run"]);
    expect(same.code, same.stderr).toBe(0);
    expect(same.stdout).toContain("no change");

    const round = file.calendar[20]!;
    const race = round.sessions.find((s) => s.type === "START")!;
    race.startsAt = later(race.startsAt);
    race.endsAt = later(race.endsAt);
    file.riders[0]!.name = "Someone Else";
    const changed = join(dataDir, "changed.json");
    writeFileSync(changed, JSON.stringify(file));
    const dry = await admin(["season", "import", changed, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Dry run");
    expect(dry.stdout).toContain("Sessions moved (1):");
    expect(dry.stdout).toContain(`round ${round.round} ${round.grandPrix} START`);
    expect(dry.stdout).toContain("Riders changed (1):");
    expect(dry.stdout).toContain('name "');
    expect(dry.stdout).toContain("Picks and bets: none affected.");

    const again = await admin(["season", "import", path, "--dry-run"]);
    expect(again.stdout).toContain("no change");
  }, 120_000);

  it("takes session times from an iCalendar file by the documented rule", async () => {
    const path = join(dataDir, "season.json");
    const file = JSON.parse(readFileSync(path, "utf8")) as SeasonFile;
    const round = file.calendar[19]!;
    const fp1 = round.sessions[0]!;
    const start = new Date(Date.parse(fp1.startsAt) + 15 * 60_000).toISOString();
    const end = new Date(Date.parse(fp1.endsAt) + 15 * 60_000).toISOString();
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//season//EN",
      "BEGIN:VEVENT",
      "UID:fp1@test",
      `DTSTAMP:${icsTime(start)}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      `SUMMARY:MotoGP Free Practice 1 - ${round.grandPrix}`,
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:moto2@test",
      `DTSTAMP:${icsTime(start)}`,
      `DTSTART:${icsTime(start)}`,
      `DTEND:${icsTime(end)}`,
      `SUMMARY:Moto2 Free Practice 1 - ${round.grandPrix}`,
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const icsPath = join(dataDir, "calendar.ics");
    writeFileSync(icsPath, ics);
    const dry = await admin(["season", "import", path, "--ics", icsPath, "--dry-run"]);
    expect(dry.code, dry.stdout + dry.stderr).toBe(0);
    expect(dry.stdout).toContain("1 sessions timed from the calendar, 1 events ignored");
    expect(dry.stdout).toContain(`round ${round.round} ${round.grandPrix} FP1: ${fp1.startsAt}–${fp1.endsAt} → ${start}–${end}`);
  }, 120_000);

  it("refuses a bad file before sending it, naming each issue's JSON pointer (exit 2)", async () => {
    const path = join(dataDir, "season.json");
    const file = JSON.parse(readFileSync(path, "utf8")) as SeasonFile;
    file.calendar[3]!.sessions[0]!.startsAt = "soon";
    const bad = join(dataDir, "bad.json");
    writeFileSync(bad, JSON.stringify(file));
    const run = await admin(["season", "import", bad, "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("/calendar/3/sessions/0/startsAt");
  }, 120_000);
});
