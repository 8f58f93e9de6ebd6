import { escapeLiteral, type PoolClient } from "pg";
import { pgArray } from "../../db/arrays";

// One-round-trip saves waiting together share one transaction: one message (BEGIN, every
// save's lock, one INSERT of every save's picks, COMMIT), one commit and one flush of the WAL instead of one each.
// The INSERT (pp_save_batch, saveTx.ts) writes a save's picks only if that save's own facts held, so a save whose rows
// moved costs the others nothing. One statement for all the locks and one for all the picks, not one per save: in
// PostgreSQL each statement pays its own start-up, and in Node its own result. The locks are taken in the order of
// their keys, so two batches locking the same players can't deadlock. Two saves of one key never share a batch: one
// statement reads from one snapshot, so the second would not see the first's picks; it waits for the next batch.
// An error rolls the whole batch back (nothing written) and each save is then decided again on its own. One batch is
// out at a time: the saves that arrive meanwhile wait for it and go together in the next (see IN_FLIGHT).
//
// A save that also credits diamonds (the completion reward) adds its balance row's lock (after every save's lock,
// in the order of their keys too) and its credit, which writes only while the balance is the one decided on. Its
// picks and its credit must go in together: COMMIT is then sent in a second message, once every such save's picks
// and credit both wrote or both wrote nothing; otherwise the whole batch is rolled back and decided again.

/** A credit's part of a batch: the balance row's lock (with its key, for the order) and the credit. */
export type BatchedCredit = { key: string; lock: string; statement: string };

/** A save's picks, written only while the rows its decision read are at the versions it read them at. */
export type BatchedInsert = {
  userId: string;
  raceId: string;
  /** When the picks were saved (ISO). */
  at: string;
  /** The race's stamp, the picks' versions (saveCache.ts's picksStamp) and the balance row's version it read. */
  raceStamp: string;
  picksStamp: string;
  balanceXmin: string | null;
  /** The riders it named, at the versions it read. */
  riders: { id: string; xmin: string }[];
  picks: { id: string; category: string; riderId: string; upgrades: readonly string[] }[];
};

/** One save's part of a batch: its lock's key, its picks and its credit if it pays one. */
export type BatchedSave = { key: string; insert: BatchedInsert; credit?: BatchedCredit };

type Row = { xmin: string };
/** Rows the save's INSERT and credit answered; undefined when the batch failed and nothing was written. */
export type Written = { rows: Row[]; credited: Row[] } | undefined;
type Waiting = BatchedSave & { done: (written: Written) => void };
type InsertedRow = { user_id: string; race_id: string; xmin: string };

/** The most saves one message carries. */
const MOST = 32;
/**
 * One batch out at a time: the saves decided while it is out go together in the next one (4.6 saves per message in
 * the saves bench against 3.0 when every turn sent its own; the CPU per save of server and PostgreSQL fell by a
 * fifth). A batch out for STALLED_MS (waiting on a lock another transaction holds) no longer holds the next back.
 */
const IN_FLIGHT = 1;
const STALLED_MS = 20;

/** How batches went in this process (benches: saves per batch = the saves written / batches). */
export const batches = { sent: 0, failed: 0 };

/** A batch whose credited saves wrote only half of what they must: rolled back, every save decided again. */
class HalfWritten extends Error {}

const q = escapeLiteral;

// The batch's statements are planned once per connection, not for every batch: left to choose, PostgreSQL plans them
// again for each call (their estimated cost with arrays of unknown length is above the one it plans for the arrays at
// hand), which made its CPU per save half as much again.
const GENERIC_PLANS = "SET LOCAL plan_cache_mode = force_generic_plan";

/** The EXECUTE of pp_save_locks: every save's lock, in the order of the keys. */
export function locksStatement(keys: string[]): string {
  return `EXECUTE pp_save_locks(${q(pgArray(keys.toSorted()))})`;
}

/** The EXECUTE of pp_save_batch: the saves as arrays, one element per save, per pick and per named rider. */
export function batchStatement(inserts: BatchedInsert[]): string {
  const picks = inserts.flatMap((s, i) => s.picks.map((p) => ({ i: i + 1, ...p })));
  const riders = inserts.flatMap((s, i) => s.riders.map((r) => ({ i: i + 1, ...r })));
  const args = [
    pgArray(inserts.map((s) => s.userId)),
    pgArray(inserts.map((s) => s.raceId)),
    pgArray(inserts.map((s) => s.at)),
    pgArray(inserts.map((s) => s.raceStamp)),
    pgArray(inserts.map((s) => s.picksStamp)),
    pgArray(inserts.map((s) => s.balanceXmin)),
    pgArray(picks.map((p) => p.i)),
    pgArray(picks.map((p) => p.id)),
    pgArray(picks.map((p) => p.category)),
    pgArray(picks.map((p) => p.riderId)),
    pgArray(picks.map((p) => pgArray(p.upgrades))),
    pgArray(riders.map((r) => r.i)),
    pgArray(riders.map((r) => r.id)),
    pgArray(riders.map((r) => r.xmin)),
  ];
  return `EXECUTE pp_save_batch(${args.map(q).join(", ")})`;
}

