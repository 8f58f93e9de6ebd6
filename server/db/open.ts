import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Client, Pool, type PoolClient } from "pg";
import { pgliteOptions, wasShutDownUncleanly } from "./pgliteDurability";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** One connection for raw SQL: multi-statement scripts (migrations) and locks. */
export type RawConnection = {
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
};

export type Database = {
  kind: "pglite" | "postgres";
  db: Db;
  withConnection<T>(fn: (conn: RawConnection) => Promise<T>): Promise<T>;
  /**
   * Calls `onPayload` for each NOTIFY on `channel` made in this database's schema (payloads start with the schema
   * name and a space, which is taken off). `onLive(false)` when notifications may have been missed (the listening
   * connection dropped), `onLive(true)` once listening (again). Stops on `close()`.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLive: (live: boolean) => void): Promise<void>;
  /** PostgreSQL only: the pool, for the hand-written round trips of the hot path (a save). */
  pool?: Pool;
  close(): Promise<void>;
};

export type OpenOptions = {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: "memory://" keeps the database in memory (tests). */
  pgliteUrl?: string;
  /** PostgreSQL only: work inside this schema (created when missing), so parallel test runs don't collide. */
  schemaName?: string;
  /** PostgreSQL only: the sessions' application_name (pg_stat_activity tells this server's sessions apart). */
  applicationName?: string;
  /** PostgreSQL only: how long opening a connection may take before the request fails (ms). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: how long one statement may wait for its answer before it fails (ms). */
  queryTimeoutMs?: number;
};

/** Without these a database that drops packets holds each request (and the pool's connections) until TCP gives up. */
export const DB_CONNECT_TIMEOUT_MS = 5000;
export const DB_QUERY_TIMEOUT_MS = 60_000;

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDb(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteUrl ?? pgliteDir(options.dataDir));
}

