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
    close: () => pool.end(),
  };
}
