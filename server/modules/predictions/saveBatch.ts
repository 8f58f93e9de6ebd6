import type { PoolClient } from "pg";

// One-round-trip saves ready in the same turn of the event loop share one transaction: one message (BEGIN, every
// save's lock, every save's conditional INSERT, COMMIT), one commit and one flush of the WAL instead of one each.
// Each INSERT writes only if its own facts held, so a save whose rows moved costs the others nothing. The locks are
// taken in the order of their keys, so two batches locking the same players can't deadlock. An error rolls the whole
// batch back (nothing written) and each save is then decided again on its own.
//
// A save that also credits diamonds (the completion reward) adds its balance row's lock (after every save's lock,
// in the order of their keys too) and its credit, which writes only while the balance is the one decided on. Its
// picks and its credit must go in together: COMMIT is then sent in a second message, once every such save's INSERT
// and credit both wrote or both wrote nothing; otherwise the whole batch is rolled back and decided again.

/** A credit's part of a batch: the balance row's lock (with its key, for the order) and the credit. */
export type BatchedCredit = { key: string; lock: string; statement: string };

/** One save's part of a batch: its lock's key, its lock statement, its INSERT and its credit if it pays one. */
export type BatchedSave = { key: string; lock: string; insert: string; credit?: BatchedCredit };

type Row = { xmin: string };
/** Rows the save's INSERT and credit answered; undefined when the batch failed and nothing was written. */
export type Written = { rows: Row[]; credited: Row[] } | undefined;
type Waiting = BatchedSave & { done: (written: Written) => void };

/** The most saves one message carries. */
const MOST = 32;

/** How batches went in this process (benches: saves per batch = the saves written / batches). */
export const batches = { sent: 0, failed: 0 };

/** A batch whose credited saves wrote only half of what they must: rolled back, every save decided again. */
class HalfWritten extends Error {}

/** A batcher over a pool's connections: `connect` answers a connection with the save statements prepared. */
export function saveBatcher(connect: () => Promise<PoolClient>) {
  let waiting: Waiting[] = [];

  async function send(batch: Waiting[]): Promise<void> {
    let client: PoolClient | undefined;
    let broken: Error | undefined;
    try {
      client = await connect();
      const lockOf = new Map(batch.map((w) => [w.key, w.lock]));
      const locks = [...lockOf.keys()].toSorted().map((key) => lockOf.get(key)!);
      const credits = batch.flatMap((w) => (w.credit ? [w.credit] : []));
      const balanceLockOf = new Map(credits.map((c) => [c.key, c.lock]));
      const balanceLocks = [...balanceLockOf.keys()].toSorted().map((key) => balanceLockOf.get(key)!);
      const statements = ["BEGIN", ...locks, ...balanceLocks, ...batch.map((w) => w.insert), ...credits.map((c) => c.statement)];
      const results = (await client.query([...statements, ...(credits.length ? [] : ["COMMIT"])].join(";\n"))) as unknown as { rows: Row[] }[];
      const first = 1 + locks.length + balanceLocks.length;
      let credit = first + batch.length;
      const written = batch.map((w, i) => ({ rows: results[first + i]?.rows ?? [], credited: w.credit ? (results[credit++]?.rows ?? []) : [] }));
      if (credits.length) {
        const half = batch.some((w, i) => w.credit && written[i]!.rows.length > 0 !== written[i]!.credited.length > 0);
        if (half) throw new HalfWritten("a save's picks and its credit went in apart");
        await client.query("COMMIT");
      }
      batches.sent++;
      batch.forEach((w, i) => w.done(written[i]));
    } catch {
      batches.failed++;
      await client?.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
      for (const w of batch) w.done(undefined);
    } finally {
      client?.release(broken);
    }
  }

  function flush(): void {
    const all = waiting;
    waiting = [];
    for (let i = 0; i < all.length; i += MOST) void send(all.slice(i, i + MOST));
  }

  return {
    /** Writes one save with the others of this turn; answers its rows (undefined: decide it again). */
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
