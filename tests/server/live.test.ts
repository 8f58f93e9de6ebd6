// The live channel against real listening instances and real socket.io clients, on each backend;
// two instances sharing Redis (127.0.0.1:6379 or REDIS_TEST_URL) when it answers.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { LiveEvent, type NotificationType, type RaceEventPayload } from "../../contract/live";
import type { Notification, NotificationValue } from "../../contract/notifications";
import type * as z from "zod";
import { dueEvent } from "../../server/live/raceClock";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend, type Harness } from "./harness";
import { client, collect, connected, nextEvent, sleep, startInstance, subscribe, type Instance } from "./liveServer";

const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

async function redisProblem(): Promise<string | null> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1500,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on("error", () => undefined);
  try {
    await r.connect();
    await r.ping();
    return null;
  } catch (err) {
    return (err as Error).message || String(err);
  } finally {
    r.disconnect();
  }
}
const redisDown = await redisProblem();
if (redisDown)
  console.warn(`[live tests] Redis at ${REDIS_URL} not reachable (${redisDown}): the two-instance tests are skipped`);

async function publish(
  h: Harness,
  userIds: string[],
  type: NotificationType = "LEAGUE_INVITATION",
  value: z.input<typeof NotificationValue> = { league: { id: randomUUID(), name: "Tifosi" } },
) {
  await h.database.db.transaction(async (tx) => h.app.deps.live.notify(tx, userIds, type, value));
}

/** A session of one race of a small schedule written by hand: starts in `startsInMin` minutes, lasts 40. */
async function scheduleSession(h: Harness, startsInMin: number, canceled = false) {
  const trackId = randomUUID();
  const raceId = randomUUID();
  const sessionId = randomUUID();
  const start = new Date(h.clock.now().getTime() + startsInMin * 60_000);
  const end = new Date(start.getTime() + 40 * 60_000);
  const round = Math.floor(Math.random() * 1_000_000) + 1000;
  await h.database.db.execute(
    sql`INSERT INTO tracks (id, name, country, length_km, circuit_type, image) VALUES (${trackId}, 'Mugello', 'IT', 5.245, 'FAST', '')`,
  );
  await h.database.db.execute(
    sql`INSERT INTO races (id, season, round, name, track_id, circuit_type) VALUES (${raceId}, 2099, ${round}, 'Gran Premio d''Italia', ${trackId}, 'FAST')`,
  );
  await h.database.db.execute(
    sql`INSERT INTO race_sessions (id, race_id, type, starts_at, ends_at, canceled) VALUES (${sessionId}, ${raceId}, 'START', ${start}, ${end}, ${canceled})`,
  );
  return { raceId, sessionId, start, end };
}

const sockets: Socket[] = [];
const instances: Instance[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  for (const i of instances.splice(0)) await i.close();
});
const open = (url: string, token?: string, header = false) => {
  const s = client(url, { token, header });
  sockets.push(s);
  return s;
};
async function subscribed(url: string, p: Player, header = false) {
  const s = open(url, p.tokens.accessToken, header);
  await connected(s);
  expect(await subscribe(s, p.id)).toEqual({ ok: true });
  return s;
}

const at = (iso: string) => new Date(iso);

describe("race clock schedule", () => {
  const startsAt = new Date("2026-06-01T12:00:00Z");
  const endsAt = new Date("2026-06-01T12:40:00Z");
  it("names the one event due at each moment", () => {
    const s = { startsAt, endsAt, canceled: false };
    expect(dueEvent(at("2026-06-01T11:44:59Z"), s)).toBeNull();
    expect(dueEvent(at("2026-06-01T11:45:00Z"), s)).toBe("RACE_STARTING_SOON");
    expect(dueEvent(at("2026-06-01T12:00:00Z"), s)).toBe("RACE_STARTED");
    expect(dueEvent(at("2026-06-01T12:40:00Z"), s)).toBe("RACE_ENDED");
    expect(dueEvent(at("2026-06-01T13:10:00Z"), s)).toBeNull();
    expect(dueEvent(at("2026-05-20T00:00:00Z"), { ...s, canceled: true })).toBe("RACE_CANCELED");
    expect(dueEvent(at("2026-06-01T12:40:00Z"), { ...s, canceled: true })).toBeNull();
  });
});

