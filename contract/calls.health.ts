import { call, raw } from "./calls";
import { Liveness, Readiness } from "./health";

// For balancers and orchestrators: no token, no rate limit, nothing personal in the answers. A readiness that
// fails answers the contract's 503 serviceUnavailable (the reason is in the server's log, not in a public body).
export const healthCalls = {
  live: call({ method: "GET", path: "/health/live", auth: false, result: Liveness }),
  ready: call({ method: "GET", path: "/health/ready", auth: false, result: Readiness }),
} as const;

/**
 * Prometheus metrics (text format 0.0.4) for the scraper, with the server's METRICS_TOKEN as a bearer token: 401
 * without it or with another, 404 on a server without METRICS_TOKEN (nothing is collected there).
 */
export const metricsCalls = {
  metrics: raw({
    method: "GET",
    path: "/metrics",
    auth: false,
    answers: { 200: ["text/plain"] },
    errors: { 401: ["unauthorized"], 404: ["notFound"] },
  }),
} as const;
