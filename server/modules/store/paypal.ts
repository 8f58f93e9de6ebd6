import type { PaymentState } from "../../../contract/store";
import { PaymentState as PaymentStates } from "../../../contract/enums";
import { moneyValue } from "../../../contract/storeRules";
import {
  orderIdOfEvent,
  ProviderError,
  type NewProviderOrder,
  type PaymentProvider,
  type ProviderOrder,
  type ProviderRefusal,
} from "./provider";

export type PayPalSettings = {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com (sandbox) or https://api-m.paypal.com (live); tests: a local server. */
  baseUrl: string;
  /** The webhook's id in the PayPal dashboard, needed to verify its signatures. */
  webhookId: string | undefined;
  fetch?: typeof fetch;
};

type PayPalLink = { href: string; rel: string; method?: string };
type PayPalOrder = {
  id: string;
  status: string;
  links?: PayPalLink[];
  purchase_units?: { payments?: { captures?: { id: string; status: string }[] } }[];
};
type PayPalErrorBody = {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
  error?: string;
};

const state = (status: string): PaymentState => {
  const parsed = PaymentStates.safeParse(status);
  if (!parsed.success) throw new ProviderError("unavailable", `unknown order status ${status}`);
  return parsed.data;
};

function toOrder(o: PayPalOrder): ProviderOrder {
  const link = o.links?.find((l) => l.rel === "approve" || l.rel === "payer-action");
  const capture = o.purchase_units?.[0]?.payments?.captures?.[0];
  return { id: o.id, status: state(o.status), approveUrl: link?.href ?? null, captureId: capture?.id ?? null };
}

/** PayPal's documented error issues, mapped to what the Store does about them. */
function refusalOf(status: number, body: PayPalErrorBody): ProviderRefusal {
  const issues = (body.details ?? []).map((d) => d.issue ?? "");
  if (status === 404 || body.name === "RESOURCE_NOT_FOUND") return "notFound";
  if (issues.includes("ORDER_NOT_APPROVED")) return "notApproved";
  if (issues.includes("PAYER_ACTION_REQUIRED")) return "payerActionRequired";
  if (issues.includes("ORDER_ALREADY_CAPTURED")) return "notApproved";
  if (
    issues.includes("INSTRUMENT_DECLINED") ||
    issues.includes("TRANSACTION_REFUSED") ||
    issues.includes("PAYER_CANNOT_PAY")
  )
    return "declined";
  if (issues.includes("ORDER_EXPIRED") || issues.includes("ORDER_VOIDED") || issues.includes("ORDER_CANNOT_BE_SAVED"))
    return "voided";
  return "unavailable";
}

/**
 * PayPal Orders v2 over its REST API: OAuth2 client credentials, create order (the pack as one purchase unit),
 * the approve link, capture, order details and webhook signature verification. Chosen when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set (settings.ts).
 */
export function paypalProvider(s: PayPalSettings): PaymentProvider {
  const http = s.fetch ?? fetch;
  let token: { value: string; until: number } | null = null;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await http(`${s.baseUrl}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
    }).catch((err: unknown) => {
      throw new ProviderError("unavailable", String(err));
    });
    if (!res.ok) throw new ProviderError("unavailable", `oauth2 token ${res.status}`);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    // Renewed a minute early.
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function api<T>(method: "GET" | "POST", path: string, body?: unknown, requestId?: string): Promise<T> {
    const res = await http(`${s.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        prefer: "return=representation",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }).catch((err: unknown) => {
      throw new ProviderError("unavailable", String(err));
    });
    const text = await res.text();
    const json = (text ? JSON.parse(text) : {}) as T & PayPalErrorBody;
    if (res.status === 401) token = null;
    if (!res.ok) throw new ProviderError(refusalOf(res.status, json), `${res.status} ${json.name ?? json.error ?? ""}`);
    return json;
  }

  return {
    name: "paypal",
    async createOrder(o: NewProviderOrder) {
      const created = await api<PayPalOrder>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: o.referenceId,
              custom_id: o.referenceId,
              description: o.description,
              amount: { currency_code: o.currency, value: moneyValue(o.amountCents) },
            },
          ],
          application_context: {
            return_url: o.returnUrl,
            cancel_url: o.cancelUrl,
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
        `create-${o.referenceId}`,
      );
      return toOrder(created);
    },
    getOrder: async (id) => toOrder(await api<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`)),
    async captureOrder(id, requestId) {
      try {
        return toOrder(
          await api<PayPalOrder>("POST", `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, requestId),
        );
      } catch (err) {
        // ORDER_ALREADY_CAPTURED (another request got there first): the order's details say what it became.
        if (err instanceof ProviderError && err.refusal === "notApproved") {
          const now = toOrder(await api<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`));
          if (now.status === "COMPLETED") return now;
        }
        throw err;
      }
    },
    async verifyWebhook(headers, event) {
      if (!s.webhookId) return null;
      const h = (name: string) => {
        const v = headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const verdict = await api<{ verification_status: string }>("POST", "/v1/notifications/verify-webhook-signature", {
        auth_algo: h("paypal-auth-algo"),
        cert_url: h("paypal-cert-url"),
        transmission_id: h("paypal-transmission-id"),
        transmission_sig: h("paypal-transmission-sig"),
        transmission_time: h("paypal-transmission-time"),
        webhook_id: s.webhookId,
        webhook_event: event,
      });
      return verdict.verification_status === "SUCCESS" ? orderIdOfEvent(event) : null;
    },
  };
}
