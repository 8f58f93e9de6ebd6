import * as z from "zod";
import { Id, IsoDate, paged } from "./common";
import { PaymentState } from "./enums";
import { idempotencyKey } from "./validation";

// The Store: diamond packs bought through a payment provider, donations between players.
// Spec section 7 names the calls; section 4 the payment states (PayPal Orders v2 order statuses).

export const PaymentProviderName = z.enum(["sandbox", "paypal"]);
export type PaymentProviderName = z.infer<typeof PaymentProviderName>;

/** A pack on sale: `priceCents` in `currency` (ISO 4217), formatted by the player's locale. */
export const StorePack = z.object({
  dPackId: Id,
  diamonds: z.number().int().min(1),
  priceCents: z.number().int().min(1),
  currency: z.string().length(3),
});
export type StorePack = z.infer<typeof StorePack>;

/** One state an order went through, with its time. */
export const PaymentStep = z.object({ state: PaymentState, at: IsoDate });

/** A purchase order of the caller: the pack as bought (its price then), its state and where the payer approves it. */
export const PaymentOrder = z.object({
  id: Id,
  dPackId: Id,
  diamonds: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  provider: PaymentProviderName,
  state: PaymentState,
  /** Where the payer goes to approve (null once approved, voided or completed). */
  approveUrl: z.string().nullable(),
  createdAt: IsoDate,
  steps: z.array(PaymentStep),
});
export type PaymentOrder = z.infer<typeof PaymentOrder>;
export const PaymentOrdersPage = paged(PaymentOrder);

/** POST /diamonds/transactions/external: the pack (spec: "with dPackId"). */
// A pack's id of another type (a number, say) is not a missing field: the answer says what the field must be.
export const PurchaseBody = z.object({
  dPackId: z
    .string({ error: (issue) => (issue.input === undefined ? "required" : "packIdInvalid") })
    .min(1, { error: "required" }),
});

/** POST /diamonds/transactions/internal: spec "with data"; the key makes a retried donation a no-op. */
export const DonationBody = z.object({
  data: z.object({
    toUserId: z.string().uuid({ error: "validation" }),
    amount: z.number({ error: "required" }).int({ error: "validation" }),
  }),
  idempotencyKey: idempotencyKey(8, 100),
});
export type DonationBody = z.infer<typeof DonationBody>;
export const DonationResult = z.object({
  id: Id,
  amount: z.number().int(),
  toUserId: Id,
  balance: z.string().regex(/^\d+$/),
});
export type DonationResult = z.infer<typeof DonationResult>;

/** The built-in sandbox's checkout page: what the payer is asked to approve. */
export const SandboxCheckout = z.object({
  token: Id,
  orderId: Id,
  /** The pack's diamonds, which the page names with its price. */
  diamonds: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  state: PaymentState,
  /** Where the payer goes back to after approving or canceling (PayPal's return and cancel URLs). */
  returnUrl: z.string(),
  cancelUrl: z.string(),
});
export type SandboxCheckout = z.infer<typeof SandboxCheckout>;

/** Operators: the sweep of orders stuck before capture (`npm run admin -- orders capture-stuck`). */
export const CaptureStuckBody = z.object({
  olderThanMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 30)
    .default(15),
});

/** Operators: a pack's diamonds and price (`npm run admin -- packs …`). */
export const PackBody = z.object({
  diamonds: z.number().int().min(1).max(1_000_000),
  priceCents: z.number().int().min(1).max(100_000_00),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: "validation" }),
  active: z.boolean().default(true),
});
export const AdminPack = StorePack.extend({ active: z.boolean() });
export type PaymentState = z.infer<typeof PaymentState>;

export { SANDBOX_CHECKOUT_PATH } from "./storePaths";
