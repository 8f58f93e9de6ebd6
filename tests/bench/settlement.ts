// Settlement at scale: N players × 11 picks of round 12 inserted in bulk (riders spread over the grid,
// multipliers and insurance on some), mid-season (rounds 1–11 already scored for every player), then
// `settlementService.enter` timed for each result key of the weekend in order, the pieces it rewrites
// (race_scores, season statistics) timed alone, the season and race boards read (page 1 + the caller's
// row), and a canceled sprint on round 13 with its refunds. A report, not a test: `npm run bench settlement`.
// SETTLE_SIZES=10000,100000 (predictions), SETTLE_PGLITE_SIZES (default SETTLE_SIZES), SETTLE_PRIOR_ROUNDS=11,
// BENCH_BACKENDS, SETTLE_EXPLAIN=1 prints the season board's plan.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql, type SQL } from "drizzle-orm";
import { resultKeys, type ResultKey } from "../../contract/results";
import { createClock } from "../../server/clock";
import type { Database } from "../../server/db/open";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import type { LedgerTx } from "../../server/modules/diamonds/ledger";
import { boardReads } from "../../server/modules/results/boards";
import { refreshRaceScores, refreshSeasonStats, tieBreak } from "../../server/modules/results/scores";
import { settlementService } from "../../server/modules/results/settlement";
import { refundsFor } from "../../server/modules/diamonds/refunds";
import { notifyInBatches } from "../../server/live/notifyInBatches";
import {
  backends,
  benchConfig,
  benchRace,
  CATEGORIES,
  createPlayers,
  machine,
  openBenchDb,
  type Backend,
  type BenchRace,
} from "./helpers/benchDb";
import { appDeps } from "../../server/http/deps";

