import { and, eq, lt, sql } from "drizzle-orm";
import type { DiamondReason } from "../../../contract/calls.diamonds";
import { pgArray } from "../../db/arrays";
import { diamondLedger } from "../../db/schema";
import type { LedgerTx, Posting } from "./ledger";

// Refunds of spends, shared by every settlement that voids them (a canceled session, an injured rider's bets, a
// canceled race's bets): they live beside the ledger so no settlement needs another's module for them.

/** Refund keys: one per spend refunded, so voiding twice (or an injury then a cancel) refunds once. */
export const refundKey = (entryId: string) => `refund:${entryId}`;

/**
 * Refund postings for every spend (negative entry) whose ref is one of `refs`, to run through `postAll`
 * (player-id order, no deadlocks); a spend refunded before replays its key and moves nothing. `only`: spends of that reason.
 */
export async function refundsFor(tx: LedgerTx, refs: readonly string[], only?: DiamondReason): Promise<Posting[]> {
  if (refs.length === 0) return [];
  const spends = await tx
    .select({ id: diamondLedger.id, userId: diamondLedger.userId, delta: diamondLedger.delta, ref: diamondLedger.ref })
    .from(diamondLedger)
    .where(
      and(
        sql`${diamondLedger.ref} = ANY(${pgArray(refs)}::text[])`,
        lt(diamondLedger.delta, 0),
        only ? eq(diamondLedger.reason, only) : undefined,
      ),
    );
  return spends.map((s) => ({
    userId: s.userId,
    delta: -s.delta,
    reason: "REFUND" as const,
    ref: s.ref,
    idempotencyKey: refundKey(s.id),
  }));
}
