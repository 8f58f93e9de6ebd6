// The diamonds ledger on each backend: the sign-up grant, balances as strings, idempotent postings, no
// overdraft (also under 20 concurrent debits), only one's own diamonds readable, and the live balance push.
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LiveEvent } from "../../contract/live";
import { migrate, readMigrations } from "../../server/db/migrate";
import { openDb } from "../../server/db/open";
import { AppError } from "../../server/http/errors";
import { signUpGrant } from "../../server/modules/diamonds/ledger";
import { signUp, signUpConfirmed, uniqueEmail, type Player } from "./accounts";
import { onEachBackend, PUBLIC_URL, type Harness } from "./harness";
import { client, connected, nextEvent, startInstance, subscribe, type Instance } from "./liveServer";

const sockets: Socket[] = [];
const instances: Instance[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const i of instances.splice(0)) await i.close();
});

const balance = async (h: Harness, p: Player, app?: FastifyInstance) =>
  h.call("GET", "/diamonds/user/balance", { token: p.tokens.accessToken }, app);
const history = async (h: Harness, p: Player, query: Record<string, number> = {}) =>
  h.call("GET", "/diamonds/user/history", { token: p.tokens.accessToken, query });
const topUp = async (h: Harness, body: Record<string, unknown>, token?: string, app?: FastifyInstance) =>
  h.call("POST", "/dev/diamonds", { body, token }, app);

type Row = Record<string, unknown>;
const rows = (h: Harness, text: string, params: unknown[]) =>
  h.database.withConnection((c) => c.query<Row>(text, params));
const ledgerRows = (h: Harness, userId: string) =>
  rows(
    h,
    "SELECT delta::int AS delta, reason, idempotency_key AS key FROM diamond_ledger WHERE user_id = $1 ORDER BY seq",
    [userId],
  );

/** A tiny OAuth 2 provider: enough for one social sign-up (PKCE not checked here; tests/server/social.test.ts does). */
async function startProvider(person: { sub: string; email: string; name: string }) {
  const app = Fastify();
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.get<{ Querystring: Record<string, string> }>("/authorize", async (req, reply) =>
    reply.redirect(`${req.query.redirect_uri}?code=c1&state=${encodeURIComponent(req.query.state!)}`),
  );
  app.post("/token", async () => ({ access_token: "at-1", token_type: "Bearer" }));
  app.get("/userinfo", async () => ({ ...person, email_verified: true }));
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, address };
}

