// Builds the real app (app.inject, no port) on one database per test file and backend: an in-memory
// PGlite always, and PostgreSQL (its own random schema) when TEST_DATABASE_URL or 127.0.0.1:5432 answers.
// Data is truncated between tests; the demo season is loaded only by files that ask for it.
import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, describe } from "vitest";
import { buildApp } from "../../server/app";
import { createClock, type Clock } from "../../server/clock";
import type { Config } from "../../server/config";
import { migrate } from "../../server/db/migrate";
import { openDb, type Database } from "../../server/db/open";
import { seedIfEmpty } from "../../server/db/seed/season";
import { outboxMailer } from "../../server/mail/transport";
import { createLive } from "../../server/live";
import { assertAnswersDocumented, checkAnswers } from "./openapiCheck";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

async function postgresReachable(): Promise<string | null> {
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgProblem = await postgresReachable();
if (pgProblem)
  console.warn(`[server tests] PostgreSQL at ${PG_URL} not reachable (${pgProblem}): running on PGlite only`);
export const backends: ("pglite" | "postgres")[] = pgProblem ? ["pglite"] : ["pglite", "postgres"];

export const PUBLIC_URL = "http://pp.test";
/** The operators' secret of test servers (header x-admin-token). */
export const ADMIN_TOKEN = "test-admin-token-0123456789abcdef";

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    dataDir: "/nonexistent",
    databaseUrl: undefined,
    redisUrl: undefined,
    smtpUrl: undefined,
    mailFrom: "Paddock Predictor <no-reply@pp.test>",
    publicUrl: PUBLIC_URL,
    jwtAccessSecret: "test-access-secret-0123456789abcdef",
    jwtRefreshSecret: "test-refresh-secret-0123456789abcdef",
    adminToken: ADMIN_TOKEN,
    oauth: {},
    rateLimitMax: 1000,
    trustProxy: false,
    // Cheap argon2 so the suite stays fast; production uses the library's defaults.
    passwordHash: { memoryCost: 1024, timeCost: 1 },
    ...overrides,
  };
}

export type Reply<T = unknown> = { status: number; body: T; headers: Record<string, unknown> };
export type CallOptions = {
  body?: unknown;
  token?: string;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
};

export type Harness = {
  kind: "pglite" | "postgres";
  app: FastifyInstance;
  database: Database;
  clock: Clock;
  config: Config;
  /** Checks every answer of `app` against the OpenAPI document (apps the harness builds are checked already). */
  checkAnswers(app: FastifyInstance): void;
  /** A second app on the same database with other config (rate limits, production, OAuth). */
  buildApp(overrides: Partial<Config>, extra?: { spaDir?: string }): Promise<FastifyInstance>;
  call<T = any>(method: string, path: string, options?: CallOptions, app?: FastifyInstance): Promise<Reply<T>>;
};

type Options = { seed?: boolean; config?: Partial<Config> };

async function open(kind: "pglite" | "postgres"): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (kind === "pglite") {
    const database = await openDb({ dataDir: "", pgliteUrl: "memory://" });
    return { database, drop: () => database.close() };
  }
  const schemaName = `pp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const database = await openDb({ databaseUrl: PG_URL, dataDir: "", schemaName });
  return {
    database,
    drop: async () => {
      await database.close();
      const admin = new Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.end();
    },
  };
}

/** Declares `fn`'s tests once per backend, each inside `describe("<name> [<backend>]")`. */
export function onEachBackend(name: string, fn: (h: Harness) => void, options: Options = {}): void {
  for (const kind of backends) {
    describe(`${name} [${kind}]`, () => {
      const h = { kind } as Harness;
      let drop: () => Promise<void>;
      const extraApps: FastifyInstance[] = [];

      beforeAll(async () => {
        const opened = await open(kind);
        drop = opened.drop;
        h.database = opened.database;
        await migrate(h.database);
        h.clock = createClock();
        h.config = testConfig(options.config);
        if (options.seed) await seedIfEmpty(h.database.db, h.clock.now());
        const mailer = outboxMailer(h.database.db, h.clock);
        h.buildApp = async (overrides, extra = {}) => {
          const config = testConfig({ ...options.config, ...overrides });
          const app = await buildApp({
            db: h.database,
            clock: h.clock,
            mailer,
            config,
            live: createLive({ db: h.database, clock: h.clock, config }),
            ...extra,
          });
          checkAnswers(app);
          extraApps.push(app);
          return app;
        };
        h.checkAnswers = checkAnswers;
        h.app = await buildApp({
          db: h.database,
          clock: h.clock,
          mailer,
          config: h.config,
          live: createLive({ db: h.database, clock: h.clock, config: h.config }),
        });
        checkAnswers(h.app);
        h.call = async (method, path, o = {}, app = h.app) => {
          const res = await app.inject({
            method: method as "GET",
            url: `/api${path}`,
            query: o.query ? Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) : undefined,
            headers: { ...(o.token ? { authorization: `Bearer ${o.token}` } : {}), ...o.headers },
            ...(o.body !== undefined ? { payload: o.body as object } : {}),
          });
          const text = res.body;
          let body: unknown = text;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON (redirects, HTML)
          }
          return { status: res.statusCode, body: body as never, headers: res.headers };
        };
      });

      beforeEach(async () => {
        await h.database.db.execute("TRUNCATE users, outbox RESTART IDENTITY CASCADE");
        h.clock.reset();
      });

      afterEach(async () => {
        while (extraApps.length) await extraApps.pop()!.close();
        // Answers that came over a real socket (listening instances) are reported here, by the test that caused them.
        assertAnswersDocumented();
      });

      afterAll(async () => {
        await h.app?.close();
        await drop?.();
      });

      fn(h);
    });
  }
}
