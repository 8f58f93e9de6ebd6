import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { PaymentState } from "../../../contract/store";
import { SANDBOX_CHECKOUT_PATH, type SandboxCheckout } from "../../../contract/store";
import { paymentOrders, sandboxPayments, type SandboxPaymentRow } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { orderIdOfEvent, ProviderError, type PaymentProvider, type ProviderOrder } from "./provider";

/** The sandbox's webhook signature: HMAC-SHA256 of the event's JSON under the sandbox's secret (header x-sandbox-signature). */
export const sandboxSignature = (secret: string, event: unknown) =>
  createHmac("sha256", secret).update(JSON.stringify(event)).digest("hex");

/** The built-in sandbox's checkout page in the SPA (src/screens/store/SandboxCheckoutScreen.tsx). */
export const sandboxCheckoutPath = SANDBOX_CHECKOUT_PATH;

const toOrder = (row: SandboxPaymentRow, publicUrl: string): ProviderOrder => ({
  id: row.id,
  status: row.status,
  approveUrl:
    row.status === "CREATED" || row.status === "PAYER_ACTION_REQUIRED"
      ? `${publicUrl}${sandboxCheckoutPath}?token=${row.id}`
      : null,
  captureId: row.captureId,
});

const view = (row: SandboxPaymentRow, diamonds: number): SandboxCheckout => ({
  token: row.id,
  orderId: row.referenceId,
  diamonds,
  priceCents: row.amountCents,
  currency: row.currency,
  state: row.status,
  returnUrl: `${row.returnUrl}${row.returnUrl.includes("?") ? "&" : "?"}token=${row.id}&PayerID=SANDBOXPAYER`,
  cancelUrl: `${row.cancelUrl}${row.cancelUrl.includes("?") ? "&" : "?"}token=${row.id}`,
});

const final = (row: SandboxPaymentRow) => {
  if (row.status === "VOIDED") throw new AppError(409, "paymentVoided");
  if (row.status === "COMPLETED") throw new AppError(409, "paymentCompleted");
};

/**
 * The built-in sandbox payment provider, the default (no network needed): it keeps its orders like PayPal keeps
 * its own (table sandbox_payments) and follows PayPal's order states. The payer approves on the product's sandbox
 * checkout page, is asked for a 3-D Secure step (PAYER_ACTION_REQUIRED), then the order is APPROVED; or cancels
 * (VOIDED). No real money moves.
 */
export function sandboxProvider(deps: Pick<AppDeps, "db" | "clock" | "config">, webhookSecret: string) {
  const db = deps.db.db;
  const publicUrl = deps.config.publicUrl.replace(/\/$/, "");

  async function locked(tx: Pick<typeof db, "select">, id: string): Promise<SandboxPaymentRow> {
    const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for("update");
    if (!row) throw new ProviderError("notFound", id);
    return row;
  }

  const provider: PaymentProvider = {
    name: "sandbox",
    async createOrder(o) {
      const now = deps.clock.now();
      const row: SandboxPaymentRow = {
        id: `SBX-${randomBytes(8).toString("hex").toUpperCase()}`,
        payerId: o.payerId,
        referenceId: o.referenceId,
        amountCents: o.amountCents,
        currency: o.currency,
        status: "CREATED",
        returnUrl: o.returnUrl,
        cancelUrl: o.cancelUrl,
        captureId: null,
        requestIds: [],
        createdAt: now,
        updatedAt: now,
      };
      await db.insert(sandboxPayments).values(row);
      return toOrder(row, publicUrl);
    },
    async getOrder(id) {
      const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, id));
      if (!row) throw new ProviderError("notFound", id);
      return toOrder(row, publicUrl);
    },
    captureOrder: (id, requestId) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, id);
        // Like PayPal-Request-Id: the same request again answers the first capture.
        if (row.status === "COMPLETED") return toOrder(row, publicUrl);
        if (row.status === "VOIDED") throw new ProviderError("voided", id);
        if (row.status === "PAYER_ACTION_REQUIRED") throw new ProviderError("payerActionRequired", id);
        if (row.status !== "APPROVED") throw new ProviderError("notApproved", id);
        const captureId = `SBXCAP-${randomBytes(8).toString("hex").toUpperCase()}`;
        await tx
          .update(sandboxPayments)
          .set({
            status: "COMPLETED",
            captureId,
            requestIds: sql`array_append(${sandboxPayments.requestIds}, ${requestId})`,
            updatedAt: deps.clock.now(),
          })
          .where(eq(sandboxPayments.id, id));
        return toOrder({ ...row, status: "COMPLETED", captureId }, publicUrl);
      }),
    voidOrder: (id) =>
      db.transaction(async (tx) => {
        const row = await locked(tx, id);
        // A completed order stays completed (the money was taken); a capture of it is credited as usual.
        if (row.status !== "COMPLETED" && row.status !== "VOIDED")
          await tx
            .update(sandboxPayments)
            .set({ status: "VOIDED", updatedAt: deps.clock.now() })
            .where(eq(sandboxPayments.id, id));
      }),
    async verifyWebhook(headers, event) {
      const given = headers["x-sandbox-signature"];
      const sig = Array.isArray(given) ? given[0] : given;
      if (!sig) return null;
      const expected = Buffer.from(sandboxSignature(webhookSecret, event));
      const actual = Buffer.from(sig);
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
      return orderIdOfEvent(event);
    },
  };

  /** The payer's side: what the checkout page shows and does (only the payer's own orders). */
  async function payerAction(
    payerId: string,
    id: string,
    act: (row: SandboxPaymentRow) => PaymentState | null,
  ): Promise<SandboxCheckout> {
    return db.transaction(async (tx) => {
      const [row] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, id)).for("update");
      if (!row || row.payerId !== payerId) throw new AppError(404, "notFound");
      const next = act(row);
      const now = deps.clock.now();
      if (next && next !== row.status)
        await tx.update(sandboxPayments).set({ status: next, updatedAt: now }).where(eq(sandboxPayments.id, id));
      // The pack the page names: the Store's order this one was made for (its reference id).
      const [order] = await tx
        .select({ diamonds: paymentOrders.diamonds })
        .from(paymentOrders)
        .where(eq(paymentOrders.id, row.referenceId));
      return view({ ...row, status: next ?? row.status }, order?.diamonds ?? 0);
    });
  }

  return {
    provider,
    checkout: (payerId: string, id: string) => payerAction(payerId, id, () => null),
    /**
     * The payer pays: the sandbox card asks for 3-D Secure (PAYER_ACTION_REQUIRED). Paying again an approved order
     * (another card, another tab) asks for it again, as a card issuer may: a capture then answers that the payer is
     * needed, the provider branch PayPal's 3-D Secure step-up takes.
     */
    approve: (payerId: string, id: string) =>
      payerAction(payerId, id, (row) => {
        final(row);
        return "PAYER_ACTION_REQUIRED";
      }),
    /** The payer passes the 3-D Secure step: APPROVED, ready to capture. */
    authenticate: (payerId: string, id: string) =>
      payerAction(payerId, id, (row) => {
        final(row);
        if (row.status !== "PAYER_ACTION_REQUIRED" && row.status !== "APPROVED")
          throw new AppError(409, "paymentNotApproved");
        return "APPROVED";
      }),
    cancel: (payerId: string, id: string) =>
      payerAction(payerId, id, (row) => {
        if (row.status === "COMPLETED") throw new AppError(409, "paymentCompleted");
        return "VOIDED";
      }),
  };
}
export type SandboxProvider = ReturnType<typeof sandboxProvider>;