onEachBackend("diamonds ledger", (h) => {
  const ledger = () => h.app.deps.ledger;
  const post = (p: Parameters<ReturnType<typeof ledger>["post"]>[1]) =>
    h.database.db.transaction((tx) => ledger().post(tx, p));

  describe("the sign-up grant", () => {
    it("gives a new player 100 diamonds, as a string, through one SIGN_UP entry made with the account", async () => {
      const email = uniqueEmail();
      expect((await signUp(h, "Grant Rider", email)).status).toBe(200);
      // Before the e-mail is even confirmed: the grant committed with the user row.
      const [row] = await rows(h, "SELECT id FROM users WHERE email = $1", [email]);
      expect(await ledgerRows(h, row!.id as string)).toEqual([{ delta: 100, reason: "SIGN_UP", key: "sign-up" }]);

      const p = await signUpConfirmed(h);
      const res = await balance(h, p);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: { balance: "100" } });
      const page = (await history(h, p)).body.result;
      expect(page).toMatchObject({
        page: 1,
        pages: 1,
        count: 1,
        data: [{ delta: 100, reason: "SIGN_UP", ref: null, balance: "100" }],
      });
    });

    it("gives a player who signs up through a social provider 100 diamonds too", async () => {
      const provider = await startProvider({
        sub: `g-${h.kind}-${randomUUID()}`,
        email: uniqueEmail("social"),
        name: "Social Grant",
      });
      try {
        const app = await h.buildApp({
          oauth: {
            google: {
              clientId: "id",
              clientSecret: "secret",
              authorizeUrl: `${provider.address}/authorize`,
              tokenUrl: `${provider.address}/token`,
              userinfoUrl: `${provider.address}/userinfo`,
              scope: "openid",
            },
          },
        });
        const start = await app.inject({ method: "GET", url: "/api/auth/social/google" });
        const cookie = start.cookies.find((c) => c.name === "pp_oauth_google")!;
        const atProvider = await fetch(start.headers.location as string, { redirect: "manual" });
        const callback = new URL(atProvider.headers.get("location")!);
        const done = await app.inject({
          method: "GET",
          url: `${callback.pathname}${callback.search}`,
          cookies: { pp_oauth_google: cookie.value },
        });
        const landing = new URL(done.headers.location as string);
        expect(landing.origin).toBe(PUBLIC_URL);
        expect(landing.searchParams.get("isNew")).toBe("true");
        const res = await h.call("GET", "/diamonds/user/balance", { token: landing.searchParams.get("accessToken")! });
        expect(res.body).toEqual({ result: { balance: "100" } });
      } finally {
        await provider.app.close();
      }
    });
  });

  describe("reading", () => {
    it("needs a signed-in caller and shows only the caller's own balance and history", async () => {
      expect((await h.call("GET", "/diamonds/user/balance")).status).toBe(401);
      expect((await h.call("GET", "/diamonds/user/history")).status).toBe(401);
      const ann = await signUpConfirmed(h);
      const bob = await signUpConfirmed(h);
      await topUp(h, { userId: ann.id, delta: 50 });
      // The calls take no player id: a query naming someone else is ignored.
      expect(
        (await h.call("GET", "/diamonds/user/balance", { token: bob.tokens.accessToken, query: { userId: ann.id } }))
          .body.result,
      ).toEqual({ balance: "100" });
      expect((await balance(h, ann)).body.result).toEqual({ balance: "150" });
      const bobHistory = (await history(h, bob)).body.result;
      expect(bobHistory.count).toBe(1);
      expect(bobHistory.data.every((e: { reason: string }) => e.reason === "SIGN_UP")).toBe(true);
    });

    it("pages the history newest first with page and take", async () => {
      const p = await signUpConfirmed(h);
      for (const delta of [5, -3, 7, -9]) await topUp(h, { userId: p.id, delta });
      const first = (await history(h, p, { page: 1, take: 2 })).body.result;
      expect(first).toMatchObject({ page: 1, pages: 3, count: 5 });
      expect(first.data.map((e: { delta: number; balance: string }) => [e.delta, e.balance])).toEqual([
        [-9, "100"],
        [7, "109"],
      ]);
      const last = (await history(h, p, { page: 3, take: 2 })).body.result;
      expect(last.data.map((e: { reason: string }) => e.reason)).toEqual(["SIGN_UP"]);
      expect((await history(h, p, { take: 0 })).status).toBe(400);
    });
  });

  describe("posting", () => {
    it("is idempotent: the same key returns the first outcome and moves nothing", async () => {
      const p = await signUpConfirmed(h);
      const entry = {
        userId: p.id,
        delta: -30,
        reason: "UPGRADE" as const,
        ref: "prediction:1",
        idempotencyKey: "upgrade:1",
      };
      const first = await post(entry);
      expect(first).toMatchObject({ balance: 70, replayed: false });
      await post({ userId: p.id, delta: 5, reason: "ADMIN", idempotencyKey: "later" });
      const again = await post(entry);
      expect(again).toEqual({ ...first, replayed: true });
      expect((await balance(h, p)).body.result).toEqual({ balance: "75" });
      expect((await ledgerRows(h, p.id)).filter((r) => r.key === "upgrade:1")).toHaveLength(1);
      // Over HTTP as well (the dev top-up takes a key).
      expect((await topUp(h, { userId: p.id, delta: 10, idempotencyKey: "dev-1" })).body.result).toEqual({
        balance: "85",
      });
      expect((await topUp(h, { userId: p.id, delta: 10, idempotencyKey: "dev-1" })).body.result).toEqual({
        balance: "85",
      });
      expect((await balance(h, p)).body.result).toEqual({ balance: "85" });
    });

    it("keeps keys per player, and refuses a key reused for a different movement", async () => {
      const ann = await signUpConfirmed(h);
      const bob = await signUpConfirmed(h);
      await post({ userId: ann.id, delta: -10, reason: "BET", idempotencyKey: "bet:race-1" });
      expect(await post({ userId: bob.id, delta: -10, reason: "BET", idempotencyKey: "bet:race-1" })).toMatchObject({
        balance: 90,
        replayed: false,
      });
      await expect(
        post({ userId: ann.id, delta: -20, reason: "BET", idempotencyKey: "bet:race-1" }),
      ).rejects.toMatchObject({ statusCode: 400, code: "validation" });
      await expect(post({ userId: ann.id, delta: 0, reason: "ADMIN", idempotencyKey: "zero" })).rejects.toThrow(
        /non-zero/,
      );
    });

    it("never goes below zero: 402 notEnoughDiamonds, and the caller's transaction rolls back whole", async () => {
      const p = await signUpConfirmed(h);
      const refused = await topUp(h, { userId: p.id, delta: -101 });
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({
        statusCode: 402,
        code: "notEnoughDiamonds",
        message: "You don't have enough diamonds",
      });
      // A module's own write in the same transaction goes with it.
      await expect(
        h.database.db.transaction(async (tx) => {
          await tx.execute(sql`UPDATE users SET bio = 'spent' WHERE id = ${p.id}`);
          await ledger().post(tx, { userId: p.id, delta: -60, reason: "UPGRADE", idempotencyKey: "a" });
          await ledger().post(tx, { userId: p.id, delta: -60, reason: "UPGRADE", idempotencyKey: "b" });
        }),
      ).rejects.toBeInstanceOf(AppError);
      expect(await rows(h, "SELECT bio FROM users WHERE id = $1", [p.id])).toEqual([{ bio: null }]);
      expect((await balance(h, p)).body.result).toEqual({ balance: "100" });
      expect(await ledgerRows(h, p.id)).toHaveLength(1);
      // Exactly down to zero is fine.
      expect((await topUp(h, { userId: p.id, delta: -100 })).body.result).toEqual({ balance: "0" });
    });

    it("lets exactly 10 of 20 concurrent debits of 10 through a balance of 100, and never overdraws", async () => {
      const p = await signUpConfirmed(h);
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          post({ userId: p.id, delta: -10, reason: "BET", ref: `bet:${i}`, idempotencyKey: `bet:${i}` }),
        ),
      );
      const ok = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(ok).toHaveLength(10);
      expect(refused.every((r) => r.reason instanceof AppError && r.reason.code === "notEnoughDiamonds")).toBe(true);
      // Each success saw its own balance: 90, 80, … 0, each once.
      expect(
        ok.map((r) => (r as PromiseFulfilledResult<{ balance: number }>).value.balance).toSorted((a, b) => a - b),
      ).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
      expect((await balance(h, p)).body.result).toEqual({ balance: "0" });
      expect((await ledgerRows(h, p.id)).filter((r) => r.reason === "BET")).toHaveLength(10);
    });

    it("postAll takes players in id order, so crossing donations neither deadlock nor lose diamonds", async () => {
      const ann = await signUpConfirmed(h);
      const bob = await signUpConfirmed(h);
      const give = (from: Player, to: Player, i: number) =>
        h.database.db.transaction((tx) =>
          ledger().postAll(tx, [
            {
              userId: from.id,
              delta: -10,
              reason: "DONATION",
              ref: `donation:${from.id}:${i}`,
              idempotencyKey: `donation:${i}:out`,
            },
            {
              userId: to.id,
              delta: 10,
              reason: "DONATION",
              ref: `donation:${from.id}:${i}`,
              idempotencyKey: `donation:${from.id}:${i}:in`,
            },
          ]),
        );
      const results = await Promise.all(
        Array.from({ length: 16 }, (_, i) => (i % 2 ? give(ann, bob, i) : give(bob, ann, i))),
      );
      // Results come back in the order given, whatever order they were posted in.
      expect(results.every(([out, into]) => out!.delta === -10 && into!.delta === 10)).toBe(true);
      expect((await balance(h, ann)).body.result).toEqual({ balance: "100" });
      expect((await balance(h, bob)).body.result).toEqual({ balance: "100" });
    });

    it("answers 404 for an unknown player and keeps the table's guards (CHECK, append-only)", async () => {
      expect((await topUp(h, { userId: randomUUID(), delta: 10 })).status).toBe(404);
      expect((await topUp(h, { delta: 10 })).status).toBe(400); // no player named, nobody signed in
      expect((await topUp(h, { userId: randomUUID(), delta: 0 })).status).toBe(400);
      const p = await signUpConfirmed(h);
      await expect(
        h.database.db.execute(sql`UPDATE diamond_balances SET balance = -1 WHERE user_id = ${p.id}`),
      ).rejects.toThrow();
      await expect(
        h.database.db.execute(sql`UPDATE diamond_ledger SET delta = 1000 WHERE user_id = ${p.id}`),
      ).rejects.toThrow();
      expect((await balance(h, p)).body.result).toEqual({ balance: "100" });
    });
  });

  describe("the dev top-up", () => {
    it("credits the caller by default, and is not served in production", async () => {
      const p = await signUpConfirmed(h);
      expect((await topUp(h, { delta: 25 }, p.tokens.accessToken)).body.result).toEqual({ balance: "125" });
      const production = await h.buildApp({ production: true });
      expect((await topUp(h, { delta: 25 }, p.tokens.accessToken, production)).status).toBe(404);
      expect((await balance(h, p, production)).body.result).toEqual({ balance: "125" });
    });

    it("refuses a key reused for another movement with a coded 400, and moves nothing (the fuzz test found a 500)", async () => {
      const p = await signUpConfirmed(h);
      expect((await topUp(h, { delta: 5, idempotencyKey: "prototype" }, p.tokens.accessToken)).body.result).toEqual({
        balance: "105",
      });
      expect((await topUp(h, { delta: 5, idempotencyKey: "prototype" }, p.tokens.accessToken)).body.result).toEqual({
        balance: "105",
      });
      const reused = await topUp(h, { delta: 2, idempotencyKey: "prototype" }, p.tokens.accessToken);
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe("validation");
      expect((await balance(h, p)).body.result).toEqual({ balance: "105" });
    });
  });

  describe("the live balance push", () => {
    it("sends user-balance-update { balance } to the player's sockets after commit, and nothing for a refused posting", async () => {
      const one = await startInstance(h);
      instances.push(one);
      const p = await signUpConfirmed(h);
      const s = client(one.url, { token: p.tokens.accessToken });
      sockets.push(s);
      await connected(s);
      expect(await subscribe(s, p.id)).toEqual({ ok: true });

      const pushed = nextEvent<{ balance: string }>(s, LiveEvent.userBalanceUpdate);
      expect((await topUp(h, { delta: 40 }, p.tokens.accessToken, one.app)).status).toBe(200);
      expect(await pushed).toEqual({ balance: "140" });

      const emit = vi.spyOn(one.live, "emit");
      expect((await topUp(h, { delta: -1000 }, p.tokens.accessToken, one.app)).status).toBe(402);
      expect(emit).not.toHaveBeenCalled();
      emit.mockRestore();
    });

    it("publish reads the committed balance and emits through deps.live to that player only", async () => {
      const p = await signUpConfirmed(h);
      const emit = vi.spyOn(h.app.deps.live, "emit");
      await post({ userId: p.id, delta: 20, reason: "ALL_PICKS_BONUS", ref: "race:1", idempotencyKey: "bonus:race:1" });
      expect(emit).not.toHaveBeenCalled(); // posting alone publishes nothing: the caller publishes after commit
      await ledger().publish(p.id, p.id);
      expect(emit).toHaveBeenCalledTimes(1);
      expect(emit).toHaveBeenCalledWith(LiveEvent.userBalanceUpdate, { balance: "120" }, [p.id]);
      emit.mockRestore();
    });
  });
});

