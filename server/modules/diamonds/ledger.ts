import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { DiamondEntry, DiamondReason } from "../../../contract/calls.diamonds";
import type { Paged } from "../../../contract/common";
import { SIGN_UP_DIAMONDS } from "../../../contract/diamonds";
import { LiveEvent } from "../../../contract/live";
import { pgArray, rowsOf } from "../../db/arrays";
import type { Db } from "../../db/open";
import { diamondBalances, diamondLedger } from "../../db/schema";
import type { Clock } from "../../clock";
import type { Database } from "../../db/open";
import type { Live } from "../../live/types";
import { AppError } from "../../http/errors";
import { aboutEntries } from "./about";
import { lockBalancesStatement, placeholders, writeEntriesStatement, type Tag } from "./ledgerStatements";
import { safeErrorText } from "../../http/logging";

/** `db` itself or the `tx` of `db.transaction(async (tx) => …)`. */
export type LedgerTx = Pick<Db, "select" | "insert" | "update" | "execute">;

export type Posting = {
  userId: string;
  /** Whole diamonds: positive credits, negative debits, never 0. */
  delta: number;
  reason: DiamondReason;
  /** What it is about, e.g. `prediction:<id>` (refunds look entries up by it). */
  ref?: string | null;
  /**
   * Unique per player: the same key posted again returns the first outcome and moves nothing, so a retried
   * request or job can't pay or charge twice. Derive it from what the posting is for (`change:<predictionId>:<n>`).
   */
  idempotencyKey: string;
};

export type PostResult = {
  userId: string;
  entryId: string;
  delta: number;
  /** The balance right after this entry (for a replay: right after the first posting). */
  balance: number;
  /** True when the key had been posted before and nothing moved now. */
  replayed: boolean;
};

/** The sign-up grant (game rules: every new player starts with 100 💎); post it in the transaction that creates the player. */
export const signUpGrant = (userId: string): Posting => ({
  userId,
  delta: SIGN_UP_DIAMONDS,
  reason: "SIGN_UP",
  ref: null,
  idempotencyKey: "sign-up",
});

const keyOf = (userId: string, key: string) => `${userId} ${key}`;

/** Refuses a posting the ledger can't take (a programming error, not a player's). */
function checkPosting(p: Posting): void {
  if (!Number.isSafeInteger(p.delta) || p.delta === 0)
    throw new Error(`diamonds: delta must be a whole non-zero number, got ${p.delta}`);
  if (!p.idempotencyKey) throw new Error("diamonds: idempotencyKey is required");
}

/**
 * The ledger's statements prepared (ledgerStatements.ts, the texts `postAll` sends), for a caller that sends them in
 * one message with its own (a save's completion reward, server/modules/predictions/saveTx.ts) and PREPAREs these
 * once per connection. `pp_ledger_lock` takes the balance row's lock; `pp_ledger_credit`, sent after it in the same
 * transaction, writes a credit computed from the balance the caller read before: nothing while the balance is no
 * longer that one or the key was posted before. It answers the balance row's new version: one row when it credited,
 * none (and nothing written) otherwise.
 */
export const LEDGER_PREPARE = [
  `PREPARE pp_ledger_lock(uuid[]) AS ${lockBalancesStatement(placeholders, "$1")}`,
  `PREPARE pp_ledger_credit(uuid[], uuid[], bigint[], bigint[], text[], text[], text[], uuid[], bigint[], bigint[], int[], timestamptz) AS
  ${writeEntriesStatement(placeholders, { ids: "$1", userIds: "$2", deltas: "$3", balancesAfter: "$4", reasons: "$5", refs: "$6", keys: "$7", players: "$8", before: "$9", after: "$10", entries: "$11", at: "$12" })}`,
];

/** Quotes a value as an SQL literal (the connection's `escapeLiteral`): a message of several statements has no bind parameters. */
type Quote = (value: string) => string;

/** The EXECUTE locking `userId`'s balance row (LEDGER_PREPARE). */
export const lockStatement = (q: Quote, userId: string) => `EXECUTE pp_ledger_lock(${q(pgArray([userId]))})`;

/**
 * One credit onto `balance`, read before the lock of `lockStatement` (LEDGER_PREPARE): the balance it leaves, and its
 * EXECUTE for the time it is posted at.
 */
export function creditStatement(q: Quote, p: Posting, balance: number): { balance: number; at: (now: Date) => string } {
  checkPosting(p);
  if (p.delta < 0) throw new Error("diamonds: a credit's delta is positive");
  const after = balance + p.delta;
  const entries = [
    [randomUUID()],
    [p.userId],
    [p.delta],
    [after],
    [p.reason],
    [p.ref ?? null],
    [p.idempotencyKey],
    [p.userId],
    [balance],
    [after],
    [1],
  ];
  const args = entries.map((values) => q(pgArray(values))).join(", ");
  return { balance: after, at: (now) => `EXECUTE pp_ledger_credit(${args}, ${q(now.toISOString())})` };
}

