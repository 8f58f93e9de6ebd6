import type { PaymentState } from "./store";
import { allow, refuse, type Verdict } from "./verdict";

// game-rules.md "Diamonds", once: how a purchase order moves through the payment states (PayPal Orders v2),
// when its diamonds are credited, and what a donation may be refused for. The server, the purchase and
// donation machines and the Store screen ask these functions.

export const storeNumbers = {
  /** A donation gives at least this many whole diamonds. */
  minDonation: 10,
  /** Orders and history rows per page on the Store screen. */
  pageSize: 10,
} as const;

/**
 * CREATED → (SAVED) → (PAYER_ACTION_REQUIRED) → APPROVED → COMPLETED, or VOIDED before completion.
 * COMPLETED and VOIDED are final. An approved order may need the payer again (a card's 3-D Secure step-up at
 * capture): APPROVED → PAYER_ACTION_REQUIRED.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentState, readonly PaymentState[]>> = {
  CREATED: ["SAVED", "PAYER_ACTION_REQUIRED", "APPROVED", "VOIDED"],
  SAVED: ["PAYER_ACTION_REQUIRED", "APPROVED", "VOIDED"],
  PAYER_ACTION_REQUIRED: ["APPROVED", "VOIDED"],
  APPROVED: ["COMPLETED", "PAYER_ACTION_REQUIRED", "VOIDED"],
  COMPLETED: [],
  VOIDED: [],
};

export const canMove = (from: PaymentState, to: PaymentState) => from === to || PAYMENT_TRANSITIONS[from].includes(to);
export const isFinalPayment = (state: PaymentState) => PAYMENT_TRANSITIONS[state].length === 0;
/** States in which the payer still has something to do at the provider. */
export const awaitsPayer = (state: PaymentState) =>
  state === "CREATED" || state === "SAVED" || state === "PAYER_ACTION_REQUIRED";

/** Whether an order in `state` can be captured now (and its diamonds credited). */
export function captureVerdict(state: PaymentState): Verdict<"capture" | "done"> {
  if (state === "COMPLETED") return allow("done");
  if (state === "APPROVED") return allow("capture");
  if (state === "VOIDED") return refuse(409, "paymentVoided");
  return refuse(409, "paymentNotApproved");
}

/** Whether the payer can still cancel (void) an order in `state`. */
export function voidVerdict(state: PaymentState): Verdict<PaymentState> {
  if (state === "VOIDED") return allow("VOIDED");
  if (state === "COMPLETED") return refuse(409, "paymentCompleted");
  return allow("VOIDED");
}

/** Diamonds per whole unit of money (per dollar, per euro), one decimal: what makes bigger packs worth it. */
export const diamondsPerUnit = (pack: { diamonds: number; priceCents: number }) =>
  Math.round((pack.diamonds * 1000) / pack.priceCents) / 10;

/** PayPal's amount value: "4.99" from 499 cents (two-decimal currencies). */
export const moneyValue = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

export type DonationFacts = { fromUserId: string; toUserId: string; amount: number; balance?: number };

/** A donation: whole diamonds, at least 10, not to oneself, and (when the balance is known) affordable. */
export function donationVerdict(f: DonationFacts): Verdict<number> {
  if (!Number.isSafeInteger(f.amount) || f.amount < storeNumbers.minDonation) return refuse(400, "donationMin");
  if (f.fromUserId === f.toUserId) return refuse(403, "donationToSelf");
  if (f.balance !== undefined && f.balance < f.amount) return refuse(402, "notEnoughDiamonds");
  return allow(f.amount);
}
