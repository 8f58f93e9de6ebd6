import { createHmac } from "node:crypto";
import type { AppDeps } from "../../http/deps";
import { paypalProvider } from "./paypal";
import type { PaymentProvider } from "./provider";
import { sandboxProvider, type SandboxProvider } from "./sandbox";

type Env = Record<string, string | undefined>;
const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/** PayPal's REST base URLs (PAYPAL_BASE_URL may name either, or a local test server). */
export const PAYPAL_SANDBOX_URL = "https://api-m.sandbox.paypal.com";
export const PAYPAL_LIVE_URL = "https://api-m.paypal.com";

/** The sandbox's webhook secret: SANDBOX_WEBHOOK_SECRET, else derived from the server's own secret. */
export const sandboxWebhookSecret = (deps: Pick<AppDeps, "config">, env: Env = process.env) =>
  nonEmpty(env.SANDBOX_WEBHOOK_SECRET) ??
  createHmac("sha256", deps.config.jwtAccessSecret).update("sandbox-webhook").digest("hex");

export type Payments = { provider: PaymentProvider; sandbox: SandboxProvider | null };

/**
 * The payment provider, by setting: PayPal Orders v2 when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are set
 * (PAYPAL_BASE_URL, default PayPal's sandbox; PAYPAL_WEBHOOK_ID), otherwise the built-in sandbox (offline, no money).
 */
export function paymentsFromEnv(deps: Pick<AppDeps, "db" | "clock" | "config">, env: Env = process.env): Payments {
  const clientId = nonEmpty(env.PAYPAL_CLIENT_ID);
  const clientSecret = nonEmpty(env.PAYPAL_CLIENT_SECRET);
  if (clientId && clientSecret) {
    return {
      provider: paypalProvider({
        clientId,
        clientSecret,
        baseUrl: (nonEmpty(env.PAYPAL_BASE_URL) ?? PAYPAL_SANDBOX_URL).replace(/\/$/, ""),
        webhookId: nonEmpty(env.PAYPAL_WEBHOOK_ID),
      }),
      sandbox: null,
    };
  }
  const sandbox = sandboxProvider(deps, sandboxWebhookSecret(deps, env));
  return { provider: sandbox.provider, sandbox };
}