/** A batcher over a pool's connections: `connect` answers a connection with the save statements prepared. */
export function saveBatcher(connect: () => Promise<PoolClient>) {
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let stalled: ReturnType<typeof setTimeout> | undefined;

  /** The batch's message(s) on `client`: each save's rows, or a throw when nothing was written. */
  async function write(client: PoolClient, batch: Waiting[]): Promise<NonNullable<Written>[]> {
    const credits = batch.flatMap((w) => (w.credit ? [w.credit] : []));
    const balanceLockOf = new Map(credits.map((c) => [c.key, c.lock]));
    const balanceLocks = [...balanceLockOf.keys()].toSorted().map((key) => balanceLockOf.get(key)!);
    const statements = [
      "BEGIN",
      GENERIC_PLANS,
      locksStatement(batch.map((w) => w.key)),
      ...balanceLocks,
      batchStatement(batch.map((w) => w.insert)),
      ...credits.map((c) => c.statement),
    ];
    const results = (await client.query(
      [...statements, ...(credits.length ? [] : ["COMMIT"])].join(";\n"),
    )) as unknown as { rows: unknown[] }[];
    const inserted = 3 + balanceLocks.length;
    const rowsOf = new Map<string, Row[]>();
    for (const row of (results[inserted]?.rows ?? []) as InsertedRow[]) {
      const key = `${row.user_id}:${row.race_id}`;
      rowsOf.set(key, [...(rowsOf.get(key) ?? []), { xmin: row.xmin }]);
    }
    let credit = inserted + 1;
    const written = batch.map((w) => ({
      rows: rowsOf.get(`${w.insert.userId}:${w.insert.raceId}`) ?? [],
      credited: w.credit ? ((results[credit++]?.rows ?? []) as Row[]) : [],
    }));
    if (credits.length) {
      const half = batch.some((w, i) => w.credit && written[i]!.rows.length > 0 !== written[i]!.credited.length > 0);
      if (half) throw new HalfWritten("a save's picks and its credit went in apart");
      await client.query("COMMIT");
    }
    return written;
  }

  /** Sends `batch` on `given` (the connection of the batch before it) or on one of the pool's. */
  async function send(batch: Waiting[], given?: PoolClient): Promise<void> {
    let client = given;
    let broken: Error | undefined;
    let written: NonNullable<Written>[] | undefined;
    try {
      client ??= await connect();
      written = await write(client, batch);
      batches.sent++;
    } catch {
      batches.failed++;
      await client?.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
    }
    inFlight--;
    // The next batch goes out on this connection before these saves are answered. Answering them builds and sends
    // their responses in this turn's microtasks, and the pool hands a connection over only after those (~0.8 ms
    // per batch in the saves bench, during which no batch was out).
    if (client && !broken && waiting.length && inFlight < IN_FLIGHT) sendNext(client);
    else client?.release(broken);
    batch.forEach((w, i) => w.done(written?.[i]));
    flush();
  }

  /** Sends the next batch: the waiting saves in arrival order, a second save of a key already in it left for the one after. */
  function sendNext(client?: PoolClient): void {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const w of waiting) {
      if (batch.length < MOST && !keys.has(w.key)) {
        keys.add(w.key);
        batch.push(w);
      } else later.push(w);
    }
    waiting = later;
    inFlight++;
    clearTimeout(stalled);
    stalled = undefined;
    void send(batch, client);
  }

  function flush(): void {
    while (waiting.length && inFlight < IN_FLIGHT) sendNext();
    if (waiting.length && !stalled) {
      stalled = setTimeout(() => {
        stalled = undefined;
        if (waiting.length) sendNext();
        flush();
      }, STALLED_MS);
      stalled.unref();
    }
  }

  return {
    /** Writes one save with the others waiting; answers its rows (undefined: decide it again). */
    write(save: BatchedSave): Promise<Written> {
      return new Promise((resolve) => {
        // setImmediate runs after this turn's I/O callbacks: every request read in this turn has decided by then.
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ ...save, done: resolve });
      });
    },
  };
}
export type SaveBatcher = ReturnType<typeof saveBatcher>;