describe("migration 005 on an existing database", () => {
  let database: Awaited<ReturnType<typeof openDb>>;
  beforeAll(async () => {
    database = await openDb({ dataDir: "", pgliteUrl: "memory://" });
  });
  afterAll(async () => {
    await database.close();
  });

  it("grants the players who signed up before it their 100 diamonds through the ledger", async () => {
    const all = readMigrations();
    await migrate(
      database,
      all.filter((m) => m.name < "005_diamonds"),
    );
    const id = randomUUID();
    await database.db.execute(
      sql`INSERT INTO users (id, name, created_at, updated_at) VALUES (${id}, 'Veteran', now(), now())`,
    );
    await migrate(database, all);
    const found = await database.withConnection((c) =>
      c.query(
        "SELECT b.balance::int AS balance, l.delta::int AS delta, l.reason FROM diamond_balances b JOIN diamond_ledger l USING (user_id) WHERE b.user_id = $1",
        [id],
      ),
    );
    expect(found).toEqual([{ balance: 100, delta: 100, reason: "SIGN_UP" }]);
  });
});

// Keeps the grant helper honest: it is what both sign-up paths post.
describe("signUpGrant", () => {
  it("is 100 SIGN_UP diamonds under the fixed key 'sign-up'", () => {
    expect(signUpGrant("u")).toEqual({
      userId: "u",
      delta: 100,
      reason: "SIGN_UP",
      ref: null,
      idempotencyKey: "sign-up",
    });
  });
});
