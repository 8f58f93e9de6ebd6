// Bet settlement at scale: N players each with three bets on round 12 (a WIN, a PLACE and an ACROSS bet: five legs)
// inserted in bulk with their stakes' ledger entries, then `settleRaceBets` timed on the race's classification (in a
// transaction, as the results entry runs it) against the floor of the same run: the same legs decided by one
// UPDATE alone; the ledger's postings and the notifications are timed on their own too. Then the same bets again,
// refunded by a canceled race. Figures: docs/performance.md "Bet settlement". A report, not a test: `npm run bench betSettlement`.
// BET_SIZES=1000,10000 (players), BET_PGLITE_SIZES (default BET_SIZES), BENCH_BACKENDS.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createClock } from "../../server/clock";
import type { Database } from "../../server/db/open";
import { createLive } from "../../server/live";
import { settleRaceBets } from "../../server/modules/bets/settlement";
import { diamondsLedger, type Posting } from "../../server/modules/diamonds/ledger";
import { notifyInBatches } from "../../server/live/notifyInBatches";
import {
  backends,
  benchConfig,
  benchRace,
  createPlayers,
  machine,
  openBenchDb,
  type Backend,
  type BenchRace,
} from "./helpers/benchDb";

const sizes = (process.env.BET_SIZES ?? "1000,10000").split(",").map(Number);
const pgliteSizes = (process.env.BET_PGLITE_SIZES ?? sizes.join(",")).split(",").map(Number);
const ROUND = 12;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const ms = (t0: number) => performance.now() - t0;
const fmt = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${v.toFixed(0)} ms`);

/**
 * Every bench player's three bets on `race` (WIN 30 on one of the first twelve riders by a hash of the player, PLACE 30
 * on the next, ACROSS 30 on the one after: five legs), at odds 3.0 / 2.0 / the ACROSS legs' own, and each stake's BET
 * entry in the ledger (the balance follows: 100 − 90).
 */
async function insertBets(database: Database, race: BenchRace): Promise<number> {
  const riders = `{${race.riders.slice(0, 12).join(",")}}`;
  await database.db.execute(sql`
    WITH p AS (
      SELECT u.id AS user_id, abs(hashtext(u.id::text)) AS h, gen_random_uuid() AS win, gen_random_uuid() AS place, gen_random_uuid() AS across
      FROM users u WHERE u.name LIKE 'bench-%'
    ), legs AS (
      SELECT user_id, win AS placement, 'WIN' AS placed_as, 'WIN' AS type, (${riders}::uuid[])[1 + h % 12] AS rider, 30 AS stake, 3.0 AS odds FROM p
      UNION ALL SELECT user_id, place, 'PLACE', 'PLACE', (${riders}::uuid[])[1 + (h + 1) % 12], 30, 2.0 FROM p
      UNION ALL SELECT user_id, across, 'ACROSS', t.type, (${riders}::uuid[])[1 + (h + 2) % 12], 10, t.odds
        FROM p CROSS JOIN (VALUES ('WIN', 4.0), ('PLACE', 2.5), ('SHOW', 1.82)) AS t(type, odds)
    )
    INSERT INTO bets (id, placement_id, user_id, race_id, rider_id, placed_as, type, stake, odds, placed_at)
    SELECT gen_random_uuid(), placement, user_id, ${race.id}, rider, placed_as, type, stake, odds, now() FROM legs`);
  await database.db.execute(sql`
    INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
    SELECT gen_random_uuid(), b.user_id, -sum(b.stake), 100 - 30 * row_number() OVER (PARTITION BY b.user_id ORDER BY b.placement_id), 'BET',
      'bet:' || b.placement_id, 'bet:' || b.race_id || ':' || min(b.rider_id::text) || ':' || b.placed_as, now()
    FROM bets b WHERE b.race_id = ${race.id} GROUP BY b.user_id, b.placement_id, b.race_id, b.placed_as`);
  await database.db.execute(
    sql`UPDATE diamond_balances SET balance = 10 WHERE user_id IN (SELECT id FROM users WHERE name LIKE 'bench-%')`,
  );
  const [{ n }] = rowsOf<{ n: number }>(
    await database.db.execute(sql`SELECT count(*)::int AS n FROM bets WHERE race_id = ${race.id}`),
  ) as [{ n: number }];
  return n;
}

async function run(kind: Backend, players: number): Promise<void> {
  const clock = createClock();
  const { database, drop } = await openBenchDb(kind, clock.now());
  const live = createLive({ db: database, clock, config: benchConfig() });
  const base = { db: database, clock, live };
  const deps = { ...base, ledger: diamondsLedger(base) };
  try {
    await createPlayers(database, players);
    const race = await benchRace(database, ROUND);
    const legs = await insertBets(database, race);
    await database.db.execute(sql`ANALYZE`);
    console.log(`${kind}, ${players.toLocaleString("en")} players, ${legs.toLocaleString("en")} legs (3 bets each):`);
    const top = race.riders.slice(0, 12);

    // The floor: the same legs decided by one UPDATE and nothing else (rolled back).
    let t0 = performance.now();
    await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`UPDATE bets SET status = CASE WHEN rider_id = ${top[0]!} THEN 'WON' ELSE 'LOST' END, payout = 0, settled_at = now() WHERE race_id = ${race.id} AND status = 'OPEN'`,
        );
        throw new Error("rollback");
      })
      .catch(() => undefined);
    const floor = ms(t0);

    // The ledger's part and the notifications' part on their own (rolled back): as many postings as there will be
    // payouts, one notification per player.
    const [{ winners }] = rowsOf<{ winners: number }>(
      await database.db.execute(
        sql`SELECT count(DISTINCT user_id)::int AS winners FROM bets WHERE race_id = ${race.id} AND rider_id = ANY(${`{${top.slice(0, 3).join(",")}}`}::uuid[])`,
      ),
    ) as [{ winners: number }];
    const ids = rowsOf<{ id: string }>(
      await database.db.execute(sql`SELECT id FROM users WHERE name LIKE 'bench-%' ORDER BY id`),
    ).map((r) => r.id);
    const postings: Posting[] = ids
      .slice(0, winners)
      .map((userId) => ({ userId, delta: 1, reason: "BET_PAYOUT", ref: "bench", idempotencyKey: "bench-payout" }));
    const rolledBack = async (
      f: (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0]) => Promise<unknown>,
    ) => {
      const t = performance.now();
      await database.db
        .transaction(async (tx) => {
          await f(tx);
          throw new Error("rollback");
        })
        .catch(() => undefined);
      return ms(t);
    };
    const ledgerPart = await rolledBack((tx) => deps.ledger.postAll(tx, postings));
    const noticePart = await rolledBack((tx) =>
      notifyInBatches(deps, tx, ids, "BET_RESULTS", (u) => ({
        raceName: "bench",
        bets: 3,
        won: u.length % 2,
        payout: 0,
        refunded: 0,
      })),
    );

    t0 = performance.now();
    const settled = await database.db.transaction((tx) =>
      settleRaceBets(deps, tx, { id: race.id, name: "bench" }, { canceled: false, top }),
    );
    const whole = ms(t0);
    const [{ paid }] = rowsOf<{ paid: number }>(
      await database.db.execute(sql`SELECT count(*)::int AS paid FROM diamond_ledger WHERE reason = 'BET_PAYOUT'`),
    ) as [{ paid: number }];
    console.log(
      `  settled on the classification: ${fmt(whole)} (${settled.settled.toLocaleString("en")} legs, ${paid.toLocaleString("en")} payout entries, ${settled.paid.toLocaleString("en")} 💎); floor (one UPDATE alone): ${fmt(floor)}; of which the ledger's ${postings.length.toLocaleString("en")} postings alone: ${fmt(ledgerPart)}, the ${ids.length.toLocaleString("en")} notifications alone: ${fmt(noticePart)}`,
    );

    // The same bets open again on the next round, refunded by its canceled race session.
    const next = await benchRace(database, ROUND + 1);
    await database.db.execute(
      sql`UPDATE diamond_balances SET balance = 100 WHERE user_id IN (SELECT id FROM users WHERE name LIKE 'bench-%')`,
    );
    await insertBets(database, next);
    await database.db.execute(sql`ANALYZE`);
    t0 = performance.now();
    const refunded = await database.db.transaction((tx) =>
      settleRaceBets(deps, tx, { id: next.id, name: "bench" }, { canceled: true }),
    );
    console.log(
      `  canceled race refunds: ${fmt(ms(t0))} (${refunded.settled.toLocaleString("en")} legs, ${refunded.refunded.toLocaleString("en")} 💎 in ${(players * 3).toLocaleString("en")} refunds)`,
    );
  } finally {
    await live.close();
    await drop();
  }
}

console.log(`bet settlement on ${await machine()}`);
for (const kind of await backends()) {
  for (const size of kind === "pglite" ? pgliteSizes : sizes) await run(kind, size);
}
process.exit(0);
