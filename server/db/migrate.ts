import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database, RawConnection } from "./open";

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), "migrations");
// Any fixed number works; every instance must use the same one so only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_240_311_002;

export type Migration = { name: string; sql: string };

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .toSorted()
    .map((f) => ({ name: f.replace(/\.sql$/, ""), sql: readFileSync(join(dir, f), "utf8") }));
}

/** Applies the migrations not yet recorded in `schema_migrations`, each in its own transaction. Returns their names. */
export async function migrate(database: Database, migrations = readMigrations()): Promise<string[]> {
  return database.withConnection(async (conn) => {
    // PGlite is one process's private database; PostgreSQL may be shared by instances starting together.
    const shared = database.kind === "postgres";
    if (shared) await conn.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      return await applyPending(conn, migrations);
    } finally {
      if (shared) await conn.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  });
}

async function applyPending(conn: RawConnection, migrations: Migration[]): Promise<string[]> {
  await conn.exec(
    "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
  );
  const done = new Set((await conn.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
  const applied: string[] = [];
  for (const m of migrations) {
    if (done.has(m.name)) continue;
    await conn.exec("BEGIN");
    try {
      await conn.exec(m.sql);
      await conn.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
      await conn.exec("COMMIT");
    } catch (err) {
      await conn.exec("ROLLBACK");
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(m.name);
  }
  return applied;
}
