// `npm run admin -- audit [--race R] [--take N]`: the audit log read from the command line, against a running server
// (the admin token from its DATA_DIR), as a table of who, through what, what, and before → after.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTable, changeOf } from "../../scripts/operator/audit";
import { startCliServer, type CliServer } from "./cliServer";

let cli: CliServer;
const admin = (args: string[]) => cli.admin(args);

describe("the audit table", () => {
  it("names what changed, key by key, and who acted through what", () => {
    expect(changeOf({ status: "ACTIVE" }, { status: "INJURED", refunded: 40 })).toBe(
      "status: ACTIVE → INJURED; refunded: – → 40",
    );
    expect(changeOf(null, { title: "Guru speak show" })).toBe('– → {"title":"Guru speak show"}');
    const table = auditTable([
      {
        id: 2,
        at: "2026-06-01T10:00:00.000Z",
        actor: { userId: "7d1c0000-0000-4000-8000-000000000001", name: "Marshal" },
        channel: "browser",
        action: "ODDS_SET",
        raceId: null,
        target: "WIN odds",
        before: {},
        after: { r: 2.5 },
      },
      {
        id: 1,
        at: "2026-06-01T09:00:00.000Z",
        actor: { userId: null, name: null },
        channel: "cli",
        action: "NEWS_ADD",
        raceId: null,
        target: "news Episode 1",
        before: null,
        after: { title: "Episode 1" },
      },
    ]);
    const lines = table.split("\n");
    expect(lines[0]).toMatch(/^Time \(UTC\)\s+Who\s+Through\s+Action\s+Target\s+Before → after$/);
    expect(lines[2]).toMatch(/^2026-06-01 10:00:00Z\s+Marshal\s+browser\s+ODDS_SET\s+WIN odds\s+r: – → 2.5$/);
    expect(lines[3]).toMatch(/^2026-06-01 09:00:00Z\s+admin token\s+command line\s+NEWS_ADD/);
  });
});

describe("npm run admin -- audit, against a running server", () => {
  beforeAll(async () => {
    cli = await startCliServer("audit-cli", 180_000);
  }, 200_000);

  afterAll(() => cli?.stop());

  it("says the log is empty, then lists an action of the command line, newest first, and filters by race", async () => {
    const empty = await admin(["audit"]);
    expect(empty.code, empty.stdout + empty.stderr).toBe(0);
    expect(empty.stdout).toContain("The audit log is empty");

    for (const n of [1, 2]) {
      const added = await admin(["news", "add", `https://www.youtube.com/watch?v=audit${n}`, `Episode ${n}`]);
      expect(added.code, added.stdout + added.stderr).toBe(0);
    }
    const all = await admin(["audit", "--take", "1"]);
    expect(all.code, all.stdout + all.stderr).toBe(0);
    const lines = all.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/Time \(UTC\)\s+Who\s+Through\s+Action\s+Target\s+Before → after/);
    expect(lines[2]).toMatch(/admin token\s+command line\s+NEWS_ADD\s+news Episode 2/);
    expect(all.stdout).not.toContain("Episode 1");
    expect(all.stdout).toContain("Page 1 of 2 (2 actions, newest first).");

    // The next race has no action on the record: news concern no race.
    const byRace = await admin(["audit", "--race", "next"]);
    expect(byRace.code, byRace.stdout + byRace.stderr).toBe(0);
    expect(byRace.stdout).toMatch(/The audit log of .+ is empty/);
  }, 200_000);

  it("refuses an unknown option (exit 2) without calling the server", async () => {
    const run = await admin(["audit", "--since", "yesterday"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("audit: unknown or incomplete option --since");
  }, 60_000);
});
