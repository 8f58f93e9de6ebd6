// What the benches share: a throwaway database (PGlite in memory, or its own schema on PostgreSQL, dropped
// after), a server config, players created straight in the tables (sign-up grant and a session family each,
// as sign-up leaves them) and the seeded race the benches use.
import { randomBytes } from "node:crypto";
import { asc, and, eq, sql } from "drizzle-orm";
import { Client } from "pg";
import type { PredictionCategory, SessionType } from "../../../contract/enums";
import type { Config } from "../../../server/config";
import { migrate } from "../../../server/db/migrate";
import { openDb, type Database } from "../../../server/db/open";
import { races, raceSessions, riders } from "../../../server/db/schema";
import { seedIfEmpty } from "../../../server/db/seed/season";

export const PG_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
export type Backend = "pglite" | "postgres";

export async function postgresReachable(): Promise<boolean> {
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PGlite always, PostgreSQL when it answers (BENCH_BACKENDS=pglite,postgres narrows the list). */
export async function backends(): Promise<Backend[]> {
  const wanted = (process.env.BENCH_BACKENDS ?? "pglite,postgres").split(",") as Backend[];
  const out: Backend[] = [];
  if (wanted.includes("pglite")) out.push("pglite");
  if (wanted.includes("postgres")) {
    if (await postgresReachable()) out.push("postgres");
    else console.info(`PostgreSQL at ${PG_URL} not reachable: PostgreSQL figures skipped`);
  }
  return out;
}

/** A migrated, seeded database; `drop` closes it (and drops the PostgreSQL schema). */
export async function openBenchDb(
  kind: Backend,
  now: Date,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  let database: Database;
  let drop: () => Promise<void>;
  if (kind === "pglite") {
    database = await openDb({ dataDir: "", pgliteUrl: "memory://" });
    drop = () => database.close();
  } else {
    const schemaName = `pp_bench_${process.pid}_${randomBytes(4).toString("hex")}`;
    database = await openDb({ databaseUrl: PG_URL, dataDir: "", schemaName });
    drop = async () => {
      await database.close();
      const admin = new Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.end();
    };
  }
  await migrate(database);
  await seedIfEmpty(database.db, now);
  return { database, drop };
}

export function benchConfig(overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    dataDir: "/nonexistent",
    databaseUrl: undefined,
    redisUrl: undefined,
    adminToken: undefined,
    smtpUrl: undefined,
    mailFrom: "Bench <bench@pp.test>",
    publicUrl: "http://pp.test",
    jwtAccessSecret: "bench-access-secret-0123456789abcdef",
    jwtRefreshSecret: "bench-refresh-secret-0123456789abcdef",
    oauth: {},
    rateLimitMax: 100_000,
    trustProxy: false,
    passwordHash: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * `n` players inserted in bulk (name bench-<i>), each with the sign-up grant in the ledger and its balance,
 * and one session family (so an access token signed for it verifies).
 */
export async function createPlayers(database: Database, n: number): Promise<{ id: string; family: string }[]> {
  const db = database.db;
  await db.execute(
    sql`INSERT INTO users (id, name, created_at, updated_at) SELECT gen_random_uuid(), 'bench-' || g, now(), now() FROM generate_series(1, ${n}::int) g`,
  );
  await db.execute(sql`INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
    SELECT gen_random_uuid(), id, 100, 100, 'SIGN_UP', NULL, 'sign-up', now() FROM users WHERE name LIKE 'bench-%'`);
  await db.execute(
    sql`INSERT INTO diamond_balances (user_id, balance, updated_at) SELECT id, 100, now() FROM users WHERE name LIKE 'bench-%'`,
  );
  return rowsOf<{ id: string; family: string }>(
    await db.execute(
      sql`INSERT INTO session_families (id, user_id, created_at) SELECT gen_random_uuid(), id, now() FROM users WHERE name LIKE 'bench-%' RETURNING user_id AS id, id AS family`,
    ),
  );
}

export type BenchRace = {
  id: string;
  season: number;
  version: number;
  sessions: Record<SessionType, { start: Date; end: Date }>;
  riders: string[];
};

/** A seeded round with its sessions and its active premier-class riders (by number). */
export async function benchRace(database: Database, round: number): Promise<BenchRace> {
  const db = database.db;
  const [race] = await db.select().from(races).where(eq(races.round, round));
  if (!race) throw new Error(`no round ${round}`);
  const rows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, race.id));
  const sessions = Object.fromEntries(
    rows.map((s) => [s.type, { start: s.startsAt, end: s.endsAt }]),
  ) as BenchRace["sessions"];
  const active = await db
    .select({ id: riders.id })
    .from(riders)
    .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "ACTIVE")))
    .orderBy(asc(riders.number));
  return { id: race.id, season: race.season, version: race.version, sessions, riders: active.map((r) => r.id) };
}

export const CATEGORIES: PredictionCategory[] = [
  "FP1",
  "PRACTICE_FASTEST",
  "FP2",
  "POLEMAN",
  "SPRINT_FIRST",
  "SPRINT_SECOND",
  "SPRINT_THIRD",
  "RACE_FIRST",
  "RACE_SECOND",
  "RACE_THIRD",
  "POSITION_GAINED",
];

export const machine = async () =>
  `${process.platform}/${process.arch}, node ${process.version}, ${(await import("node:os")).cpus().length} cores`;