/** drizzle's `sql` as a tag of ledgerStatements.ts: its values bound. */
const bound: Tag<SQL> = (strings, ...values) => sql(strings, ...values);

/** The player's balance (0 for a player without a balance row yet). */
export async function balanceOf(db: LedgerTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ balance: diamondBalances.balance })
    .from(diamondBalances)
    .where(eq(diamondBalances.userId, userId));
  return row?.balance ?? 0;
}

/** The player's own entries (of one reason when given), newest first. */
export async function history(
  db: LedgerTx,
  userId: string,
  page: number,
  take: number,
  reason?: DiamondReason,
): Promise<Paged<DiamondEntry>> {
  const mine = reason
    ? and(eq(diamondLedger.userId, userId), eq(diamondLedger.reason, reason))
    : eq(diamondLedger.userId, userId);
  const [total] = await db.select({ n: count() }).from(diamondLedger).where(mine);
  const rows = await db
    .select()
    .from(diamondLedger)
    .where(mine)
    .orderBy(desc(diamondLedger.seq))
    .limit(take)
    .offset((page - 1) * take);
  const n = Number(total?.n ?? 0);
  const about = await aboutEntries(db, userId, rows);
  return {
    data: rows.map((r, i) => ({
      id: r.id,
      delta: r.delta,
      reason: r.reason,
      ref: r.ref,
      balance: String(r.balanceAfter),
      createdAt: r.createdAt.toISOString(),
      about: about[i],
    })),
    page,
    pages: Math.ceil(n / take),
    count: n,
  };
}

/**
 * The diamonds ledger: the only way a balance changes (game rules "Diamonds"). Modules call `post` inside
 * their own transaction, so a purchase, a bet or a change and its diamonds commit or roll back together,
 * then `publish` after commit.
 */