const sizes = (process.env.SETTLE_SIZES ?? "10000,100000").split(",").map(Number);
const pgliteSizes = (process.env.SETTLE_PGLITE_SIZES ?? sizes.join(",")).split(",").map(Number);
const priorRounds = Number(process.env.SETTLE_PRIOR_ROUNDS ?? 11);
const explain = process.env.SETTLE_EXPLAIN === "1";
const ROUND = 12;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const pgArray = (values: readonly (string | number)[]) => `{${values.join(",")}}`;
const ms = (t0: number) => performance.now() - t0;
const fmt = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);
const median = (xs: number[]) => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * Every bench player's 11 picks of `race`: riders drawn from the first 12 of the grid by a hash of the player
 * (a podium's three slots on three different riders), saved over the days before FP1; multipliers on FP1
 * (1 in 10) and pole (1 in 10), the sprint podium multiplier (1 in 8) and insurance (1 in 6), the race podium
 * multiplier with insurance (1 in 8).
 */
async function insertPicks(database: Database, race: BenchRace): Promise<void> {
  // Per category: the group whose base rider it shares (singles alone; the podiums' three slots together) and its slot.
  const group = CATEGORIES.map((c) =>
    c.startsWith("SPRINT_") ? 101 : c.startsWith("RACE_") ? 103 : CATEGORIES.indexOf(c) + 1,
  );
  const slot = CATEGORIES.map((c) => (c.endsWith("_SECOND") ? 1 : c.endsWith("_THIRD") ? 2 : 0));
  await database.db.execute(sql`
    INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
    SELECT gen_random_uuid(), u.id, ${race.id}, c.category,
      (${pgArray(race.riders.slice(0, 12))}::uuid[])[1 + ((u.h / c.grp) + c.slot) % 12],
      CASE
        WHEN c.category = 'FP1' AND u.h % 10 = 0 THEN '{PREDICTION}'::text[]
        WHEN c.category = 'POLEMAN' AND u.h % 10 = 1 THEN '{PREDICTION}'::text[]
        WHEN c.category LIKE 'SPRINT_%' THEN
          (CASE WHEN u.h % 6 = 2 THEN '{PREDICTION_SPRINT}'::text[] ELSE '{}'::text[] END) ||
          (CASE WHEN u.h % 6 = 4 THEN '{PREDICTION_INSURANCE_SPRINT}'::text[] ELSE '{}'::text[] END)
        WHEN c.category LIKE 'RACE_%' AND u.h % 8 = 3 THEN '{PREDICTION_RACE,PREDICTION_INSURANCE_RACE}'::text[]
        ELSE '{}'::text[]
      END,
      ${race.sessions.FP1.start.toISOString()}::timestamptz - (u.h % 259200) * interval '1 second',
      ${race.sessions.FP1.start.toISOString()}::timestamptz - (u.h % 259200) * interval '1 second'
    FROM (SELECT id, abs(hashtext(id::text)) AS h FROM users WHERE name LIKE 'bench-%') u
    CROSS JOIN unnest(${pgArray(CATEGORIES)}::text[], ${pgArray(group)}::int[], ${pgArray(slot)}::int[]) AS c(category, grp, slot)`);
}

/** Rounds 1..n scored for every player (race_scores rows and their classifications), as mid-season. */
async function priorSeason(database: Database, season: number, n: number): Promise<void> {
  if (n === 0) return;
  await database.db.execute(sql`
    INSERT INTO race_scores (user_id, race_id, season, points, accurate, race_podium, sprint_podium, pole, fp2, practice_fastest, fp1, positions_gained, first_saved_at)
    SELECT u.id, r.id, r.season, (abs(hashtext(u.id::text || r.id::text)) % 121), (abs(hashtext(r.id::text || u.id::text)) % 6), abs(hashtext(u.id::text || 'rp' || r.id::text)) % 2,
      abs(hashtext(u.id::text || 'sp' || r.id::text)) % 2, 0, 0, 0, 0, 0, now() - interval '30 days'
    FROM users u CROSS JOIN races r
    WHERE u.name LIKE 'bench-%' AND r.season = ${season} AND r.round <= ${n}`);
  await database.db.execute(sql`
    INSERT INTO session_results (race_id, result_key, canceled, rider_ids, entered_at)
    SELECT r.id, 'START', false, '{}', now() FROM races r WHERE r.season = ${season} AND r.round <= ${n}`);
  await database.db.execute(sql`
    UPDATE users u SET points = s.points FROM (SELECT user_id, sum(points) AS points FROM race_scores GROUP BY user_id) s WHERE u.id = s.user_id`);
}

/** Round 13's sprint podium upgrades (1 in 6 players, 60 💎) and a paid change of SPRINT_FIRST (1 in 4, 10 💎) in the ledger: about 3,400 of 9,091 players spent on the sprint. */
async function sprintSpends(database: Database, race: BenchRace): Promise<number> {
  await database.db.execute(sql`
    INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
    SELECT gen_random_uuid(), u.id, -60, 40, 'UPGRADE', ${`podium:${race.id}:SPRINT`}, ${`upgrade:${race.id}:PREDICTION_SPRINT:SPRINT:bench`}, now()
    FROM (SELECT id, abs(hashtext(id::text)) AS h FROM users WHERE name LIKE 'bench-%') u WHERE u.h % 6 = 2`);
  await database.db.execute(sql`
    INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
    SELECT gen_random_uuid(), p.user_id, -10, CASE WHEN abs(hashtext(p.user_id::text)) % 6 = 2 THEN 30 ELSE 90 END, 'PREDICTION_CHANGE', 'prediction:' || p.id, 'change:' || p.id || ':1', now()
    FROM predictions p WHERE p.race_id = ${race.id} AND p.category = 'SPRINT_FIRST' AND abs(hashtext(p.user_id::text)) % 4 = 0`);
  await database.db.execute(sql`
    UPDATE diamond_balances b SET balance = 100 + l.spent FROM (SELECT user_id, sum(delta) AS spent FROM diamond_ledger WHERE delta < 0 GROUP BY user_id) l WHERE b.user_id = l.user_id`);
  const [row] = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM diamond_ledger WHERE delta < 0`),
  );
  return row!.n;
}

async function run(kind: Backend, predictions: number): Promise<void> {
  const players = Math.round(predictions / CATEGORIES.length);
  const clock = createClock();
  const { database, drop } = await openBenchDb(kind, clock.now());
  const config = benchConfig({ adminToken: "bench-admin" });
  const live = createLive({ db: database, clock, config }, { pollMs: 0, revocationMs: 0, raceTickMs: 0 });
  const deps = appDeps({ db: database, clock, config, live, mailer: outboxMailer(database.db, clock) });
  try {
    const race = await benchRace(database, ROUND);
    let t0 = performance.now();
    await createPlayers(database, players);
    await insertPicks(database, race);
    await priorSeason(database, race.season, priorRounds);
    await database.db.execute(sql`ANALYZE`);
    console.log(
      `\n${kind}, ${players.toLocaleString("en")} players × 11 = ${(players * 11).toLocaleString("en")} predictions (${priorRounds} earlier rounds scored): data in ${fmt(ms(t0))}`,
    );

    // The weekend is over: every classification may be entered.
    clock.set(new Date(race.sessions.START.end.getTime() + 60_000));
    const settlement = settlementService(deps);
    const grid = race.riders.slice(0, 12);
    const classification = (key: ResultKey) => {
      const shift = resultKeys.indexOf(key) * 5;
      return grid.map((_, i) => grid[(i + shift) % grid.length]!);
    };
    const times: string[] = [];
    let total = 0;
    for (const key of resultKeys) {
      t0 = performance.now();
      const report = await settlement.enter(race.id, { session: key, riderIds: classification(key) });
      const t = ms(t0);
      total += t;
      times.push(`${key} ${fmt(t)} (${report.settled.toLocaleString("en")})`);
    }
    console.log(`  enter, per key (picks settled): ${times.join(", ")}`);
    const goal = kind === "postgres" ? 5000 : 8000;
    console.log(
      `  enter, whole weekend: ${fmt(total)}` +
        (players * 11 >= 100_000
          ? ` (goal ≤ ${goal / 1000} s on ${kind}: ${total <= goal ? "met" : "NOT met"}; load average ${loadavg()[0]!.toFixed(1)})`
          : ""),
    );

    const everyone = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT DISTINCT user_id AS id FROM predictions WHERE race_id = ${race.id}`),
    ).map((r) => r.id);
    t0 = performance.now();
    await database.db.transaction((tx) => refreshRaceScores(tx, race.id, race.season));
    const raceScores = ms(t0);
    // Every player of the race at once, as the weekend's first entry does (later ones rewrite the players whose row moved).
    t0 = performance.now();
    await database.db.transaction((tx) => refreshSeasonStats(tx, race.season, everyone));
    const seasonStats = ms(t0);
    // The RESULTS_PUBLISHED rows of one key, timed in a transaction rolled back after.
    let notify = 0;
    await database.db
      .transaction(async (tx) => {
        t0 = performance.now();
        await notifyInBatches(deps, tx, everyone, "RESULTS_PUBLISHED", { raceName: "Bench GP", name: "FP1" });
        notify = ms(t0);
        throw new Error("rollback");
      })
      .catch(() => undefined);
    console.log(
      `  each key also runs, timed alone: race_scores rewrite ${fmt(raceScores)}, season statistics of all ${everyone.length.toLocaleString("en")} players ${fmt(seasonStats)}, ${everyone.length.toLocaleString("en")} notifications ${fmt(notify)}`,
    );

    const boards = boardReads(database.db, deps.clock);
    const [me] = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id FROM users WHERE name = ${`bench-${Math.ceil(players / 2)}`}`),
    );
    const timed = async (f: () => Promise<unknown>) => {
      const xs: number[] = [];
      for (let i = 0; i < 5; i++) {
        t0 = performance.now();
        await f();
        xs.push(ms(t0));
      }
      return median(xs);
    };
    const season = await timed(() => boards.season(undefined, 1, 20, me!.id));
    const raceBoard = await timed(() => boards.race(race.id, 1, 20, me!.id));
    const [{ rows: scoreRows } = { rows: 0 }] = rowsOf<{ rows: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS rows FROM race_scores`),
    );
    console.log(
      `  season board page 1 + me (median of 5, over ${Number(scoreRows).toLocaleString("en")} race_scores rows): ${fmt(season)}; race board page 1 + me: ${fmt(raceBoard)}`,
    );

    if (explain && kind === "postgres") {
      const plan = rowsOf<{ "QUERY PLAN": string }>(
        await database.db.execute(sql`EXPLAIN (ANALYZE, COSTS OFF)
          WITH src AS (SELECT user_id, sum(points) AS points, sum(accurate)::int AS accurate, count(*)::int AS races,
            sum(race_podium) AS race_podium, sum(sprint_podium) AS sprint_podium, sum(pole) AS pole, sum(fp2) AS fp2,
            sum(practice_fastest) AS practice_fastest, sum(fp1) AS fp1, sum(positions_gained) AS positions_gained, min(first_saved_at) AS first_saved_at
            FROM race_scores WHERE season = ${race.season} GROUP BY user_id),
          ranked AS (SELECT src.*, row_number() OVER (ORDER BY ${tieBreak}) AS place FROM src)
          SELECT ranked.user_id, u.name, ranked.points, ranked.place FROM ranked JOIN users u ON u.id = ranked.user_id ORDER BY ranked.place LIMIT 20`),
      );
      console.log(`  season board plan:\n${plan.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}`);
      // The season statistics statement as settlement runs it (captured, then explained in a rolled-back transaction).
      let statement: SQL | undefined;
      await refreshSeasonStats(
        { execute: async (q: SQL) => void (statement = q) } as unknown as LedgerTx,
        race.season,
        everyone,
      );
      const statsPlan = await database.db
        .transaction(async (tx) => {
          const rows = rowsOf<{ "QUERY PLAN": string }>(
            await tx.execute(sql`EXPLAIN (ANALYZE, COSTS OFF) ${statement!}`),
          );
          throw Object.assign(new Error("rollback"), { rows });
        })
        .catch((err: { rows?: { "QUERY PLAN": string }[] }) => err.rows ?? []);
      console.log(`  season statistics plan:\n${statsPlan.map((r) => `    ${r["QUERY PLAN"]}`).join("\n")}`);
    }

    // A canceled sprint: its picks void, every diamond spent on them refunded through the ledger.
    const next = await benchRace(database, ROUND + 1);
    await insertPicks(database, next);
    const spends = await sprintSpends(database, next);
    await database.db.execute(sql`ANALYZE`);
    // The refunds alone (the ledger's set-based postings of every spend), in a transaction rolled back after.
    const sprintPicks = rowsOf<{ id: string }>(
      await database.db.execute(
        sql`SELECT id FROM predictions WHERE race_id = ${next.id} AND category LIKE 'SPRINT_%'`,
      ),
    );
    const refs = [...sprintPicks.map((p) => `prediction:${p.id}`), `podium:${next.id}:SPRINT`];
    let refundPlayers = 0;
    let refundMs = 0;
    await database.db
      .transaction(async (tx) => {
        t0 = performance.now();
        const posted = await deps.ledger.postAll(tx, await refundsFor(tx, refs));
        refundMs = ms(t0);
        refundPlayers = new Set(posted.map((r) => r.userId)).size;
        tx.rollback();
      })
      .catch(() => undefined);
    console.log(
      `  round ${ROUND + 1} SPRINT refunds alone: ${fmt(refundMs)} for ${refundPlayers.toLocaleString("en")} players` +
        (refundPlayers >= 3000 ? ` (goal ≤ 0.5 s for 3,000 players: ${refundMs <= 500 ? "met" : "NOT met"})` : ""),
    );
    t0 = performance.now();
    const canceled = await settlement.enter(next.id, { session: "SPRINT", canceled: true });
    console.log(
      `  round ${ROUND + 1} SPRINT canceled: ${fmt(ms(t0))} (${canceled.settled.toLocaleString("en")} picks voided, ${spends.toLocaleString("en")} spends, ${canceled.refunded.toLocaleString("en")} 💎 refunded)`,
    );
  } finally {
    await live.close();
    await drop();
  }
}

console.log(`settlement on ${await machine()}`);
for (const kind of await backends()) {
  for (const size of kind === "pglite" ? pgliteSizes : sizes) await run(kind, size);
}
process.exit(0);
