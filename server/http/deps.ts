import type { Agent } from "node:https";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/open";
import type { Live } from "../live/types";
import type { Mailer } from "../mail/transport";
import type { Metrics } from "../metrics";
import { diamondsLedger, type DiamondsLedger } from "../modules/diamonds/ledger";

export type AppDeps = {
  db: Database;
  clock: Clock;
  mailer: Mailer;
  config: Config;
  /** The live channel's publishing API (server/live): stored notifications and live events. */
  live: Live;
  /** The diamonds ledger, the only way a balance changes: built once from the rest (`appDeps`), used by every module. */
  ledger: DiamondsLedger;
  /** Set by buildApp when METRICS_TOKEN is (server/metrics.ts): the services' observe calls time into it. */
  metrics?: Metrics;
  /** The HTTPS agent pushes go out through (a test's local push service with its own certificate); Node's default else. */
  pushAgent?: Agent;
  /** Built SPA to serve next to the API (main.ts passes dist/ when it exists). */
  spaDir?: string;
};

/** What an app is made from; its ledger is built from these once. */
export type BaseDeps = Omit<AppDeps, "ledger">;

/** The app's dependencies: `base` with the one ledger built from it (a deps that has its ledger is kept as it is). */
export const appDeps = (base: BaseDeps & { ledger?: DiamondsLedger }): AppDeps =>
  base.ledger ? (base as AppDeps) : { ...base, ledger: diamondsLedger(base) };

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
