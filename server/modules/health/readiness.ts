import type { FastifyBaseLogger } from "fastify";
import type { QueryConfig } from "pg";
import type { Readiness } from "../../../contract/health";
import { readMigrations } from "../../db/migrate";
import type { Database } from "../../db/open";
import type { Live } from "../../live";

/** A balancer probes every few seconds: a database slower than this to say `SELECT` is as good as away. */
export const READY_TIMEOUT_MS = 1500;

export type ReadyCheck = { ready: true; answer: Readiness } | { ready: false; reason: string };

/** Our own timeout, told apart from the database's errors (it has no error of the database's to log). */
class NotReady extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NotReady(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The readiness of one instance: the database answers and has applied every migration of this build (one round
 * trip, the applied names are the trivial query). Redis being away only degrades: the API still serves.
 */
export function readiness(deps: { db: Database; live: Live }, log: FastifyBaseLogger, timeoutMs = READY_TIMEOUT_MS) {
  // The files this build ships; a database ahead of them (a newer instance migrated during a rolling deploy) is still ready.
  const expected = readMigrations().map((m) => m.name);
  // Probes that come while one is waiting for the database share it: a database that hangs holds one connection, not one per probe.
  let inFlight: Promise<string[]> | null = null;
  let wasReady: boolean | undefined;

  const appliedMigrations = async (): Promise<string[]> => {
    const text = "SELECT name FROM schema_migrations";
    const pool = deps.db.pool;
    // PostgreSQL: the statement itself gives up at the timeout, so a hung database does not keep the connection for DB_QUERY_TIMEOUT_MS.
    // (pg reads `query_timeout` from a query's config; its types leave it out.)
    if (pool)
      return (await pool.query<{ name: string }>({ text, query_timeout: timeoutMs } as QueryConfig)).rows.map(
        (r) => r.name,
      );
    return (await deps.db.withConnection((conn) => conn.query<{ name: string }>(text))).map((r) => r.name);
  };

  const say = (ready: boolean, reason: string, err?: unknown) => {
    if (wasReady === ready) return;
    // One line when it turns, not one per probe; the first probe of a ready instance says nothing.
    // The logger's `err` serializer (server/http/logging.ts) keeps the failure's kind, never a query's values.
    if (!ready) log.warn(err && !(err instanceof NotReady) ? { err } : {}, `[health] not ready: ${reason}`);
    else if (wasReady === false) log.warn("[health] ready again");
    wasReady = ready;
  };

  return async function check(): Promise<ReadyCheck> {
    let applied: string[];
    try {
      inFlight ??= appliedMigrations().finally(() => {
        inFlight = null;
      });
      applied = await withTimeout(inFlight, timeoutMs);
    } catch (err) {
      const missing = (err as { code?: string }).code === "42P01";
      const reason =
        err instanceof NotReady
          ? err.message
          : missing
            ? "the database has no schema_migrations table (not migrated)"
            : "the database did not answer";
      say(false, reason, err);
      return { ready: false, reason };
    }
    const done = new Set(applied);
    const pending = expected.filter((name) => !done.has(name));
    if (pending.length > 0) {
      const reason = `${pending.length} migration${pending.length > 1 ? "s" : ""} not applied (${pending.join(", ")})`;
      say(false, reason);
      return { ready: false, reason };
    }
    say(true, "");
    const redis = deps.live.state?.().redis ?? "disabled";
    return {
      ready: true,
      answer: {
        status: redis === "up" || redis === "disabled" ? "ok" : "degraded",
        checks: { database: "up", migrations: { expected: expected.length, pending: 0 }, redis },
      },
    };
  };
}