function pgliteDir(dataDir: string): string {
  const dir = join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function openPglite(dataDirOrUrl: string): Promise<Database> {
  const inMemory = dataDirOrUrl.startsWith("memory://");
  const unclean = !inMemory && wasShutDownUncleanly(dataDirOrUrl);
  const client = inMemory ? await PGlite.create(dataDirOrUrl) : await PGlite.create(pgliteOptions(dataDirOrUrl));
  if (unclean)
    console.warn(
      `[db] ${dataDirOrUrl} was not shut down cleanly last time: PostgreSQL recovered it from its write-ahead log`,
    );
  const conn: RawConnection = {
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
  };
  return {
    kind: "pglite",
    db: drizzlePglite({ client, schema }) as unknown as Db,
    withConnection: (fn) => fn(conn),
    listen: async (channel, onPayload, onLive) => {
      const [{ own } = { own: "public" }] = (await client.query<{ own: string }>("SELECT current_schema() AS own"))
        .rows;
      await client.listen(
        channel,
        (payload) => payload.startsWith(`${own} `) && onPayload(payload.slice(own.length + 1)),
      );
      onLive(true);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const { schemaName } = options;
  const session = {
    application_name: options.applicationName ?? "paddock-predictor",
    connectionTimeoutMillis: options.connectTimeoutMs ?? DB_CONNECT_TIMEOUT_MS,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  };
  if (schemaName !== undefined && !identifier.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
  if (schemaName) {
    const admin = new Client({ connectionString: url, ...session, options: undefined });
    await admin.connect();
    try {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    } catch (err) {
      // Two processes creating it at once: IF NOT EXISTS still races in PostgreSQL; the loser may go on.
      if ((err as { code?: string }).code !== "23505" && (err as { code?: string }).code !== "42P06") throw err;
    } finally {
      await admin.end();
    }
  }
  const listeners: (() => Promise<void>)[] = [];
  const pool = new Pool({
    connectionString: url,
    max: 10,
    ...session,
    query_timeout: options.queryTimeoutMs ?? DB_QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  watchOutages(pool);
  releaseWhenLost(pool);
  return {
    kind: "postgres",
    db: drizzlePg({ client: pool, schema }) as unknown as Db,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (text) => {
            await client.query(text);
          },
          query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    listen: async (channel, onPayload, onLive) => {
      listeners.push(await listenPostgres(url, session, channel, onPayload, onLive));
    },
    pool,
    close: async () => {
      await Promise.all(listeners.splice(0).map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * Keeps the process alive through a database outage (a restart, pg_terminate_backend, a failover). The pool
 * re-emits an idle connection's error, and a checked-out connection emits its own when the database ends it
 * between statements: unheard, either is an uncaught 'error' event that ends the process. The statement in
 * flight fails by itself (the request answers 503, server/http/errors.ts) and the pool drops the broken
 * connection on release; the next request opens a new one. One log line when it goes, one when it is back.
 */
function watchOutages(pool: Pool): void {
  let down = false;
  const lost = (err: Error) => {
    if (!down)
      console.warn(
        `[db] lost a connection to PostgreSQL (${err.message}): requests that need it answer 503 until it is back`,
      );
    down = true;
  };
  pool.on("error", lost);
  pool.on("connect", (client) => {
    client.on("error", lost);
    if (down) console.warn("[db] connected to PostgreSQL again");
    down = false;
  });
}

/**
 * Gives a checked-out connection back to the pool (as broken) once the database has ended it, whoever holds it.
 * drizzle's transaction() sends BEGIN before its try/finally, so a session ended just then is never released:
 * each such connection would be lost to the pool until every request waited for one. The holder's own release
 * later is a no-op; its statements fail as "not queryable" (a 503).
 */
function releaseWhenLost(pool: Pool): void {
  const connect = pool.connect.bind(pool) as (cb?: unknown) => Promise<PoolClient> | void;
  pool.connect = ((cb?: unknown) => {
    // pool.query() connects with a callback and releases on its own.
    if (cb) return connect(cb);
    return (connect() as Promise<PoolClient>).then((client) => {
      const release = client.release.bind(client);
      let released = false;
      const lost = () => {
        if (released) return;
        released = true;
        release(new Error("the database ended this connection"));
      };
      client.once("end", lost);
      client.release = (err?: Error | boolean) => {
        if (released) return;
        released = true;
        client.removeListener("end", lost);
        release(err);
      };
      return client;
    });
  }) as Pool["connect"];
}

/**
 * A dedicated connection LISTENing on `channel` (a pooled one would be handed to queries). When it drops it says
 * so (`onLive(false)`) and connects again every second until it listens again (`onLive(true)`). Answers a stop.
 */
async function listenPostgres(
  url: string,
  session: { application_name: string; connectionTimeoutMillis: number; options?: string },
  channel: string,
  onPayload: (payload: string) => void,
  onLive: (live: boolean) => void,
): Promise<() => Promise<void>> {
  if (!identifier.test(channel)) throw new Error(`bad channel name ${channel}`);
  let current: Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const lost = (client: Client) => {
    if (current !== client) return;
    current = null;
    onLive(false);
    client.end().catch(() => undefined);
    if (!stopped) retry = setTimeout(() => void start(), 1000);
  };
  async function start(): Promise<void> {
    const client = new Client({ connectionString: url, ...session });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      const [{ own }] = (await client.query<{ own: string }>("SELECT current_schema() AS own")).rows as [
        { own: string },
      ];
      client.on("notification", (n) => {
        if (n.channel === channel && n.payload?.startsWith(`${own} `)) onPayload(n.payload.slice(own.length + 1));
      });
      await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      // Not listening: the caches that rely on it stay off until a later attempt succeeds.
      console.warn(`[db] LISTEN ${channel} failed (${(err as Error).message}): trying again in 1 s`);
      if (!stopped) retry = setTimeout(() => void start(), 1000);
      return;
    }
    if (stopped) return void (await client.end().catch(() => undefined));
    current = client;
    onLive(true);
  }
  await start();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}
