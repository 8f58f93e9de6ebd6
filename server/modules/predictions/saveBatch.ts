import type { PoolClient } from "pg";

// One-round-trip saves ready in the same turn of the event loop share one transaction: one message (BEGIN, every
// save's lock, every save's conditional INSERT, COMMIT), one commit and one flush of the WAL instead of one each.
// Each INSERT writes only if its own facts held, so a save whose rows moved costs the others nothing. The locks are
// taken in the order of their keys, so two batches locking the same players can't deadlock. An error rolls the whole
// batch back (nothing written) and each save is then decided again on its own.

/** One save's part of a batch: its lock's key, its lock statement and its INSERT. */
export type BatchedSave = { key: string; lock: string; insert: string };

/** Rows the save's INSERT answered; undefined when the batch failed and nothing was written. */
type Written = { xmin: string }[] | undefined;
type Waiting = BatchedSave & { done: (rows: Written) => void };

/** The most saves one message carries. */
const MOST = 32;

/** How batches went in this process (benches: saves per batch = the saves written / batches). */
export const batches = { sent: 0, failed: 0 };

/**
 * A batcher over a pool's connections: `connect` answers a connection with the save statements prepared,
 * `release` gives it back (with the error that broke it, if any).
 */
export function saveBatcher(connect: () => Promise<PoolClient>) {
  let waiting: Waiting[] = [];

  async function send(batch: Waiting[]): Promise<void> {
    let client: PoolClient | undefined;
    let broken: Error | undefined;
    try {
      client = await connect();
      const locks = new Map(batch.map((w) => [w.key, w.lock]));
      const order = [...locks.keys()].toSorted();
      const message = ["BEGIN", ...order.map((key) => locks.get(key)!), ...batch.map((w) => w.insert), "COMMIT"].join(";\n");
      const results = (await client.query(message)) as unknown as { rows: { xmin: string }[] }[];
      batches.sent++;
      batch.forEach((w, i) => w.done(results[1 + order.length + i]?.rows ?? []));
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
    /** Writes one save with the others of this turn; answers its INSERT's rows (undefined: decide it again). */
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
