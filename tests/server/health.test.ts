// Liveness and readiness as a balancer sees them: ready follows the database (and its migrations) away and back
// within seconds, and Redis away only degrades. PostgreSQL is reached through a TCP relay this file cuts and
// restores, so the check meets a database that really stops answering; PGlite, which cannot go away, through a
// stand-in whose connections fail while it is "down".
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from "node:net";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Client } from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createClock } from "../../server/clock";
import type { Config } from "../../server/config";
import { migrate, readMigrations } from "../../server/db/migrate";
import { openDb, type Database } from "../../server/db/open";
import { createLive, type LiveHub } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { authService } from "../../server/modules/auth/service";
import { backends, onEachBackend, PG_URL, testConfig } from "./harness";
import { assertAnswersDocumented, checkAnswers } from "./openapiCheck";
import { appDeps } from "../../server/http/deps";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

type Built = { app: FastifyInstance; live: LiveHub; close(): Promise<void> };

/** An app on `database`; with `attach` its live channel starts (and, with a REDIS_URL, its Redis adapter). */
async function appOn(database: Database, config: Partial<Config> = {}, attach = false): Promise<Built> {
  const clock = createClock();
  const cfg = testConfig(config);
  const live = createLive({ db: database, clock, config: cfg }, { pollMs: 0, revocationMs: 0, raceTickMs: 0 });
  const deps = appDeps({ db: database, clock, mailer: outboxMailer(database.db, clock), config: cfg, live });
  const app = await buildApp(deps);
  checkAnswers(app);
  if (attach) await live.attach(app.server, authService(deps).tokens.verifyAccess);
  return {
    app,
    live,
    close: async () => {
      await live.close();
      await app.close();
    },
  };
}

const get = async (app: FastifyInstance, url: string) => {
  const res = await app.inject({ method: "GET", url });
  return { status: res.statusCode, body: res.json() as Record<string, any>, headers: res.headers };
};

/** Probes every 100 ms, as a balancer would (only faster), until `status` answers; how long that took. */
async function readyTurns(app: FastifyInstance, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if ((await get(app, "/api/health/ready")).status === status) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`ready did not answer ${status} within ${withinMs} ms`);
    await sleep(100);
  }
}

onEachBackend("health", (h) => {
  it("live answers ok without touching anything else", async () => {
    const res = await get(h.app, "/api/health/live");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { status: "ok" } });
  });

  it("ready answers 200 with the database up and every migration applied, Redis not configured", async () => {
    const res = await get(h.app, "/api/health/ready");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        status: "ok",
        checks: { database: "up", migrations: { expected: readMigrations().length, pending: 0 }, redis: "disabled" },
      },
    });
  });

  it("is API routes, not the SPA's page, even where the SPA is served", async () => {
    const dist = mkdtempSync(join(tmpdir(), "pp-dist-"));
    try {
      writeFileSync(join(dist, "index.html"), "<!doctype html><title>Paddock Predictor</title>");
      const app = await h.buildApp({}, { spaDir: dist });
      for (const url of ["/api/health/live", "/api/health/ready"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toMatch(/^application\/json/);
      }
      expect((await app.inject({ method: "GET", url: "/api/health/nothing" })).statusCode).toBe(404);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("a migration of this build not applied is not ready (503), and ready again once it is", async () => {
    const last = readMigrations().at(-1)!.name;
    await h.database.db.execute(sql`DELETE FROM schema_migrations WHERE name = ${last}`);
    try {
      const res = await get(h.app, "/api/health/ready");
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ statusCode: 503, code: "serviceUnavailable" });
    } finally {
      await h.database.db.execute(sql`INSERT INTO schema_migrations (name) VALUES (${last})`);
    }
    expect((await get(h.app, "/api/health/ready")).status).toBe(200);
  });

  it("no token, no rate limit: a balancer probing many times a second is always answered", async () => {
    const app = await h.buildApp({ rateLimitMax: 1 });
    for (let i = 0; i < 30; i++)
      expect((await app.inject({ method: "GET", url: "/api/health/ready" })).statusCode).toBe(200);
  });

  it("Redis away degrades (200, redis down) and does not make the instance unready; Redis there is ok", async () => {
    const away = await appOn(h.database, { redisUrl: `redis://127.0.0.1:${await freePort()}` }, true);
    try {
      const res = await get(away.app, "/api/health/ready");
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ status: "degraded", checks: { database: "up", redis: "down" } });
    } finally {
      await away.close();
    }
    const there = await appOn(h.database, { redisUrl: process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379" }, true);
    try {
      for (let i = 0; i < 50 && there.live.state().redis !== "up"; i++) await sleep(50);
      if (there.live.state().redis !== "up")
        return console.warn("[health test] no Redis at 127.0.0.1:6379: only the degraded case ran");
      const res = await get(there.app, "/api/health/ready");
      expect(res.body.result).toMatchObject({ status: "ok", checks: { redis: "up" } });
    } finally {
      await there.close();
    }
  });

  if (h.kind === "pglite") {
    it("follows a database whose connections fail away and back [stand-in]", async () => {
      let down = false;
      const failing: Database = {
        ...h.database,
        withConnection: (fn) =>
          down
            ? Promise.reject(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }))
            : h.database.withConnection(fn),
      };
      const built = await appOn(failing);
      try {
        expect((await get(built.app, "/api/health/ready")).status).toBe(200);
        down = true;
        expect(await readyTurns(built.app, 503, 3000)).toBeLessThan(3000);
        expect((await get(built.app, "/api/health/live")).status).toBe(200);
        down = false;
        expect(await readyTurns(built.app, 200, 3000)).toBeLessThan(3000);
      } finally {
        await built.close();
        assertAnswersDocumented();
      }
    });
  }
});

