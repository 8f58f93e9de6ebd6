import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { Client, Pool } from "pg";
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
};

const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openDb(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.schemaName);
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
  if (unclean) console.warn(`[db] ${dataDirOrUrl} was not shut down cleanly last time: PostgreSQL recovered it from its write-ahead log`);
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
      const [{ own } = { own: "public" }] = (await client.query<{ own: string }>("SELECT current_schema() AS own")).rows;
      await client.listen(channel, (payload) => payload.startsWith(`${own} `) && onPayload(payload.slice(own.length + 1)));
      onLive(true);
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  if (schemaName !== undefined && !identifier.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
  if (schemaName) {
    const admin = new Client({ connectionString: url });
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
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
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
      listeners.push(await listenPostgres(url, schemaName, channel, onPayload, onLive));
    },
    pool,
    close: async () => {
      await Promise.all(listeners.splice(0).map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * A dedicated connection LISTENing on `channel` (a pooled one would be handed to queries). When it drops it says
 * so (`onLive(false)`) and connects again every second until it listens again (`onLive(true)`). Answers a stop.
 */
async function listenPostgres(
  url: string,
  schemaName: string | undefined,
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
    const client = new Client({ connectionString: url, ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}) });
    client.on("error", () => lost(client));
    client.on("end", () => lost(client));
    try {
      await client.connect();
      const [{ own }] = (await client.query<{ own: string }>("SELECT current_schema() AS own")).rows as [{ own: string }];
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
