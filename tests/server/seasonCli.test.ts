// `npm run admin -- season …` against a running server: export writes the season file, import --dry-run prints the
// exact diff and changes nothing, a bad file is refused with each issue's JSON pointer, and --ics takes session times
// from an iCalendar file.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SeasonFile } from "../../contract/season";
import { startCliServer, type CliServer } from "./cliServer";

let cli: CliServer;
let dataDir: string;
const admin = (args: string[]) => cli.admin(args);

beforeAll(async () => {
  cli = await startCliServer("season-cli", 180_000);
  ({ dataDir } = cli);
}, 200_000);

afterAll(() => cli?.stop());

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
  }, 200_000);

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
    expect(dry.stdout).toContain(
      `round ${round.round} ${round.grandPrix} FP1: ${fp1.startsAt}–${fp1.endsAt} → ${start}–${end}`,
    );
  }, 200_000);

  it("refuses a bad file before sending it, naming each issue's JSON pointer (exit 2)", async () => {
    const path = join(dataDir, "season.json");
    const file = JSON.parse(readFileSync(path, "utf8")) as SeasonFile;
    file.calendar[3]!.sessions[0]!.startsAt = "soon";
    const bad = join(dataDir, "bad.json");
    writeFileSync(bad, JSON.stringify(file));
    const run = await admin(["season", "import", bad, "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("/calendar/3/sessions/0/startsAt");
  }, 200_000);
});
