import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/open";
import type { Live } from "../live/types";
import type { Mailer } from "../mail/transport";
import type { Metrics } from "../metrics";

export type AppDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  /** The live channel's publishing API (server/live): stored notifications and live events. */
  live: Live;
  /** Set by buildApp when METRICS_TOKEN is (server/metrics.ts): the services' observe calls time into it. */
  metrics?: Metrics;
  /** Built SPA to serve next to the API (main.ts passes dist/ when it exists). */
  spaDir?: string;
};

/** Who is calling, from a verified access token. */
export type Caller = { userId: string; familyId: string; mustChangePassword: boolean };

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
