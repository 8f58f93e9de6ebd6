import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { FastifyInstance } from "fastify";
import type { Database } from "./db/open";
import { AppError } from "./http/errors";
import type { Live } from "./live";

// Prometheus metrics of one app (docs/operations.md "Health, metrics and request ids"). Each app has its own
// Registry: the tests build many apps in one process, and prom-client's global one refuses a name twice. Only an app
// with METRICS_TOKEN collects anything; without one the hooks are not installed and the services' observe calls
// are no-ops.

/** Seconds, from 5 ms (a save's own time) to 10 s (a settlement of a full grid). */
const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type Metrics = ReturnType<typeof createMetrics>;

/** A timed piece of work: `ok`, the contract's message code it was refused with (`raceStarted`), or `error`. */
export type Outcome = Histogram<"outcome">;

export function createMetrics(deps: { db: Database; live: Live }) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const outcome = (name: string, help: string) =>
    new Histogram({ name, help, labelNames: ["outcome"], buckets: SECONDS, registers: [registry] });
  const pool = deps.db.pool;
  const poolGauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  if (pool) {
    poolGauge(
      "pp_db_pool_connections",
      "PostgreSQL connections the pool holds (busy and idle).",
      () => pool.totalCount,
    );
    poolGauge("pp_db_pool_idle_connections", "PostgreSQL connections idle in the pool.", () => pool.idleCount);
    poolGauge(
      "pp_db_pool_waiting_requests",
      "Queries waiting for a pool connection (every one busy).",
      () => pool.waitingCount,
    );
  }
  const redisStates = ["up", "down", "connecting", "disabled"] as const;
  const liveRedis = new Gauge({
    name: "pp_live_redis_state",
    help: "The live channel's Redis adapter: 1 for the state it is in (up, down, connecting, disabled), 0 for the others.",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const now = deps.live.state?.().redis ?? "disabled";
      for (const state of redisStates) this.set({ state }, state === now ? 1 : 0);
    },
  });
  const liveSockets = new Gauge({
    name: "pp_live_sockets",
    help: "Sockets connected to this instance's live channel.",
    registers: [registry],
    collect() {
      this.set(deps.live.state?.().sockets ?? 0);
    },
  });
  return {
    registry,
    liveRedis,
    liveSockets,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "Answered HTTP requests by method, route pattern and status.",
      labelNames: ["method", "route", "status_code"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer, by method, route pattern and status.",
      labelNames: ["method", "route", "status_code"],
      buckets: SECONDS,
      registers: [registry],
    }),
    predictionSaves: outcome(
      "pp_prediction_save_duration_seconds",
      "Prediction saves (POST and PUT /predictions/races/{raceId}) by outcome.",
    ),
    betPlacements: outcome("pp_bet_placement_duration_seconds", "Bet placements by outcome."),
    purchases: outcome(
      "pp_store_purchase_duration_seconds",
      "Store purchases started (our order and the provider's) by outcome.",
    ),
    purchasesCompleted: new Counter({
      name: "pp_store_purchases_completed_total",
      help: "Orders completed and their pack credited (once per order).",
      registers: [registry],
    }),
    settlements: outcome(
      "pp_settlement_duration_seconds",
      "Result entries settled (predictions, bets, boards) by outcome.",
    ),
  };
}

/**
 * `work`, timed into `histogram` by its outcome. Not an async function: without metrics a save pays no extra promise
 * and microtask on its hot path, only the closure.
 */
export function observe<T>(histogram: Outcome | undefined, work: () => Promise<T>): Promise<T> {
  if (!histogram) return work();
  const end = histogram.startTimer();
  return work().then(
    (value) => {
      end({ outcome: "ok" });
      return value;
    },
    (err: unknown) => {
      end({ outcome: err instanceof AppError ? err.code : "error" });
      throw err;
    },
  );
}

/** Every answer by its route pattern (not its URL: ids would make a series per player and per race). */
export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "(no route)",
      status_code: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
}
