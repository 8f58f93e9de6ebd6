import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, lte, or } from "drizzle-orm";
import type { Paged } from "../../../contract/common";
import type { PaymentState } from "../../../contract/store";
import type { DonationBody, DonationResult, PaymentOrder, StorePack } from "../../../contract/store";
import { canMove, captureVerdict, donationVerdict, voidVerdict } from "../../../contract/storeRules";
import { diamondPacks, paymentOrders, paymentOrderSteps, users, type PaymentOrderRow } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import { safeErrorText } from "../../http/logging";
import type { LedgerTx } from "../diamonds/ledger";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { ProviderError, type PaymentProvider, type ProviderEvent, type ProviderOrder } from "./provider";
import { STORE_PATH } from "../../../contract/storePaths";
import { isUuid } from "../../../contract/common";

/** Ledger keys of the Store: a pack is credited once per order; a donation once per sender's key. */
export const storeKeys = {
  purchase: (orderId: string) => `purchase:${orderId}`,
  purchaseRef: (orderId: string) => `order:${orderId}`,
  donationOut: (key: string) => `donation:${key}`,
  donationIn: (fromUserId: string, key: string) => `donation:${fromUserId}:${key}`,
  donationRef: (fromUserId: string, key: string) => `donation:${fromUserId}:${key}`,
};

const toView = (row: PaymentOrderRow, stepList: { state: PaymentState; at: string }[]): PaymentOrder => ({
  id: row.id,
  dPackId: row.packId,
  diamonds: row.diamonds,
  priceCents: row.priceCents,
  currency: row.currency,
  provider: row.provider,
  state: row.state,
  approveUrl:
    row.state === "CREATED" || row.state === "SAVED" || row.state === "PAYER_ACTION_REQUIRED" ? row.approveUrl : null,
  createdAt: row.createdAt.toISOString(),
  steps: stepList,
});

const lockOrder = async (tx: LedgerTx, id: string) => {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for("update");
  if (!row) throw new AppError(404, "notFound");
  return row;
};

/** What a provider's refusal means for the player. */
function providerRefusal(err: unknown): never {
  if (err instanceof ProviderError) {
    if (err.refusal === "notFound") throw new AppError(404, "notFound");
    if (err.refusal === "declined") throw new AppError(402, "paymentFailed");
    if (err.refusal === "voided") throw new AppError(409, "paymentVoided");
    if (err.refusal === "notApproved" || err.refusal === "payerActionRequired")
      throw new AppError(409, "paymentNotApproved");
    console.warn("[store] provider unavailable:", safeErrorText(err));
    throw new AppError(402, "paymentFailed");
  }
  throw err;
}

/**
 * Packs, purchase orders through the payment provider and donations. Diamonds move only through the ledger, each
 * in the same transaction as the order's state change (a capture) or both sides of a donation.
 */
