import type { PaymentState } from "../../../contract/store";
import type { PaymentProviderName } from "../../../contract/store";

/** An order as the provider knows it (PayPal Orders v2: id, status, the approve link, the capture). */
export type ProviderOrder = { id: string; status: PaymentState; approveUrl: string | null; captureId: string | null };

export type NewProviderOrder = {
  /** Our order id: PayPal's purchase unit reference_id and the PayPal-Request-Id, so a retried create makes one order. */
  referenceId: string;
  payerId: string;
  amountCents: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
};

/** Why a provider refused a call (PayPal's error `name` / `details[].issue`, mapped). */
export type ProviderRefusal =
  | "notApproved"
  | "payerActionRequired"
  | "declined"
  | "voided"
  | "notFound"
  | "unavailable";
export class ProviderError extends Error {
  constructor(
    readonly refusal: ProviderRefusal,
    detail: string,
  ) {
    super(`payment provider: ${refusal} (${detail})`);
  }
}

/** A webhook event the product acts on, reduced to the order it is about. */
export type ProviderEvent = { id: string; type: string; providerOrderId: string | null };

/**
 * What the Store needs from a payment provider. Two implementations follow the same state machine and code path:
 * PayPal Orders v2 over its REST API (paypal.ts) and the built-in sandbox (sandbox.ts), the default.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createOrder(order: NewProviderOrder): Promise<ProviderOrder>;
  getOrder(providerOrderId: string): Promise<ProviderOrder>;
  /** Idempotent by `requestId`: capturing twice returns the first capture. */
  captureOrder(providerOrderId: string, requestId: string): Promise<ProviderOrder>;
  /**
   * The Store canceled the order (the payer gave up here): the provider's checkout must not take it any more. PayPal
   * has no such call for an order (an unpaid order expires, and its capture is refused here); the sandbox voids it.
   */
  voidOrder?(providerOrderId: string): Promise<void>;
  /** The event if its signature is the provider's, else null. */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    event: Record<string, unknown>,
  ): Promise<ProviderEvent | null>;
}

/** The order id a PayPal-shaped webhook event is about (order events carry it as resource.id, capture events in related_ids). */
export function orderIdOfEvent(event: Record<string, unknown>): ProviderEvent | null {
  const id = typeof event.id === "string" ? event.id : null;
  const type = typeof event.event_type === "string" ? event.event_type : null;
  if (!id || !type) return null;
  const resource = (event.resource ?? {}) as Record<string, unknown>;
  let orderId: string | null = null;
  if (type.startsWith("CHECKOUT.ORDER.") && typeof resource.id === "string") orderId = resource.id;
  const related = ((resource.supplementary_data as Record<string, unknown> | undefined)?.related_ids ?? {}) as Record<
    string,
    unknown
  >;
  if (type.startsWith("PAYMENT.CAPTURE.") && typeof related.order_id === "string") orderId = related.order_id;
  return { id, type, providerOrderId: orderId };
}
