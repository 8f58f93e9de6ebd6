import { call } from "./calls";
import { Liveness, Readiness } from "./health";

// For balancers and orchestrators: no token, no rate limit, nothing personal in the answers. A readiness that
// fails answers the contract's 503 serviceUnavailable (the reason is in the server's log, not in a public body).
export const healthCalls = {
  live: call({ method: "GET", path: "/health/live", auth: false, result: Liveness }),
  ready: call({ method: "GET", path: "/health/ready", auth: false, result: Readiness }),
} as const;