export function diamondsLedger(deps: { clock: Clock; db: Database; live: Live }) {
  const { clock, live } = deps;

  /**
   * Locks the balance rows of `userIds` (sorted, distinct) in player-id order, creating missing ones at 0 (only
   * for players that exist); answers each balance. 404 notFound when a player doesn't exist. One statement
   * when every row is there (the usual case): two transactions locking the same players lock them in the same
   * order, so they can't deadlock.
   */
  async function lockBalances(tx: LedgerTx, userIds: readonly string[]): Promise<Map<string, number>> {
    const lockRows = async (ids: readonly string[]) =>
      rowsOf<{ user_id: string; balance: string | number }>(
        await tx.execute(lockBalancesStatement(bound, pgArray(ids))),
      );
    const balances = new Map<string, number>();
    for (const r of await lockRows(userIds)) balances.set(r.user_id, Number(r.balance));
    const missing = userIds.filter((id) => !balances.has(id));
    if (missing.length) {
      // Selected from users, so an unknown player inserts nothing and answers 404 rather than a foreign-key error.
      await tx.execute(
        sql`INSERT INTO diamond_balances (user_id, balance, updated_at) SELECT id, 0, ${clock.now().toISOString()} FROM users WHERE id = ANY(${pgArray(missing)}::uuid[]) ON CONFLICT (user_id) DO NOTHING`,
      );
      for (const r of await lockRows(missing)) balances.set(r.user_id, Number(r.balance));
      if (missing.some((id) => !balances.has(id))) throw new AppError(404, "notFound");
    }
    return balances;
  }

  /**
   * Posts one entry inside the caller's transaction and returns the new balance. Refuses (402
   * notEnoughDiamonds) when the balance would drop below zero; the CHECK on the table is the backstop.
   */
  async function post(tx: LedgerTx, p: Posting): Promise<PostResult> {
    return (await postAll(tx, [p]))[0]!;
  }

  /**
   * Several postings in one transaction (a donation's debit and credit, a race's refunds), set-based: the
   * players' balance rows locked in player-id order (no deadlocks), their keys looked up at once, then every new
   * entry and every balance written by one statement. Outcomes as if posted one at a time in player-id order
   * (input order within a player): a key already posted (before, or earlier in the batch) replays its first
   * outcome and moves nothing; a debit past zero refuses the whole batch (402 notEnoughDiamonds).
   */
  async function postAll(tx: LedgerTx, postings: readonly Posting[]): Promise<PostResult[]> {
    for (const p of postings) checkPosting(p);
    if (postings.length === 0) return [];
    const order = postings
      .map((p, i) => ({ p, i }))
      .toSorted((a, b) => (a.p.userId < b.p.userId ? -1 : a.p.userId > b.p.userId ? 1 : a.i - b.i));
    const players = [...new Set(order.map((o) => o.p.userId))];
    const locked = await lockBalances(tx, players);
    const balances = new Map(locked);

    // Checked under the locks: a concurrent posting of the same keys has committed by now, or not started.
    type Prior = { id: string; delta: number; reason: string; balanceAfter: number };
    const prior = new Map<string, Prior>();
    const found = rowsOf<{
      id: string;
      user_id: string;
      idempotency_key: string;
      delta: string | number;
      reason: string;
      balance_after: string | number;
    }>(
      await tx.execute(sql`SELECT l.id, l.user_id, l.idempotency_key, l.delta, l.reason, l.balance_after FROM diamond_ledger l
        JOIN unnest(${pgArray(order.map((o) => o.p.userId))}::uuid[], ${pgArray(order.map((o) => o.p.idempotencyKey))}::text[]) AS k(user_id, idempotency_key)
          ON l.user_id = k.user_id AND l.idempotency_key = k.idempotency_key`),
    );
    for (const r of found)
      prior.set(keyOf(r.user_id, r.idempotency_key), {
        id: r.id,
        delta: Number(r.delta),
        reason: r.reason,
        balanceAfter: Number(r.balance_after),
      });

    const now = clock.now();
    const results: PostResult[] = Array.from({ length: postings.length });
    const fresh: { id: string; p: Posting; balanceAfter: number }[] = [];
    for (const { p, i } of order) {
      const key = keyOf(p.userId, p.idempotencyKey);
      const first = prior.get(key);
      if (first) {
        // The same key for a different movement is not a retry: a client that sent its own key (a donation, the
        // dev top-up) reused it for other details. Refused as invalid input, all rolled back, nothing moved.
        if (first.delta !== p.delta || first.reason !== p.reason) throw new AppError(400, "validation");
        results[i] = {
          userId: p.userId,
          entryId: first.id,
          delta: first.delta,
          balance: first.balanceAfter,
          replayed: true,
        };
        continue;
      }
      const next = balances.get(p.userId)! + p.delta;
      if (next < 0) throw new AppError(402, "notEnoughDiamonds");
      balances.set(p.userId, next);
      const id = randomUUID();
      prior.set(key, { id, delta: p.delta, reason: p.reason, balanceAfter: next });
      fresh.push({ id, p, balanceAfter: next });
      results[i] = { userId: p.userId, entryId: id, delta: p.delta, balance: next, replayed: false };
    }
    if (fresh.length === 0) return results;

    // One statement: the entries in posting order, each touched balance set to its last value.
    const entriesOf = new Map<string, number>();
    for (const f of fresh) entriesOf.set(f.p.userId, (entriesOf.get(f.p.userId) ?? 0) + 1);
    const touched = [...entriesOf.keys()];
    const written = rowsOf<{ user_id: string }>(
      await tx.execute(
        writeEntriesStatement(bound, {
          ids: pgArray(fresh.map((f) => f.id)),
          userIds: pgArray(fresh.map((f) => f.p.userId)),
          deltas: pgArray(fresh.map((f) => f.p.delta)),
          balancesAfter: pgArray(fresh.map((f) => f.balanceAfter)),
          reasons: pgArray(fresh.map((f) => f.p.reason)),
          refs: pgArray(fresh.map((f) => f.p.ref ?? null)),
          keys: pgArray(fresh.map((f) => f.p.idempotencyKey)),
          players: pgArray(touched),
          before: pgArray(touched.map((u) => locked.get(u)!)),
          after: pgArray(touched.map((u) => balances.get(u)!)),
          entries: pgArray(touched.map((u) => entriesOf.get(u)!)),
          at: now.toISOString(),
        }),
      ),
    );
    // Under the locks, with the keys looked up, every player's entries go in: anything else is a broken ledger.
    if (written.length !== touched.length)
      throw new Error("diamonds: a balance moved under its lock or a key was posted twice");
    return results;
  }

  /** The balance as committed: on PostgreSQL a statement prepared once per connection (a paying save publishes it). */
  async function committedBalance(userId: string): Promise<number> {
    const { pool } = deps.db;
    if (!pool) return balanceOf(deps.db.db, userId);
    const { rows } = await pool.query<{ balance: string }>({
      name: "pp_ledger_balance",
      text: "SELECT balance FROM diamond_balances WHERE user_id = $1",
      values: [userId],
    });
    return Number(rows[0]?.balance ?? 0);
  }

  /**
   * After commit: pushes each player's current balance as `user-balance-update` (not stored) to their
   * sockets. Reads the committed balance rather than a posting's result, so a push includes every commit
   * before it. Never throws: a lost push costs nothing, GET /diamonds/user/balance stays the truth.
   */
  async function publish(...userIds: string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      try {
        const balance = await committedBalance(userId);
        live.emit(LiveEvent.userBalanceUpdate, { balance: String(balance) }, [userId]);
      } catch (err) {
        console.warn("[diamonds] balance push failed:", safeErrorText(err));
      }
    }
  }

  return { post, postAll, balanceOf, history, publish };
}
export type DiamondsLedger = ReturnType<typeof diamondsLedger>;
