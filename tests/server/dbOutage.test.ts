// The database going away under load (a PostgreSQL restart, an operator ending sessions, a network that drops
// packets): requests fail fast with the contract's 503, nothing acknowledged is lost, and the server serves again
// by itself once the database answers. Only this file's own sessions are ended (its own application_name).
import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "drizzle-orm";
import { Client } from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createClock } from "../../server/clock";
import { migrate } from "../../server/db/migrate";
import { openDb, type Database } from "../../server/db/open";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { signUpConfirmed } from "./accounts";
import { backends, PG_URL, testConfig, type Harness } from "./harness";
import { assertAnswersDocumented, checkAnswers } from "./openapiCheck";

type Answer = { status: number; code?: string; ms: number };

async function appOn(database: Database): Promise<FastifyInstance> {
  const clock = createClock();
  const config = testConfig();
  const app = await buildApp({
    db: database,
    clock,
    mailer: outboxMailer(database.db, clock),
    config,
    live: createLive({ db: database, clock, config }),
  });
  checkAnswers(app);
  return app;
}

/** Enough of the harness for the account steps (accounts.ts), on this file's own app. */
function harnessOf(app: FastifyInstance): Harness {
  return {
    call: async (
      method: string,
      path: string,
      o: { body?: unknown; token?: string; query?: Record<string, string | number> } = {},
    ) => {
      const res = await app.inject({
        method: method as "GET",
        url: `/api${path}`,
        query: o.query ? Object.fromEntries(Object.entries(o.query).map(([k, v]) => [k, String(v)])) : undefined,
        headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
        ...(o.body !== undefined ? { payload: o.body as object } : {}),
      });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined, headers: res.headers };
    },
  } as Harness;
}

async function answer(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const started = performance.now();
  const res = await app.inject(options);
  const body = res.body ? (JSON.parse(res.body) as { code?: string }) : {};
  return { status: res.statusCode, code: body.code, ms: performance.now() - started };
}

describe.skipIf(!backends.includes("postgres"))("PostgreSQL ending the server's sessions under load [postgres]", () => {
  const applicationName = `pp_outage_${randomBytes(4).toString("hex")}`;
  const schemaName = `pp_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  let database: Database;
  let app: FastifyInstance;
  const admin = new Client({ connectionString: PG_URL, application_name: `${applicationName}_admin` });

  /** Ends every session of this file's server (pool and LISTEN connections), as `pg_ctl restart` would. */
  const terminateOwnSessions = async () =>
    (
      await admin.query<{ n: string }>(
        "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity WHERE application_name = $1",
        [applicationName],
      )
    ).rows[0]!.n;

  beforeAll(async () => {
    await admin.connect();
    database = await openDb({ databaseUrl: PG_URL, dataDir: "", schemaName, applicationName });
    await migrate(database);
    app = await appOn(database);
  });

  afterEach(() => assertAnswersDocumented());

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await admin.end();
  });

  it("answers 503 serviceUnavailable during the outage, serves again after it without a restart, and loses nothing it acknowledged", async () => {
    const player = await signUpConfirmed(harnessOf(app));
    const token = player.tokens.accessToken;
    const answers: Answer[] = [];
    const acknowledged: string[] = [];
    let attempted = 0;
    const load = { stop: false };

    // Eight clients at once, each saving a notification (a write the answer acknowledges) and reading the list back.
    const worker = async (w: number) => {
      for (let i = 0; !load.stop; i++) {
        const raceName = `w${w}-${i}`;
        attempted++;
        const saved = await answer(app, {
          method: "POST",
          url: "/api/dev/notify",
          payload: { userId: player.id, type: "RACE_STARTED", value: { raceName } },
        });
        answers.push(saved);
        if (saved.status === 200) acknowledged.push(raceName);
        answers.push(
          await answer(app, {
            method: "GET",
            url: "/api/notifications",
            query: { take: "5" },
            headers: { authorization: `Bearer ${token}` },
          }),
        );
      }
    };
    const clients = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));

    // The outage: every 40 ms for 1.5 s the database ends all of this server's sessions, busy or idle.
    let ended = 0;
    const until = performance.now() + 1500;
    while (performance.now() < until) {
      ended += Number(await terminateOwnSessions());
      await new Promise((r) => setTimeout(r, 40));
    }
    load.stop = true;
    await clients;

    expect(ended).toBeGreaterThan(0);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((a) => `${a.status} ${a.code}`))).toEqual(new Set(["503 serviceUnavailable"]));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(5000);

    // After it: the same process serves every request again.
    for (let i = 0; i < 10; i++) {
      const after = await answer(app, {
        method: "GET",
        url: "/api/notifications",
        query: { take: "5" },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(after.status).toBe(200);
    }
    const saved = await answer(app, {
      method: "POST",
      url: "/api/dev/notify",
      payload: { userId: player.id, type: "RACE_STARTED", value: { raceName: "after" } },
    });
    expect(saved.status).toBe(200);

    // Every acknowledged save is stored; a refused one may or may not be (its commit can succeed as the session ends).
    const rows = (await database.db.execute(
      sql`SELECT value->>'raceName' AS name FROM notifications WHERE user_id = ${player.id}`,
    )) as unknown as { rows: { name: string }[] };
    const stored = new Set(rows.rows.map((r) => r.name));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
    expect(stored.size).toBeLessThanOrEqual(attempted + 1);
    expect(stored.has("after")).toBe(true);
  }, 30_000);
});

describe.skipIf(!backends.includes("postgres"))(
  "a database that accepts connections but never answers [postgres]",
  () => {
    let blackhole: Server;
    const held: Socket[] = [];
    let database: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      // Takes the TCP connection and then says nothing, like a firewall dropping the database's packets.
      blackhole = createServer((socket) => void held.push(socket));
      await new Promise<void>((r) => blackhole.listen(0, "127.0.0.1", r));
      const port = (blackhole.address() as AddressInfo).port;
      database = await openDb({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`,
        dataDir: "",
        connectTimeoutMs: 300,
      });
      app = await appOn(database);
    });

    afterEach(() => assertAnswersDocumented());

    afterAll(async () => {
      await app?.close();
      await database?.close();
      for (const s of held) s.destroy();
      await new Promise((r) => blackhole.close(r));
    });

    it("fails the request within the connect timeout with 503 serviceUnavailable instead of holding it", async () => {
      const refused = await answer(app, {
        method: "POST",
        url: "/api/dev/notify",
        payload: { userId: "00000000-0000-4000-8000-000000000000", type: "RACE_STARTED", value: {} },
      });
      expect(refused).toMatchObject({ status: 503, code: "serviceUnavailable" });
      expect(refused.ms).toBeLessThan(3000);
    }, 10_000);
  },
);
