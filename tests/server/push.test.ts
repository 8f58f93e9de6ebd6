// docs/push.md through the API and the job, on PGlite and PostgreSQL, with the real protocol: browsers subscribe with
// keys the test makes, the server sends with web-push, and a local push service (pushEndpoint.ts) decrypts each
// payload (RFC 8291) and checks its VAPID signature. A reminder goes once, only to a player whose picks are still
// open, only within the lead the player chose and never after the lock, and once from two instances on one
// database; a subscription the push service calls gone is deleted; results come as a push too, the bell unchanged.
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import webpush from "web-push";
import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import type { SessionType } from "../../contract/enums";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../contract/push";
import { buildApp } from "../../server/app";
import { pushSubscriptions, races, raceSessions, users } from "../../server/db/schema";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { openDb, type Database } from "../../server/db/open";
import { onEachBackend, PG_URL, testConfig, type Harness } from "./harness";
import { quickPlayer, type QuickPlayer } from "./leaguePlayers";
import { at, MINUTE, raceFixture, type RaceFixture } from "./predictionsFixture";
import { startPushEndpoint, type Browser, type PushEndpoint } from "./pushEndpoint";

const vapidKeys = webpush.generateVAPIDKeys();
const vapid = { ...vapidKeys, subject: "mailto:operators@pp.test" };
/** One pass of an instance's push job, as its timer runs it. */
const tick = (app: FastifyInstance) => app.services.push.tick();

