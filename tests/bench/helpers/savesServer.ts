// The server side of `npm run bench saves`, in its own process so the load generator doesn't share its event
// loop: a seeded database (BENCH_DB=pglite|postgres), BENCH_PLAYERS players with access tokens, the clock a
// day before round 12's first session (every category open), the product listening on 127.0.0.1. Writes
// { url, raceId, version, riders, tokens } to BENCH_OUT, prints "ready", and on SIGTERM prints what was saved
// as JSON, closes and drops its database.
import { writeFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { createClock } from "../../../server/clock";
import { tokenService } from "../../../server/modules/auth/tokens";
import { batches } from "../../../server/modules/predictions/saveBatch";
import { oneRoundTrip } from "../../../server/modules/predictions/saveTx";
import { startInstance } from "../../server/liveServer";
import { benchConfig, benchRace, createPlayers, openBenchDb, type Backend } from "./benchDb";
import { cpuMeter, measuredProfile, postgresServer } from "./cpu";

const kind = (process.env.BENCH_DB ?? "pglite") as Backend;
const n = Number(process.env.BENCH_PLAYERS ?? 2000);
const out = process.env.BENCH_OUT;
if (!out) throw new Error("BENCH_OUT is required");

const clock = createClock();
const { database, drop } = await openBenchDb(kind, clock.now());
const race = await benchRace(database, 12);
clock.set(new Date(race.sessions.FP1.start.getTime() - 24 * 3600_000));
const players = await createPlayers(database, n);
const config = benchConfig();
const tokens = tokenService({ db: database.db, clock, config });
const signed = await Promise.all(players.map((p) => tokens.signAccess(p.id, p.family)));
// The production timers (outbox poll, revocation sweep, race clock), as a real instance runs them.
const instance = await startInstance(
  { database, clock, config },
  { pollMs: 500, revocationMs: 5000, raceTickMs: 5000 },
);
// The PostgreSQL server, whose CPU (all of it: this bench runs nothing else against it) is reported beside the server's.
const cpu = cpuMeter(database.pool ? await postgresServer(database.pool) : undefined);
const profile = measuredProfile(`saves-${kind}`);
writeFileSync(
  out,
  JSON.stringify({
    url: instance.url,
    raceId: race.id,
    version: race.version,
    riders: race.riders.slice(0, 11),
    tokens: signed,
    now: clock.now().getTime(),
  }),
);
console.log("ready");

let stopping = false;
process.on("SIGTERM", () => {
  if (stopping) return;
  stopping = true;
  void (async () => {
    const used = cpu();
    await profile.stop();
    const [row] = (
      (await database.db.execute(sql`SELECT (SELECT count(*) FROM predictions)::int AS predictions,
        (SELECT count(*) FROM diamond_ledger WHERE reason = 'ALL_PICKS_BONUS')::int AS bonuses`)) as unknown as {
        rows: { predictions: number; bonuses: number }[];
      }
    ).rows;
    console.log(JSON.stringify({ ...row, ...used, oneRoundTrip, batches }));
    await instance.close();
    await drop();
    process.exit(0);
  })();
});