export function storeService(deps: AppDeps, provider: PaymentProvider) {
  const db = deps.db.db;
  const ledger = deps.ledger;
  const publicUrl = deps.config.publicUrl.replace(/\/$/, "");

  async function steps(orderIds: string[]) {
    if (orderIds.length === 0) return new Map<string, { state: PaymentState; at: string }[]>();
    const rows = await db
      .select()
      .from(paymentOrderSteps)
      .where(inArray(paymentOrderSteps.orderId, orderIds))
      .orderBy(asc(paymentOrderSteps.id));
    const out = new Map<string, { state: PaymentState; at: string }[]>();
    for (const r of rows)
      out.set(r.orderId, [...(out.get(r.orderId) ?? []), { state: r.state, at: r.at.toISOString() }]);
    return out;
  }

  async function viewOf(row: PaymentOrderRow): Promise<PaymentOrder> {
    return toView(row, (await steps([row.id])).get(row.id) ?? []);
  }

  /** The caller's order by our id or the provider's (the return page carries PayPal's `token`). */
  async function ownOrder(userId: string, id: string): Promise<PaymentOrderRow> {
    const [row] = await db
      .select()
      .from(paymentOrders)
      .where(
        and(
          eq(paymentOrders.userId, userId),
          isUuid(id)
            ? or(eq(paymentOrders.id, id), eq(paymentOrders.providerOrderId, id))
            : eq(paymentOrders.providerOrderId, id),
        ),
      );
    if (!row) throw new AppError(404, "notFound");
    return row;
  }

  /** Moves an order to `to` (when the state machine allows it), recording the step; inside the caller's transaction. */
  async function move(
    tx: LedgerTx,
    row: PaymentOrderRow,
    to: PaymentState,
    source: string,
    extra: Partial<PaymentOrderRow> = {},
  ): Promise<PaymentOrderRow> {
    if (row.state === to || !canMove(row.state, to)) return row;
    const at = deps.clock.now();
    await tx
      .update(paymentOrders)
      .set({ state: to, updatedAt: at, ...extra })
      .where(eq(paymentOrders.id, row.id));
    await tx.insert(paymentOrderSteps).values({ orderId: row.id, state: to, source, at });
    return { ...row, ...extra, state: to, updatedAt: at };
  }

  /** Records what the provider says the order is now (not COMPLETED: only `complete` credits). */
  async function sync(row: PaymentOrderRow, at: ProviderOrder, source: string): Promise<PaymentOrderRow> {
    if (at.status === "COMPLETED") return complete(row.id, at.captureId, source);
    return db.transaction(async (tx) => move(tx, await lockOrder(tx, row.id), at.status, source));
  }

  /**
   * COMPLETED and the pack credited, once: the order row's lock and the ledger key 'purchase:<order>' both guard it.
   * `by`: the operator whose sweep completed it (capture-stuck), written to the audit log in the same transaction.
   */
  async function complete(
    orderId: string,
    captureId: string | null,
    source: string,
    by?: Operator,
  ): Promise<PaymentOrderRow> {
    const done = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId);
      if (row.state === "COMPLETED") return { row, credited: false };
      // A capture the provider made completes even an order the payer gave up on here (the money was taken).
      const from = row.state === "VOIDED" ? { ...row, state: "APPROVED" as const } : row;
      await ledger.post(tx, {
        userId: row.userId,
        delta: row.diamonds,
        reason: "PURCHASE",
        ref: storeKeys.purchaseRef(row.id),
        idempotencyKey: storeKeys.purchase(row.id),
      });
      const next = await move(
        tx,
        from.state === "APPROVED" ? from : await move(tx, from, "APPROVED", source),
        "COMPLETED",
        source,
        { captureId },
      );
      if (by) {
        await recordAudit(tx, deps.clock, by, {
          action: "ORDER_CHANGE",
          target: `order ${row.id}`,
          before: { state: row.state },
          after: { state: next.state, diamonds: row.diamonds, credited: true },
        });
      }
      return { row: next, credited: true };
    });
    if (done.credited) {
      deps.metrics?.purchasesCompleted.inc();
      await ledger.publish(done.row.userId);
    }
    return done.row;
  }

  /** Captures when the provider says APPROVED; answers what the order is now. Safe to call any number of times at once. */
  async function capture(row: PaymentOrderRow, source: string, by?: Operator): Promise<PaymentOrderRow> {
    if (row.state === "COMPLETED") return row;
    if (row.state === "VOIDED") throw new AppError(409, "paymentVoided");
    if (!row.providerOrderId) throw new AppError(409, "paymentNotApproved");
    let atProvider: ProviderOrder;
    try {
      atProvider = await provider.getOrder(row.providerOrderId);
    } catch (err) {
      providerRefusal(err);
    }
    if (atProvider.status !== "APPROVED" && atProvider.status !== "COMPLETED") {
      const now = await sync(row, atProvider, source);
      allowed(captureVerdict(now.state));
      // Approved here, not (or no longer) at the provider: nothing can be captured yet.
      throw new AppError(409, "paymentNotApproved");
    }
    if (atProvider.status === "APPROVED") {
      await sync(row, atProvider, source);
      try {
        atProvider = await provider.captureOrder(row.providerOrderId, `capture-${row.id}`);
      } catch (err) {
        providerRefusal(err);
      }
    }
    return complete(row.id, atProvider.captureId, source, by);
  }

  return {
    provider,

    async packs(): Promise<StorePack[]> {
      const rows = await db
        .select()
        .from(diamondPacks)
        .where(eq(diamondPacks.active, true))
        .orderBy(asc(diamondPacks.priceCents), asc(diamondPacks.diamonds));
      return rows.map((p) => ({ dPackId: p.id, diamonds: p.diamonds, priceCents: p.priceCents, currency: p.currency }));
    },

    /** POST /diamonds/transactions/external: our order first (CREATED), then the provider's, linked by our id. */
    async purchase(userId: string, dPackId: string): Promise<PaymentOrder> {
      if (!isUuid(dPackId)) throw new AppError(404, "notFound");
      const [pack] = await db
        .select()
        .from(diamondPacks)
        .where(and(eq(diamondPacks.id, dPackId), eq(diamondPacks.active, true)));
      if (!pack) throw new AppError(404, "notFound");
      const id = randomUUID();
      const now = deps.clock.now();
      await db.transaction(async (tx) => {
        await tx.insert(paymentOrders).values({
          id,
          userId,
          packId: pack.id,
          diamonds: pack.diamonds,
          priceCents: pack.priceCents,
          currency: pack.currency,
          provider: provider.name,
          providerOrderId: null,
          approveUrl: null,
          state: "CREATED",
          captureId: null,
          createdAt: now,
          updatedAt: now,
        });
        await tx.insert(paymentOrderSteps).values({ orderId: id, state: "CREATED", source: "create", at: now });
      });
      let created: ProviderOrder;
      try {
        created = await provider.createOrder({
          referenceId: id,
          payerId: userId,
          amountCents: pack.priceCents,
          currency: pack.currency,
          description: `${pack.diamonds} diamonds`,
          returnUrl: `${publicUrl}${STORE_PATH}`,
          cancelUrl: `${publicUrl}${STORE_PATH}?state=VOIDED`,
        });
      } catch (err) {
        await db.transaction(async (tx) => move(tx, await lockOrder(tx, id), "VOIDED", "create-failed"));
        providerRefusal(err);
      }
      const [row] = await db
        .update(paymentOrders)
        .set({ providerOrderId: created.id, approveUrl: created.approveUrl, updatedAt: deps.clock.now() })
        .where(eq(paymentOrders.id, id))
        .returning();
      return viewOf(row!);
    },

    /** GET /diamonds/transactions/{id}: the order, its state read again from the provider while the payer is at it. */
    async order(userId: string, id: string): Promise<PaymentOrder> {
      let row = await ownOrder(userId, id);
      if (
        (row.state === "CREATED" || row.state === "SAVED" || row.state === "PAYER_ACTION_REQUIRED") &&
        row.providerOrderId
      ) {
        try {
          const atProvider = await provider.getOrder(row.providerOrderId);
          // The provider's COMPLETED is only ever reached through our capture; a read never credits.
          if (atProvider.status !== "COMPLETED") row = await sync(row, atProvider, "read");
        } catch (err) {
          console.warn("[store] order read failed:", safeErrorText(err));
        }
      }
      return viewOf(row);
    },

    /** GET /diamonds/transactions/{id}/capture. */
    capture: async (userId: string, id: string) => viewOf(await capture(await ownOrder(userId, id), "capture")),

    /** The payer gave up (the provider's cancel page sent them back): VOIDED, nothing credited. */
    async cancel(userId: string, id: string): Promise<PaymentOrder> {
      const own = await ownOrder(userId, id);
      const row = await db.transaction(async (tx) => {
        const locked = await lockOrder(tx, own.id);
        allowed(voidVerdict(locked.state));
        return move(tx, locked, "VOIDED", "payer");
      });
      // Else the provider's page, still open in another tab, would take the payment of an order the Store refuses.
      if (row.providerOrderId && provider.voidOrder) {
        try {
          await provider.voidOrder(row.providerOrderId);
        } catch (err) {
          console.warn("[store] provider void failed:", safeErrorText(err));
        }
      }
      return viewOf(row);
    },

    async orders(userId: string, page: number, take: number): Promise<Paged<PaymentOrder>> {
      const [total] = await db.select({ n: count() }).from(paymentOrders).where(eq(paymentOrders.userId, userId));
      const rows = await db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.userId, userId))
        .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
        .limit(take)
        .offset((page - 1) * take);
      const all = await steps(rows.map((r) => r.id));
      const n = Number(total?.n ?? 0);
      return { data: rows.map((r) => toView(r, all.get(r.id) ?? [])), page, pages: Math.ceil(n / take), count: n };
    },

    /**
     * A verified webhook event: an approved order is captured (racing the payer's return page is fine), a
     * completed capture completes the order; a replayed event finds the work done and credits nothing.
     */
    async webhook(event: ProviderEvent): Promise<void> {
      if (!event.providerOrderId) return;
      const [row] = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            eq(paymentOrders.provider, provider.name),
            isNotNull(paymentOrders.providerOrderId),
            eq(paymentOrders.providerOrderId, event.providerOrderId),
          ),
        );
      if (!row) return;
      try {
        if (event.type === "CHECKOUT.ORDER.APPROVED") await capture(row, "webhook");
        else if (event.type === "PAYMENT.CAPTURE.COMPLETED" || event.type === "CHECKOUT.ORDER.COMPLETED") {
          const atProvider = await provider.getOrder(event.providerOrderId);
          if (atProvider.status === "COMPLETED") await complete(row.id, atProvider.captureId, "webhook");
        } else if (event.type === "CHECKOUT.ORDER.VOIDED")
          await sync(
            row,
            { id: event.providerOrderId, status: "VOIDED", approveUrl: null, captureId: null },
            "webhook",
          );
      } catch (err) {
        // A refusal (not approved yet, voided) is the order's state, not the webhook's failure.
        if (!(err instanceof AppError)) throw err;
      }
    },

    /**
     * The operator's sweep: orders not final after `olderThanMs` (approved at the provider, never captured: the payer
     * closed the window, the server stopped in between) are read again from the provider and captured when approved.
     * Answers the orders it completed.
     */
    async captureStuck(olderThanMs: number, by?: Operator): Promise<PaymentOrder[]> {
      const before = new Date(deps.clock.now().getTime() - olderThanMs);
      const rows = await db
        .select()
        .from(paymentOrders)
        .where(
          and(
            inArray(paymentOrders.state, ["CREATED", "SAVED", "PAYER_ACTION_REQUIRED", "APPROVED"]),
            isNotNull(paymentOrders.providerOrderId),
            lte(paymentOrders.updatedAt, before),
          ),
        );
      const out: PaymentOrder[] = [];
      for (const r of rows) {
        try {
          const now = await capture(r, "operator", by);
          if (now.state === "COMPLETED") out.push(await viewOf(now));
        } catch (err) {
          // Not approved (yet) or voided: left as it is.
          if (!(err instanceof AppError)) throw err;
        }
      }
      return out;
    },

    /** POST /diamonds/transactions/internal: both sides in one transaction, locked in player-id order. */
    async donate(fromUserId: string, body: DonationBody): Promise<DonationResult> {
      const { toUserId, amount } = body.data;
      allowed(donationVerdict({ fromUserId, toUserId, amount }));
      const [to] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, toUserId), isNotNull(users.emailConfirmedAt)));
      if (!to) throw new AppError(404, "notFound");
      const [from] = await db.select({ name: users.name }).from(users).where(eq(users.id, fromUserId));
      const ref = storeKeys.donationRef(fromUserId, body.idempotencyKey);
      const result = await db.transaction(async (tx) => {
        const [out, into] = await ledger.postAll(tx, [
          {
            userId: fromUserId,
            delta: -amount,
            reason: "DONATION",
            ref,
            idempotencyKey: storeKeys.donationOut(body.idempotencyKey),
          },
          {
            userId: toUserId,
            delta: amount,
            reason: "DONATION",
            ref,
            idempotencyKey: storeKeys.donationIn(fromUserId, body.idempotencyKey),
          },
        ]);
        // A key reused for another recipient would credit them without debiting anyone: refused, all rolled back.
        if (out!.replayed !== into!.replayed) throw new AppError(400, "validation");
        if (!out!.replayed)
          await deps.live.notify(tx, [toUserId], "DIAMONDS_RECEIVED", {
            user: { id: fromUserId, name: from?.name ?? "" },
            amount,
          });
        return { id: out!.entryId, amount, toUserId, balance: String(out!.balance), replayed: out!.replayed };
      });
      if (!result.replayed) {
        await ledger.publish(fromUserId, toUserId);
        await deps.live.flush();
      }
      return { id: result.id, amount: result.amount, toUserId: result.toUserId, balance: result.balance };
    },
  };
}
export type StoreService = ReturnType<typeof storeService>;