onEachBackend(
  "web push",
  (h: Harness) => {
    let endpoint: PushEndpoint;
    let race: RaceFixture;
    let raceName: string;
    let sessionId: Record<string, string>;
    /** Server instances whose pushes go to the local push service (the harness's own app sends none). */
    let instances: FastifyInstance[];

    /** Databases opened by a test (a second instance's own pool), closed after it. */
    let opened: Database[];
    const instance = async (database = h.database) => {
      const config = testConfig({ vapid });
      const app = await buildApp({
        db: database,
        clock: h.clock,
        mailer: outboxMailer(database.db, h.clock),
        config,
        live: createLive({ db: database, clock: h.clock, config }),
        pushAgent: endpoint.agent,
      });
      h.checkAnswers(app);
      instances.push(app);
      return app;
    };
    /** On PostgreSQL a second instance has a pool of its own on the same schema, as a second server would. */
    const secondDatabase = async (): Promise<Database> => {
      if (h.kind !== "postgres") return h.database;
      const result = await h.database.db.execute(sql`SELECT current_schema() AS schema`);
      const rows = (result as { rows?: { schema: string }[] }).rows ?? (result as unknown as { schema: string }[]);
      const database = await openDb({ databaseUrl: PG_URL, dataDir: "", schemaName: rows[0]!.schema });
      opened.push(database);
      return database;
    };
    const subscribe = async (p: QuickPlayer): Promise<Browser> => {
      const b = endpoint.browser();
      const res = await h.call("POST", "/push/subscriptions", { token: p.token, body: b.subscription });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return b;
    };
    const prefer = async (p: QuickPlayer, body: Record<string, unknown>) => {
      const res = await h.call("PUT", "/push/preferences", { token: p.token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result;
    };
    const save = (p: QuickPlayer, data: { category: string; riderId: string }[]) =>
      h.call("POST", `/predictions/races/${race.id}`, { token: p.token, body: { version: race.version, data } });
    const to = (b: Browser) => endpoint.received.filter((r) => r.id === b.id);
    const start = (s: SessionType) => race.sessions[s].start;

    beforeAll(async () => {
      endpoint = await startPushEndpoint();
      race = await raceFixture(h);
      const db = h.database.db;
      raceName = (await db.select().from(races).where(eq(races.id, race.id)))[0]!.name;
      const rows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, race.id));
      sessionId = Object.fromEntries(rows.map((r) => [r.type, r.id]));
    });
    afterAll(async () => {
      await endpoint?.close();
    });
    beforeEach(async () => {
      instances = [];
      opened = [];
      endpoint.received.length = 0;
      endpoint.failures.length = 0;
      // Claims outlive nothing here: users are truncated between tests, and push_sent goes with them.
      for (const [type, s] of Object.entries(race.sessions))
        await h.database.db
          .update(raceSessions)
          .set({ startsAt: new Date(s.start), endsAt: new Date(s.end) })
          .where(and(eq(raceSessions.raceId, race.id), eq(raceSessions.type, type)));
      at(h, start("FP1") - 24 * 60 * MINUTE);
    });
    afterEach(async () => {
      for (const app of instances) await app.close();
      for (const database of opened) await database.close();
      expect(endpoint.failures).toEqual([]);
    });

    it("serves the public key, validates subscriptions and keeps the player's preferences", async () => {
      const key = await h.call("GET", "/push/key");
      expect(key.status).toBe(200);
      expect(key.body.result).toEqual({ publicKey: vapid.publicKey });
      const p = await quickPlayer(h);
      expect((await h.call("GET", "/push/preferences", { token: p.token })).body.result).toEqual({
        reminder: "1h",
        results: true,
        payouts: true,
        leagueRequests: true,
      });
      expect(await prefer(p, { reminder: "15m", payouts: false })).toEqual({
        reminder: "15m",
        results: true,
        payouts: false,
        leagueRequests: true,
      });
      expect((await h.call("GET", "/push/preferences", { token: p.token })).body.result.reminder).toBe("15m");
      expect((await h.call("PUT", "/push/preferences", { token: p.token, body: { reminder: "2h" } })).status).toBe(400);

      const b = endpoint.browser();
      const bad = [
        { ...b.subscription, keys: { ...b.subscription.keys, p256dh: "short" } },
        { ...b.subscription, keys: { ...b.subscription.keys, auth: `${b.subscription.keys.auth}AA` } },
        { ...b.subscription, endpoint: "ftp://127.0.0.1/push" },
        { endpoint: b.subscription.endpoint },
      ];
      for (const body of bad)
        expect((await h.call("POST", "/push/subscriptions", { token: p.token, body })).status).toBe(400);
      expect((await h.call("POST", "/push/subscriptions", { body: b.subscription })).status).toBe(401);
      expect((await h.call("POST", "/push/subscriptions", { token: p.token, body: b.subscription })).status).toBe(200);
      // The same browser again is the same subscription; removing it forgets it.
      expect((await h.call("POST", "/push/subscriptions", { token: p.token, body: b.subscription })).status).toBe(200);
      const stored = () => h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.id));
      expect(await stored()).toHaveLength(1);
      const removed = await h.call("POST", "/push/subscriptions/remove", {
        token: p.token,
        body: { endpoint: b.subscription.endpoint },
      });
      expect(removed.status).toBe(200);
      expect(await stored()).toHaveLength(0);
    });

    it("reminds a player with open picks once, within the lead, read at the push service with a valid VAPID signature", async () => {
      const app = await instance();
      const p = await quickPlayer(h);
      const phone = await subscribe(p);
      const laptop = await subscribe(p);
      at(h, start("FP1") - 61 * MINUTE);
      await tick(app);
      expect(endpoint.received).toHaveLength(0);

      at(h, start("FP1") - 50 * MINUTE);
      expect((await tick(app)).reminders).toBe(2);
      for (const b of [phone, laptop]) {
        const [got, ...more] = to(b);
        expect(more).toHaveLength(0);
        expect(got!.payload).toEqual({
          type: "REMINDER",
          title: "FP1: your picks are missing",
          body: `${raceName}: FP1 locks in 50 minutes and your picks for it are still missing.`,
          url: "/predictions",
          sessionId: sessionId.FP1,
        });
        // The push service drops it at the lock if the browser is offline until then.
        expect(got!.ttl).toBeGreaterThan(0);
        expect(got!.ttl).toBeLessThanOrEqual(50 * 60);
        expect(got!.vapid.publicKey).toBe(vapid.publicKey);
        expect(got!.vapid.claims.aud).toBe(endpoint.origin);
        expect(got!.vapid.claims.sub).toBe(vapid.subject);
        expect(got!.vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      }
      // Later ticks before the lock send nothing more.
      await tick(app);
      at(h, start("FP1") - 5 * MINUTE);
      await tick(app);
      expect(endpoint.received).toHaveLength(2);
    });

    it("sends nothing to a player whose picks are complete, or who turned reminders off, and waits for a 15 min lead", async () => {
      const app = await instance();
      const open = await quickPlayer(h);
      const done = await quickPlayer(h);
      const off = await quickPlayer(h);
      const late = await quickPlayer(h);
      const [bOpen, bDone, bOff, bLate] = [
        await subscribe(open),
        await subscribe(done),
        await subscribe(off),
        await subscribe(late),
      ];
      expect((await save(done, [{ category: "FP1", riderId: race.active[0]! }])).status).toBe(200);
      await prefer(off, { reminder: "off" });
      await prefer(late, { reminder: "15m" });

      at(h, start("FP1") - 50 * MINUTE);
      await tick(app);
      expect(to(bOpen)).toHaveLength(1);
      expect(to(bDone)).toHaveLength(0);
      expect(to(bOff)).toHaveLength(0);
      expect(to(bLate)).toHaveLength(0);

      at(h, start("FP1") - 14 * MINUTE);
      await tick(app);
      expect(to(bLate).map((r) => r.payload.sessionId)).toEqual([sessionId.FP1]);
      expect(to(bLate)[0]!.payload.body).toBe(
        `${raceName}: FP1 locks in 14 minutes and your picks for it are still missing.`,
      );
      expect(to(bOpen)).toHaveLength(1);
      expect(to(bDone)).toHaveLength(0);
      expect(to(bOff)).toHaveLength(0);
    });

    it("never reminds after the lock", async () => {
      const app = await instance();
      const p = await quickPlayer(h);
      const b = await subscribe(p);
      // The instance was down through the whole lead: once the lock has passed, that session is not reminded of.
      at(h, start("FP1") + 1);
      await tick(app);
      at(h, start("FP1") + 10 * MINUTE);
      await tick(app);
      expect(to(b).filter((r) => r.payload.sessionId === sessionId.FP1)).toHaveLength(0);
      // Under a second before a lock a push could only arrive after it: FP2's reminder is claimed but not sent.
      at(h, start("FP2") - 500);
      await tick(app);
      expect(to(b).filter((r) => r.payload.sessionId === sessionId.FP2)).toHaveLength(0);
      for (const r of to(b))
        expect(start(typeOf(r.payload.sessionId as string))).toBeGreaterThan(h.clock.now().getTime());
    });
    const typeOf = (id: string) => Object.entries(sessionId).find(([, v]) => v === id)![0] as SessionType;

    it("two instances on one database send each reminder once", async () => {
      const [a, b] = [await instance(), await instance(await secondDatabase())];
      const players = [await quickPlayer(h), await quickPlayer(h), await quickPlayer(h)];
      const browsers = [];
      for (const p of players) browsers.push(await subscribe(p));
      at(h, start("FP1") - 30 * MINUTE);
      const [ra, rb] = await Promise.all([tick(a), tick(b)]);
      expect(ra.reminders + rb.reminders).toBe(3);
      await Promise.all([tick(a), tick(b)]);
      for (const br of browsers) expect(to(br).map((r) => r.payload.sessionId)).toEqual([sessionId.FP1]);
    });

    it("deletes a subscription the push service answers 410 Gone", async () => {
      const app = await instance();
      const p = await quickPlayer(h);
      const gone = await subscribe(p);
      const kept = await subscribe(p);
      endpoint.answer(gone.id, 410);
      at(h, start("FP1") - 30 * MINUTE);
      expect((await tick(app)).reminders).toBe(1);
      const left = await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.id));
      expect(left.map((s) => s.endpoint)).toEqual([kept.subscription.endpoint]);
      expect(to(kept)).toHaveLength(1);
    });

    it("pushes results to a player who wants them, once across instances, and the bell keeps its notice", async () => {
      const [a, b] = [await instance(), await instance()];
      const wants = await quickPlayer(h);
      const not = await quickPlayer(h);
      const [bWants, bNot] = [await subscribe(wants), await subscribe(not)];
      await prefer(not, { results: false, reminder: "off" });
      await h.database.db.transaction((tx) =>
        a.deps.live.notify(tx, [wants.id, not.id], "RESULTS_PUBLISHED", {
          raceId: race.id,
          raceName,
          name: "FP1",
          points: 5,
          canceled: false,
        }),
      );
      await Promise.all([tick(a), tick(b)]);
      await tick(a);
      expect(to(bWants).map((r) => r.payload)).toEqual([
        {
          type: "RESULTS",
          title: "Results are in",
          body: `${raceName}: new results are in. See your points.`,
          url: "/results",
        },
      ]);
      expect(to(bNot)).toHaveLength(0);
      for (const p of [wants, not]) {
        const bell = await h.call("GET", "/notifications", { token: p.token });
        expect(bell.body.result.map((n: { type: string }) => n.type)).toEqual(["RESULTS_PUBLISHED"]);
      }
    });

    it("pushes payouts and league requests to the players who want them", async () => {
      const app = await instance();
      const [both, noPayouts, noRequests] = [await quickPlayer(h), await quickPlayer(h), await quickPlayer(h)];
      const [bBoth, bNoPayouts, bNoRequests] = [
        await subscribe(both),
        await subscribe(noPayouts),
        await subscribe(noRequests),
      ];
      await prefer(noPayouts, { payouts: false });
      await prefer(noRequests, { leagueRequests: false });
      const everyone = [both.id, noPayouts.id, noRequests.id];
      await h.database.db.transaction(async (tx) => {
        await app.deps.live.notify(tx, everyone, "BET_RESULTS", { raceName, bets: 2, won: 1, payout: 40, refunded: 0 });
        await app.deps.live.notify(tx, everyone, "MEMBERSHIP_REQUESTED", {
          league: { id: randomUUID(), name: "Paddock Club" },
          user: { id: randomUUID(), name: "rider42" },
        });
      });
      await tick(app);
      const types = (b: Browser) =>
        to(b)
          .map((r) => r.payload.type)
          .toSorted();
      expect(types(bBoth)).toEqual(["LEAGUE_REQUEST", "PAYOUT"]);
      expect(types(bNoPayouts)).toEqual(["LEAGUE_REQUEST"]);
      expect(types(bNoRequests)).toEqual(["PAYOUT"]);
      expect(to(bBoth).find((r) => r.payload.type === "PAYOUT")!.payload).toEqual({
        type: "PAYOUT",
        title: "Your bets are settled",
        body: `${raceName}: your bets paid 40 diamonds.`,
        url: "/bets",
      });
      expect(to(bBoth).find((r) => r.payload.type === "LEAGUE_REQUEST")!.payload).toMatchObject({
        title: "Request to join Paddock Club",
        body: "rider42 asks to join your league Paddock Club.",
      });
    });

    it("keeps a player's newest browsers only, and in production takes only a public push service's address", async () => {
      const p = await quickPlayer(h);
      const browsers: Browser[] = [];
      for (let i = 0; i <= MAX_PUSH_SUBSCRIPTIONS; i += 1) {
        browsers.push(await subscribe(p));
        at(h, h.clock.now().getTime() + 1000);
      }
      const left = await h.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, p.id));
      expect(left).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
      expect(left.map((s) => s.endpoint)).not.toContain(browsers[0]!.subscription.endpoint);

      const production = await h.buildApp({ production: true, vapid });
      const keys = endpoint.browser().subscription.keys;
      const answer = async (address: string) =>
        (await h.call("POST", "/push/subscriptions", { token: p.token, body: { endpoint: address, keys } }, production))
          .status;
      for (const address of [
        "http://push.example.com/send/1",
        "https://127.0.0.1/push/1",
        "https://[::1]/push/1",
        "https://localhost/push/1",
        "https://intranet/push/1",
      ])
        expect(await answer(address), address).toBe(400);
      expect(await answer("https://fcm.googleapis.com/fcm/send/abc")).toBe(200);
    });

    it("writes the push in the player's language", async () => {
      const app = await instance();
      const p = await quickPlayer(h);
      await h.database.db.update(users).set({ lng: "de" }).where(eq(users.id, p.id));
      const b = await subscribe(p);
      at(h, start("FP1") - 20 * MINUTE);
      await tick(app);
      expect(to(b)[0]?.payload.title).toBe("FP1: deine Tipps fehlen");
    });
  },
  { seed: true, config: { vapid } },
);