onEachBackend("live channel", (h) => {
  it("refuses a client without a token, with a bad, an expired or a revoked one, and takes the header or auth.token", async () => {
    const one = await startInstance(h);
    instances.push(one);
    await expect(connected(open(one.url))).rejects.toThrow(/unauthorized/);
    await expect(connected(open(one.url, "not-a-jwt"))).rejects.toThrow(/unauthorized/);

    const p = await signUpConfirmed(h);
    await connected(open(one.url, p.tokens.accessToken));
    await connected(open(one.url, p.tokens.accessToken, true));

    h.clock.setOffset(16 * 60_000);
    await expect(connected(open(one.url, p.tokens.accessToken))).rejects.toThrow(/unauthorized/);
    h.clock.reset();

    expect((await h.call("POST", "/auth/sign-out", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
      200,
    );
    await expect(connected(open(one.url, p.tokens.accessToken))).rejects.toThrow(/unauthorized/);
  });

  it("disconnects a connected socket when its token family is revoked", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const p = await signUpConfirmed(h);
    const s = await subscribed(one.url, p);
    const errors = collect<{ code: string }>(s, LiveEvent.error);
    const gone = nextEvent<string>(s, "disconnect");
    await h.call("POST", "/auth/sign-out", { body: { refreshToken: p.tokens.refreshToken } });
    await one.live.sweepRevoked();
    expect(await gone).toBe("io server disconnect");
    expect(errors).toEqual([expect.objectContaining({ code: "unauthorized" })]);
  });

  it("a client subscribing to another profile id is refused and gets nothing of theirs", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const [alice, bob] = [await signUpConfirmed(h), await signUpConfirmed(h)];
    const spy = open(one.url, alice.tokens.accessToken);
    await connected(spy);
    const spyGot = collect(spy, LiveEvent.notifications);
    const spyInvites = collect(spy, LiveEvent.leagueInvitation);
    const refused = nextEvent<{ code: string }>(spy, LiveEvent.error);
    expect(await subscribe(spy, bob.id)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    expect((await refused).code).toBe("forbidden");

    const bobSocket = await subscribed(one.url, bob);
    const bobGot = nextEvent<Notification[]>(bobSocket, LiveEvent.notifications);
    const bobInvite = nextEvent<Notification>(bobSocket, LiveEvent.leagueInvitation);
    await publish(h, [bob.id]);
    await one.live.flush();
    const [delivered] = await bobGot;
    expect(delivered).toMatchObject({
      type: "LEAGUE_INVITATION",
      isRead: false,
      value: { league: { name: "Tifosi" } },
    });
    expect((await bobInvite).id).toBe(delivered!.id);
    await sleep(200);
    expect(spyGot).toEqual([]);
    expect(spyInvites).toEqual([]);
    // Nor over REST, nor by id.
    expect((await h.call("GET", "/notifications", { token: alice.tokens.accessToken })).body.result).toEqual([]);
    await h.call("PUT", "/notifications/read", { token: alice.tokens.accessToken, body: { ids: [delivered!.id] } });
    await h.call("DELETE", `/notifications/${delivered!.id}`, { token: alice.tokens.accessToken });
    expect((await h.call("GET", "/notifications", { token: bob.tokens.accessToken })).body.result).toMatchObject([
      { id: delivered!.id, isRead: false },
    ]);
  });

  it("a rolled-back change is never sent; a committed one is pushed once", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const p = await signUpConfirmed(h);
    const s = await subscribed(one.url, p);
    const got = collect<Notification[]>(s, LiveEvent.notifications);
    await expect(
      h.database.db.transaction(async (tx) => {
        await h.app.deps.live.notify(tx, [p.id], "MEMBER_DELETED", { league: { id: randomUUID(), name: "Gone" } });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await publish(h, [p.id]);
    await Promise.all([one.live.flush(), one.live.flush(), h.app.deps.live.flush()]);
    await one.live.flush();
    await sleep(200);
    expect(got.flat().map((n) => n.type)).toEqual(["LEAGUE_INVITATION"]);
  });

  it("a notification written while the client was offline comes through REST on reconnect, once", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const p = await signUpConfirmed(h);
    const first = await subscribed(one.url, p);
    first.disconnect();
    await publish(h, [p.id], "LEAGUE_INVITATION", { league: { id: randomUUID(), name: "While away" } });
    await one.live.flush();

    const again = await subscribed(one.url, p);
    const pushed = collect<Notification[]>(again, LiveEvent.notifications);
    const list = (await h.call<{ result: Notification[] }>("GET", "/notifications", { token: p.tokens.accessToken }))
      .body.result;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: "LEAGUE_INVITATION",
      value: { league: { name: "While away" } },
      isRead: false,
    });
    await one.live.flush();
    await sleep(300);
    expect(pushed).toEqual([]);
  });

  it("read, delete and delete-all over the socket and REST reach the player's other tabs", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const p = await signUpConfirmed(h);
    const [tab1, tab2] = [await subscribed(one.url, p), await subscribed(one.url, p)];
    for (let i = 0; i < 3; i++) await publish(h, [p.id]);
    const list = (await h.call<{ result: Notification[] }>("GET", "/notifications", { token: p.tokens.accessToken }))
      .body.result;
    expect(list).toHaveLength(3);
    const [newest, middle, oldest] = list.map((n) => n.id);

    const read = nextEvent<{ ids: string[] }>(tab2, LiveEvent.readNotification);
    expect(await tab1.timeout(5000).emitWithAck("read-notification", { ids: [newest] })).toEqual({ ok: true });
    expect(await read).toEqual({ ids: [newest] });

    const deleted = nextEvent<{ ids: string[] }>(tab2, LiveEvent.deleteNotification);
    // REST on the instance the sockets are on (the harness app has no live channel attached).
    expect((await h.call("DELETE", `/notifications/${oldest}`, { token: p.tokens.accessToken }, one.app)).status).toBe(
      200,
    );
    expect(await deleted).toEqual({ ids: [oldest] });

    const rest = (await h.call<{ result: Notification[] }>("GET", "/notifications", { token: p.tokens.accessToken }))
      .body.result;
    expect(rest.map((n) => [n.id, n.isRead])).toEqual([
      [newest, true],
      [middle, false],
    ]);

    const all = nextEvent(tab2, LiveEvent.deleteAllNotification);
    expect(await tab1.timeout(5000).emitWithAck("delete-all-notification", {})).toEqual({ ok: true });
    await all;
    expect((await h.call("GET", "/notifications", { token: p.tokens.accessToken })).body.result).toEqual([]);
    expect(await tab1.timeout(5000).emitWithAck("read-notification", { ids: "nope" })).toMatchObject({ ok: false });
  });

  it("the race clock emits each schedule event once to every player", async () => {
    const one = await startInstance(h);
    instances.push(one);
    const p = await signUpConfirmed(h);
    const s = open(one.url, p.tokens.accessToken);
    await connected(s);
    const got = collect<RaceEventPayload>(s, LiveEvent.races);
    const { sessionId } = await scheduleSession(h, 10);
    const canceled = await scheduleSession(h, 3 * 24 * 60, true);
    expect((await one.live.raceClock.tick()).map((e) => [e.sessionId, e.type])).toEqual([
      [sessionId, "RACE_STARTING_SOON"],
      [canceled.sessionId, "RACE_CANCELED"],
    ]);
    expect(await one.live.raceClock.tick()).toEqual([]);
    h.clock.setOffset(11 * 60_000);
    expect((await one.live.raceClock.tick()).map((e) => e.type)).toEqual(["RACE_STARTED"]);
    h.clock.setOffset(51 * 60_000);
    expect((await one.live.raceClock.tick()).map((e) => e.type)).toEqual(["RACE_ENDED"]);
    expect(await one.live.raceClock.tick()).toEqual([]);
    await sleep(200);
    expect(got.filter((e) => e.sessionId === sessionId).map((e) => e.type)).toEqual([
      "RACE_STARTING_SOON",
      "RACE_STARTED",
      "RACE_ENDED",
    ]);
    expect(got.find((e) => e.sessionId === sessionId)).toMatchObject({
      raceName: "Gran Premio d'Italia",
      session: "START",
      circuitType: "FAST",
    });
  });

  it("serves POST /dev/notify outside production only, and stores what it publishes", async () => {
    const p = await signUpConfirmed(h);
    const body = { userId: p.id, type: "USER_BALANCE_UPDATE", value: { balance: "70" } };
    expect((await h.call("POST", "/dev/notify", { body })).status).toBe(200);
    expect((await h.call("GET", "/notifications", { token: p.tokens.accessToken })).body.result).toMatchObject([
      { type: "USER_BALANCE_UPDATE", value: { balance: "70" } },
    ]);
    expect((await h.call("POST", "/dev/notify", { body: { ...body, type: "NOT_A_TYPE" } })).status).toBe(400);
    const production = await h.buildApp({ production: true });
    expect((await h.call("POST", "/dev/notify", { body }, production)).status).toBe(404);
    expect((await h.call("GET", "/notifications")).status).toBe(401);
  });

  it("with its Redis unreachable, an instance still serves its own sockets, and the rows stay for REST", async () => {
    // Nothing listens on port 1: the adapter's clients keep retrying in the background.
    const lonely = await startInstance(h, { config: { redisUrl: "redis://127.0.0.1:1" } });
    instances.push(lonely);
    const p = await signUpConfirmed(h);
    const s = await subscribed(lonely.url, p);
    const got = nextEvent<Notification[]>(s, LiveEvent.notifications);
    await publish(h, [p.id]);
    await lonely.live.flush();
    expect((await got)[0]).toMatchObject({ type: "LEAGUE_INVITATION" });
    expect((await h.call("GET", "/notifications", { token: p.tokens.accessToken })).body.result).toHaveLength(1);
  });

  describe.skipIf(redisDown !== null)(
    `two instances with the Redis adapter${redisDown ? ` (skipped: Redis unreachable: ${redisDown})` : ""}`,
    () => {
      it("a notification published on instance A reaches a client on instance B, once", async () => {
        const a = await startInstance(h, { config: { redisUrl: REDIS_URL } });
        const b = await startInstance(h, { config: { redisUrl: REDIS_URL } });
        instances.push(a, b);
        expect(a.url).not.toBe(b.url);
        const p = await signUpConfirmed(h);
        const onB = await subscribed(b.url, p);
        const got = collect<Notification[]>(onB, LiveEvent.notifications);
        await publish(h, [p.id], "MEMBERSHIP_REQUESTED", {
          league: { id: randomUUID(), name: "Across" },
          user: { id: randomUUID(), name: "Marco" },
        });
        await a.live.flush();
        await b.live.flush();
        await a.live.flush();
        for (let i = 0; i < 50 && got.length === 0; i++) await sleep(50);
        await sleep(300);
        expect(got).toHaveLength(1);
        expect(got[0]).toMatchObject([{ type: "MEMBERSHIP_REQUESTED", value: { league: { name: "Across" } } }]);
        // A non-stored event emitted on A reaches B too.
        const balance = nextEvent(onB, LiveEvent.userBalanceUpdate);
        a.live.emit(LiveEvent.userBalanceUpdate, { balance: "150" }, [p.id]);
        expect(await balance).toEqual({ balance: "150" });
      });

      it("a race event is emitted once although both instances tick", async () => {
        const a = await startInstance(h, { config: { redisUrl: REDIS_URL } });
        const b = await startInstance(h, { config: { redisUrl: REDIS_URL } });
        instances.push(a, b);
        const p = await signUpConfirmed(h);
        const [onA, onB] = [open(a.url, p.tokens.accessToken), open(b.url, p.tokens.accessToken)];
        await Promise.all([connected(onA), connected(onB)]);
        const gotA = collect<RaceEventPayload>(onA, LiveEvent.races);
        const gotB = collect<RaceEventPayload>(onB, LiveEvent.races);
        const { sessionId } = await scheduleSession(h, -5);
        const emitted = (
          await Promise.all([
            a.live.raceClock.tick(),
            b.live.raceClock.tick(),
            a.live.raceClock.tick(),
            b.live.raceClock.tick(),
          ])
        ).flat();
        expect(emitted.filter((e) => e.sessionId === sessionId).map((e) => e.type)).toEqual(["RACE_STARTED"]);
        for (let i = 0; i < 200 && (gotA.length === 0 || gotB.length === 0); i++) await sleep(50);
        await sleep(300);
        expect(gotA.filter((e) => e.sessionId === sessionId).map((e) => e.type)).toEqual(["RACE_STARTED"]);
        expect(gotB.filter((e) => e.sessionId === sessionId).map((e) => e.type)).toEqual(["RACE_STARTED"]);
      });
    },
  );
});
