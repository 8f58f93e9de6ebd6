import { randomUUID } from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { DiamondEntry, DiamondReason } from "../../../contract/calls.diamonds";
import type { Paged } from "../../../contract/common";
import { SIGN_UP_DIAMONDS } from "../../../contract/diamonds";
import { LiveEvent } from "../../../contract/live";
import type { Db } from "../../db/open";
import { diamondBalances, diamondLedger } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
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
export const signUpGrant = (userId: string): Posting => ({ userId, delta: SIGN_UP_DIAMONDS, reason: "SIGN_UP", ref: null, idempotencyKey: "sign-up" });

/** The player's balance (0 for a player without a balance row yet). */
export async function balanceOf(db: LedgerTx, userId: string): Promise<number> {
  const [row] = await db.select({ balance: diamondBalances.balance }).from(diamondBalances).where(eq(diamondBalances.userId, userId));
  return row?.balance ?? 0;
}

/** The player's own entries (of one reason when given), newest first. */
export async function history(db: LedgerTx, userId: string, page: number, take: number, reason?: DiamondReason): Promise<Paged<DiamondEntry>> {
  const mine = reason ? and(eq(diamondLedger.userId, userId), eq(diamondLedger.reason, reason)) : eq(diamondLedger.userId, userId);
  const [total] = await db.select({ n: count() }).from(diamondLedger).where(mine);
  const rows = await db
    .select()
    .from(diamondLedger)
    .where(mine)
    .orderBy(desc(diamondLedger.seq))
    .limit(take)
    .offset((page - 1) * take);
  const n = Number(total?.n ?? 0);
  return {
    data: rows.map((r) => ({ id: r.id, delta: r.delta, reason: r.reason, ref: r.ref, balance: String(r.balanceAfter), createdAt: r.createdAt.toISOString() })),
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
export function diamondsLedger(deps: Pick<AppDeps, "clock" | "db" | "live">) {
  const { clock, live } = deps;

  /** Locks the player's balance row (creating it at 0 when missing), so one player's postings run one at a time. */
  async function lockBalance(tx: LedgerTx, userId: string): Promise<number> {
    const locked = () => tx.select({ balance: diamondBalances.balance }).from(diamondBalances).where(eq(diamondBalances.userId, userId)).for("update");
    let [row] = await locked();
    if (!row) {
      // Selected from users, so an unknown player inserts nothing and answers 404 rather than a foreign-key error.
      await tx.execute(
        sql`INSERT INTO diamond_balances (user_id, balance, updated_at) SELECT id, 0, ${clock.now().toISOString()} FROM users WHERE id = ${userId} ON CONFLICT (user_id) DO NOTHING`,
      );
      [row] = await locked();
    }
    if (!row) throw new AppError(404, "notFound");
    return row.balance;
  }

  /**
   * Posts one entry inside the caller's transaction and returns the new balance. Refuses (402
   * notEnoughDiamonds) when the balance would drop below zero; the CHECK on the table is the backstop.
   */
  async function post(tx: LedgerTx, p: Posting): Promise<PostResult> {
    if (!Number.isSafeInteger(p.delta) || p.delta === 0) throw new Error(`diamonds: delta must be a whole non-zero number, got ${p.delta}`);
    if (!p.idempotencyKey) throw new Error("diamonds: idempotencyKey is required");
    const balance = await lockBalance(tx, p.userId);

    // Checked under the lock: a concurrent posting of the same key has committed by now, or not started.
    const [prior] = await tx
      .select()
      .from(diamondLedger)
      .where(and(eq(diamondLedger.userId, p.userId), eq(diamondLedger.idempotencyKey, p.idempotencyKey)));
    if (prior) {
      // The same key for a different movement is a bug in the caller, not a retry.
      if (prior.delta !== p.delta || prior.reason !== p.reason) {
        throw new Error(`diamonds: key ${p.idempotencyKey} already posted as ${prior.reason} ${prior.delta}`);
      }
      return { userId: p.userId, entryId: prior.id, delta: prior.delta, balance: prior.balanceAfter, replayed: true };
    }

    const next = balance + p.delta;
    if (next < 0) throw new AppError(402, "notEnoughDiamonds");
    const now = clock.now();
    const entryId = randomUUID();
    await tx.insert(diamondLedger).values({
      id: entryId,
      userId: p.userId,
      delta: p.delta,
      balanceAfter: next,
      reason: p.reason,
      ref: p.ref ?? null,
      idempotencyKey: p.idempotencyKey,
      createdAt: now,
    });
    await tx.update(diamondBalances).set({ balance: next, updatedAt: now }).where(eq(diamondBalances.userId, p.userId));
    return { userId: p.userId, entryId, delta: p.delta, balance: next, replayed: false };
  }

  /**
   * Several postings in one transaction (a donation's debit and credit, a race's refunds), taken in player-id
   * order: two transactions locking the same players always lock them in the same order, so they can't deadlock.
   */
  async function postAll(tx: LedgerTx, postings: readonly Posting[]): Promise<PostResult[]> {
    const order = postings.map((p, i) => ({ p, i })).toSorted((a, b) => (a.p.userId < b.p.userId ? -1 : a.p.userId > b.p.userId ? 1 : a.i - b.i));
    const results: PostResult[] = Array.from({ length: postings.length });
    for (const { p, i } of order) results[i] = await post(tx, p);
    return results;
  }

  /**
   * After commit: pushes each player's current balance as `user-balance-update` (not stored) to their
   * sockets. Reads the committed balance rather than a posting's result, so a push includes every commit
   * before it. Never throws: a lost push costs nothing, GET /diamonds/user/balance stays the truth.
   */
  async function publish(...userIds: string[]): Promise<void> {
    for (const userId of new Set(userIds)) {
      try {
        const balance = await balanceOf(deps.db.db, userId);
        live.emit(LiveEvent.userBalanceUpdate, { balance: String(balance) }, [userId]);
      } catch (err) {
        console.warn("[diamonds] balance push failed:", safeErrorText(err));
      }
    }
  }

  return { post, postAll, balanceOf, history, publish };
}
export type DiamondsLedger = ReturnType<typeof diamondsLedger>;
