import { sql, type SQL } from "drizzle-orm";
import type { Db } from "./open";

// The named locks: PostgreSQL advisory locks held until their transaction ends, each keyed by text that names what
// must not interleave. Every key is made here, so two writers that must exclude each other cannot spell theirs
// differently, and every lock is taken by the same SQL.

export const lockKeys = {
  /** One settlement of a race at a time; bets, entries, moves and grading of that race wait for it. */
  settlement: (raceId: string) => `settle:${raceId}`,
  /** One player's bets on one race. */
  playerBets: (userId: string, raceId: string) => `bets:${userId}:${raceId}`,
  /** One player's prediction writes on one race: every save path takes this one. */
  predictionSave: (userId: string, raceId: string) => `predictions:${userId}:${raceId}`,
  /** The season's statistics, rewritten by one settlement at a time. */
  seasonStats: (season: number) => `season-stats:${season}`,
  /** One season file imported at a time. */
  seasonImport: () => "season-import",
} as const;

/** The lock on one key as an SQL expression (it is NULL once granted), to take inside a larger statement. */
export const lockExpression = (key: string): SQL => sql`pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/** The same lock in a prepared statement's text, on the parameter or column `ref` (`$1`, `k`). */
export const lockExpressionText = (ref: string) => `pg_advisory_xact_lock(hashtextextended(${ref}, 0))`;

type LockTx = Pick<Db, "execute">;

/** Waits for the lock on `key`, held until the transaction ends. */
export async function holdLock(tx: LockTx, key: string): Promise<void> {
  await tx.execute(sql`SELECT ${lockExpression(key)}`);
}

/** Waits for a shared hold on `key`: many may share it, none while someone holds it alone. */
export async function holdLockShared(tx: LockTx, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`);
}