/** A TCP relay to PostgreSQL: cutting it ends the app's connections and refuses new ones, as a stopped server does. */
async function relay(target: URL) {
  const open = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  const listen = async () => {
    server = createServer((inbound) => {
      const outbound = tcpConnect(Number(target.port || 5432), target.hostname);
      for (const s of [inbound, outbound]) {
        open.add(s);
        s.on("close", () => open.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((r) => server!.listen(port, "127.0.0.1", r));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  const url = new URL(target.href);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    url: url.href,
    async cut() {
      const closing = new Promise((r) => server!.close(r));
      for (const s of open) s.destroy();
      await closing;
    },
    restore: listen,
    close: async () => {
      for (const s of open) s.destroy();
      await new Promise((r) => (server?.listening ? server.close(r) : r(undefined)));
    },
  };
}

describe.skipIf(!backends.includes("postgres"))("readiness follows PostgreSQL away and back [postgres]", () => {
  const schemaName = `pp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  let link: Awaited<ReturnType<typeof relay>>;
  let database: Database;
  let built: Built;

  beforeAll(async () => {
    link = await relay(new URL(PG_URL));
    // A short connect timeout, as a balancer's probe would want; the ready check's own timeout bounds it anyway.
    database = await openDb({ databaseUrl: link.url, dataDir: "", schemaName, connectTimeoutMs: 1000 });
    await migrate(database);
    built = await appOn(database);
  });

  afterAll(async () => {
    await built?.close();
    await database?.close();
    await link?.close();
    const admin = new Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await admin.end();
  });

  it("turns 503 within seconds of the database going away, while live still answers, and 200 once it is back", async () => {
    expect((await get(built.app, "/api/health/ready")).status).toBe(200);
    await link.cut();
    expect(await readyTurns(built.app, 503, 5000)).toBeLessThan(5000);
    const refused = await get(built.app, "/api/health/ready");
    expect(refused.body).toMatchObject({ statusCode: 503, code: "serviceUnavailable" });
    expect((await get(built.app, "/api/health/live")).status).toBe(200);
    await link.restore();
    expect(await readyTurns(built.app, 200, 5000)).toBeLessThan(5000);
    expect((await get(built.app, "/api/health/ready")).body.result).toMatchObject({
      status: "ok",
      checks: { database: "up" },
    });
    assertAnswersDocumented();
  }, 20_000);
});
