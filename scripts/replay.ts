// `npm run replay -- <report id | bundle.json>`: replays a "Report a problem" bundle through the same
// machines (machines/, the registry `npm run flows` uses), services stubbed by the recorded done/error events,
// printing each state. A report id is read from the database (DATA_DIR / DATABASE_URL; with PGlite only while
// the server is stopped: refused while it holds the database), a file as saved from GET /api/staff/reports/:id (its `result`, or the bundle itself).
// Exit codes: 0 every replayed actor ends in its recorded snapshot, 1 usage, 2 not found, 4 a replay differs.
import { existsSync, readFileSync } from "node:fs";
import { actorNames, DiagnosticsBundle, ReportId } from "../contract/diagnostics";
import { isRedacted, replayActor } from "../machines/recorder";
import { loadConfig } from "../server/config";
import { embeddedDatabaseBusy } from "./operator/dbGuard";
import { apiUrlFromEnv } from "./operator/api";
import { migrate } from "../server/db/migrate";
import { openDb } from "../server/db/open";
import { createClock } from "../server/clock";
import { reportsService } from "../server/modules/staff/reports";
import { loadMachines } from "./flows";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

async function readBundle(ref: string): Promise<DiagnosticsBundle | null> {
  if (existsSync(ref)) {
    const json = JSON.parse(readFileSync(ref, "utf8")) as { bundle?: unknown; result?: { bundle?: unknown } };
    return DiagnosticsBundle.parse(json.result?.bundle ?? json.bundle ?? json);
  }
  if (!ReportId.safeParse(ref.toUpperCase()).success) return null;
  const config = loadConfig();
  const busy = await embeddedDatabaseBusy({
    command: "npm run replay -- <report id>",
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    apiUrl: apiUrlFromEnv(),
  });
  if (busy) {
    // The running server has the report too: GET /api/staff/reports/:id saved as a file replays without the database.
    console.error(
      `${busy}\nOr save the report from the running server (GET /api/staff/reports/${ref}) and replay the file: npm run replay -- report.json`,
    );
    process.exit(2);
  }
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(database);
    return (await reportsService({ db: database, clock: createClock() }).read(ref)).bundle;
  } catch {
    return null;
  } finally {
    await database.close();
  }
}

/** Replays every actor of the bundle; the lines to print and whether all ended where they were recorded. */
export async function replayBundle(bundle: DiagnosticsBundle): Promise<{ lines: string[]; matches: boolean }> {
  const machines = await loadMachines();
  const lines = [`Report from app ${bundle.appVersion} on ${bundle.route}, ${bundle.createdAt}`];
  let matches = true;
  const names = actorNames(bundle.actors);
  for (const [i, actor] of bundle.actors.entries()) {
    const name = names[i]!;
    const machine = machines.get(actor.machine);
    if (!machine) {
      lines.push(`${name} (${actor.machine}): no such machine here, skipped`);
      continue;
    }
    if (!actor.complete) {
      lines.push(
        `${name} (${actor.machine}): recording does not start at the actor's start, skipped; now ${show(actor.current.value)}`,
      );
      continue;
    }
    const result = replayActor(machine, actor);
    lines.push(`${name} (${actor.machine}): start ${show(actor.initial.value)}`);
    for (const step of result.steps)
      lines.push(`  ${step.event} → ${show(step.value)}${step.matches ? "" : `  (recorded ${show(step.recorded)})`}`);
    if (result.error && isRedacted(actor)) {
      // Not a different ending: the machine needs a value the player's browser redacted before sending.
      lines.push(
        `  cannot be replayed past ${result.error} (the recording was redacted where the machine reads it), skipped; now ${show(actor.current.value)}`,
      );
      continue;
    }
    if (result.error) lines.push(`  the machine failed on ${result.error}`);
    lines.push(
      `  ${result.matches ? "ends in the recorded snapshot" : `DIFFERS: ends in ${show(result.finalValue)}, recorded ${show(result.recordedFinal)}`}: ${show(result.finalValue)}`,
    );
    matches &&= result.matches;
  }
  for (const e of bundle.apiErrors) lines.push(`API error ${e.at}: ${e.call} → ${e.status} ${e.code}`);
  return { lines, matches };
}

async function main() {
  const ref = process.argv[2];
  if (!ref) {
    console.error("Usage: npm run replay -- <report id | bundle.json>");
    process.exit(1);
  }
  const bundle = await readBundle(ref);
  if (!bundle) {
    console.error(`No report or bundle file ${ref}.`);
    process.exit(2);
  }
  const { lines, matches } = await replayBundle(bundle);
  console.log(lines.join("\n"));
  process.exit(matches ? 0 : 4);
}

if (process.argv[1]?.endsWith("replay.ts")) await main();
