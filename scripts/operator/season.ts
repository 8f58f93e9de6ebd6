// `npm run admin -- season import <file> [--ics <calendar.ics>] [--dry-run]` and `season export [--season N] [--out F]`:
// the season file (docs/season.md) sent to the running server (POST /admin/season/import), which validates it, diffs it
// against the game and applies exactly that diff; the dry run answers the same diff and effects and changes nothing.
import { readFileSync, writeFileSync } from "node:fs";
import { seasonCalls } from "../../contract/calls.season";
import { isEmptyDiff, readSeasonFile, type SeasonImportReport } from "../../contract/season";
import { OperatorError, type operatorApi } from "./api";
import { applyIcs } from "./seasonIcs";

type Api = ReturnType<typeof operatorApi>;

export const seasonUsage = `  season import <file> [--ics <calendar.ics>] [--dry-run]
                                               validate a season file and show what it changes (races and sessions
                                               added, moved, removed; riders added, changed; refunds); without
                                               --dry-run apply exactly that; --ics takes session times from a calendar
  season export [--season N] [--out <file>]    the season as a file (to stdout, or --out); importing it changes nothing`;

const changed = (c: { label: string; changes: { field: string; from: unknown; to: unknown }[] }) =>
  `${c.label}: ${c.changes.map((x) => `${x.field} ${JSON.stringify(x.from)} → ${JSON.stringify(x.to)}`).join(", ")}`;

/** The diff and effects in the words an operator reads, one change a line. */
export function describeImport(report: SeasonImportReport): string {
  const lines: string[] = [];
  const head = report.dryRun
    ? `Dry run of season ${report.season}: nothing was changed.`
    : `Season ${report.season} imported.`;
  if (report.unchanged || isEmptyDiff(report.diff)) return `${head} The file is what the game holds: no change.`;
  lines.push(head);
  const d = report.diff;
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items) lines.push(`  ${item}`);
  };
  list(
    "Races added",
    d.races.added.map((r) => r.label),
  );
  list("Races changed", d.races.changed.map(changed));
  list(
    "Races removed (canceled)",
    d.races.removed.map((r) => r.label),
  );
  list(
    "Sessions added",
    d.sessions.added.map((s) => `${s.race} ${s.type}`),
  );
  list(
    "Sessions moved",
    d.sessions.moved.map(
      (m) => `${m.label} ${m.type}: ${m.from.startsAt}–${m.from.endsAt} → ${m.to.startsAt}–${m.to.endsAt}`,
    ),
  );
  list(
    "Sessions removed",
    d.sessions.removed.map((s) => `${s.race} ${s.type}`),
  );
  list(
    "Riders added",
    d.riders.added.map((r) => r.label),
  );
  list("Riders changed", d.riders.changed.map(changed));
  list(
    "Riders removed",
    d.riders.removed.map((r) => r.label),
  );
  list(
    "Teams added",
    d.teams.added.map((t) => t.label),
  );
  list("Teams changed", d.teams.changed.map(changed));
  list(
    "Teams removed",
    d.teams.removed.map((t) => t.label),
  );
  list(
    "Circuits added",
    d.circuits.added.map((c) => c.label),
  );
  list("Circuits changed", d.circuits.changed.map(changed));
  if (report.effects.length === 0) lines.push("Picks and bets: none affected.");
  else {
    lines.push(
      `Picks and bets (${report.dryRun ? "would be " : ""}refunded ${report.refunded} diamonds in all; no pick is deleted):`,
    );
    for (const e of report.effects)
      lines.push(
        e.kind === "RACE_CANCELED"
          ? `  ${e.race} canceled: ${e.picks} picks voided, ${e.bets} bets refunded, ${e.players} players, ${e.refunded} diamonds back`
          : `  ${e.rider} out of ${e.race}: ${e.picks} picks invalidated (free re-pick), ${e.bets} bets refunded, ${e.players} players, ${e.refunded} diamonds back`,
      );
  }
  return lines.join("\n");
}

function readJson(path: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (err) {
    throw new OperatorError(`Cannot read ${path}: ${(err as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new OperatorError(`${path} is not JSON: ${(err as Error).message}`);
  }
}

export async function seasonCommand(
  client: Api,
  args: readonly string[],
  usageError: (message: string) => never,
): Promise<number> {
  const [sub, ...rest] = args;
  const flags = new Map<string, string>();
  const words: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === "--dry-run") flags.set(a, "");
    else if (a === "--ics" || a === "--season" || a === "--out") {
      const value = rest[++i];
      if (value === undefined) usageError(`${a} needs a value.`);
      flags.set(a, value);
    } else if (a.startsWith("--")) usageError(`season: unknown option ${a}.`);
    else words.push(a);
  }

  if (sub === "export") {
    if (words.length) usageError("season export takes no file name (use --out).");
    const season = flags.get("--season");
    if (season !== undefined && !/^\d{4}$/.test(season)) usageError("--season needs a year.");
    const file = await client.send(seasonCalls.exportSeason, { query: { season }, admin: true });
    const text = `${JSON.stringify(file, null, 2)}\n`;
    const out = flags.get("--out");
    if (out) {
      writeFileSync(out, text);
      console.log(
        `Season ${file.season} written to ${out}: ${file.calendar.length} rounds, ${file.teams.length} teams, ${file.riders.length} riders.`,
      );
    } else process.stdout.write(text);
    return 0;
  }
  if (sub !== "import") usageError("season needs import or export.");
  const [path] = words;
  if (!path || words.length > 1) usageError("season import needs one season file.");
  let value = readJson(path);
  // Checked here first, so every issue is listed with its pointer before anything is sent.
  const read = readSeasonFile(value);
  if (!read.ok) {
    console.error(`${path} is not a valid season file:`);
    for (const issue of read.issues) console.error(`  ${issue.pointer}: ${issue.message}`);
    return 2;
  }
  const ics = flags.get("--ics");
  if (ics) {
    let text: string;
    try {
      text = readFileSync(ics, "utf8");
    } catch (err) {
      throw new OperatorError(`Cannot read ${ics}: ${(err as Error).message}`);
    }
    const laid = applyIcs(read.file, text);
    if (laid.problems.length) throw new OperatorError(`${ics}: ${laid.problems.join("; ")}`);
    console.log(
      `${ics}: ${laid.matched} sessions timed from the calendar${laid.ignored.length ? `, ${laid.ignored.length} events ignored (${laid.ignored.slice(0, 5).join("; ")}${laid.ignored.length > 5 ? "; …" : ""})` : ""}.`,
    );
    value = laid.file;
  }
  const dryRun = flags.has("--dry-run");
  const report = await client.send(seasonCalls.importSeason, {
    body: value,
    query: { dryRun: dryRun ? "true" : undefined },
    admin: true,
  });
  console.log(describeImport(report));
  return 0;
}
