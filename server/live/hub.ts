import type { Server as HttpServer } from "node:http";
import { createAdapter } from "@socket.io/redis-adapter";
import { and, inArray, isNull } from "drizzle-orm";
import { Redis } from "ioredis";
import { Server, type Namespace, type Socket } from "socket.io";
import {
  eventOfType,
  IdsPayload,
  LIVE_NAMESPACE,
  LIVE_RECONNECT,
  LiveCommand,
  LiveEvent,
  NotificationType,
  type LiveEventName,
  type LivePayloads,
} from "../../contract/live";
import { messages } from "../../contract/messages";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Database } from "../db/open";
import { sessionFamilies, type NotificationRow } from "../db/schema";
import type { Caller } from "../http/caller";
import { safeErrorText } from "../http/logging";
import { notificationStore, toNotification } from "./notificationRepository";
import { raceClock, type RaceClock } from "./raceClock";
import type { Live, LiveState } from "./types";
import { settleQuietly } from "./settleQuietly";

export const userRoom = (userId: string) => `user:${userId}`;
/** Every authenticated socket joins this room (race events go to everyone). */
export const ALL_ROOM = "players";

export type LiveOptions = {
  /** Outbox drain period (ms). */
  pollMs?: number;
  /** Revoked-family sweep period (ms). */
  revocationMs?: number;
  /** Race clock tick (ms); 0 = no automatic ticks (tests tick by hand). */
  raceTickMs?: number;
};

export type LiveHub = Live & {
  state(): LiveState;
  /** Starts socket.io on this HTTP server (before or after listen), the outbox poller and the race clock. */
  attach(server: HttpServer, verify: (token: string) => Promise<Caller | null>): Promise<void>;
  /** The socket.io server once attached. */
  io(): Server | undefined;
  /** One race clock pass (also run on a timer when attached). */
  raceClock: RaceClock;
  /** Disconnects sockets of revoked families now (also run on a timer). */
  sweepRevoked(): Promise<void>;
  close(): Promise<void>;
};

type SocketData = { userId: string; familyId: string };

/**
 * How long before this instance noticed it lost its Redis subscription a push may already have gone unheard (in
 * flight, or claimed by an instance whose clock is a little ahead): the catch-up looks back this far.
 */
export const CATCH_UP_MARGIN_MS = 2000;
/** ioredis waits up to 5 s between attempts; a shorter wait makes the catch-up (and the adapter) start sooner once Redis is back. */
const redisRetry = (attempt: number) => Math.min(attempt * 100, 1000);

/** Answers a client's acknowledgement callback, when it sent one. */
function ack(cb: unknown, value: unknown) {
  if (typeof cb === "function") (cb as (v: unknown) => void)(value);
}

function bearer(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m ? m[1]!.trim() : value.trim() || undefined;
}

/**
 * The live channel of one server instance. Without `attach` (tests that only `inject`) it still stores
 * notifications; pushes start once attached.
 */
export function createLive(deps: { db: Database; clock: Clock; config: Config }, options: LiveOptions = {}): LiveHub {
  const store = notificationStore(deps.db.db);
  const pollMs = options.pollMs ?? Number(process.env.LIVE_POLL_MS ?? 500);
  const revocationMs = options.revocationMs ?? 5000;
  const raceTickMs = options.raceTickMs ?? Number(process.env.LIVE_RACE_TICK_MS ?? 5000);
  let server: Server | undefined;
  let nsp: Namespace | undefined;
  const timers: NodeJS.Timeout[] = [];
  const redis: Redis[] = [];
  let draining: Promise<void> | null = null;
  let again = false;
  let closed = false;
  /** Since when this instance's Redis subscription has been away (pushes other instances sent meanwhile went unheard), or null. */
  let unheardSince: Date | null = null;
  /** Rows this instance claimed itself lately (id → when): its own sockets had them whether Redis was there or not. */
  const ownClaims = new Map<string, number>();

  const emitTo = <E extends LiveEventName>(
    event: E,
    payload: LivePayloads[E],
    userIds?: readonly string[],
    localOnly = false,
  ) => {
    if (!nsp) return;
    const to = localOnly ? nsp.local : nsp;
    if (userIds === undefined) to.to(ALL_ROOM).emit(event, payload);
    else if (userIds.length > 0) to.to([...new Set(userIds)].map(userRoom)).emit(event, payload);
  };

  /** Each player's rows as the outbox pushes them: the list event, then each row's own typed event. */
  function push(rows: readonly NotificationRow[], localOnly: boolean) {
    const byUser = new Map<string, NotificationRow[]>();
    for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r]);
    for (const [userId, list] of byUser) {
      const items = list.map(toNotification);
      emitTo(LiveEvent.notifications, items.toReversed(), [userId], localOnly);
      for (const n of items) {
        const typed = NotificationType.safeParse(n.type).success ? eventOfType[n.type as NotificationType] : undefined;
        if (typed) emitTo(typed, n as never, [userId], localOnly);
      }
    }
  }

  function rememberClaims(rows: readonly NotificationRow[]) {
    const now = Date.now();
    for (const r of rows) ownClaims.set(r.id, now);
    if (unheardSince !== null) return;
    for (const [id, at] of ownClaims) if (at < now - 2 * CATCH_UP_MARGIN_MS) ownClaims.delete(id);
  }

  /**
   * Once this instance hears Redis again: pushes to its own sockets the rows other instances claimed while it was
   * not listening. Redis pub/sub keeps nothing for a subscriber that is away, and the instances do not get back to
   * Redis together (each retries on its own), so an instance back first publishes, to nobody, pushes for players
   * on another that is still reconnecting. A row may so come twice; the client merges the list by id.
   */
  async function catchUp(sub: Redis, since: Date): Promise<void> {
    try {
      // "ready" comes before ioredis has subscribed again; a PING sent after its SUBSCRIBEs is answered after them.
      await sub.ping();
    } catch {
      return; // Away again: the next "ready" catches up from the same moment.
    }
    if (closed || unheardSince !== since) return;
    unheardSince = null;
    const sockets = nsp?.adapter.rooms;
    if (!sockets) return;
    const players = [...sockets.keys()]
      .filter((room) => room.startsWith("user:"))
      .map((room) => room.slice("user:".length));
    try {
      const from = new Date(since.getTime() - CATCH_UP_MARGIN_MS);
      const to = deps.clock.now();
      // A thousand players a statement: one bind parameter each.
      for (let i = 0; i < players.length; i += 1000) {
        const rows = await store.deliveredBetween(players.slice(i, i + 1000), from, to);
        push(
          rows.filter((r) => !ownClaims.has(r.id)),
          true,
        );
      }
    } catch (err) {
      if (!closed) console.warn("[live] catching up after Redis failed:", safeErrorText(err));
    }
  }

  async function drainOnce(): Promise<void> {
    for (;;) {
      const rows = await store.claimPending(deps.clock.now());
      if (rows.length === 0) return;
      rememberClaims(rows);
      push(rows, false);
      if (rows.length < 500) return;
    }
  }

  /** One drain at a time per instance; a call while draining schedules one more pass. */
  function flush(): Promise<void> {
    if (!nsp || closed) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      try {
        do {
          again = false;
          if (!closed) await drainOnce();
        } while (again);
      } catch (err) {
        if (!closed) console.warn("[live] outbox drain failed:", safeErrorText(err));
      } finally {
        draining = null;
      }
    })();
    return draining;
  }

  const clock = raceClock(deps.db, deps.clock, (payload) => emitTo(LiveEvent.races, payload));

  async function sweepRevoked(): Promise<void> {
    if (!nsp) return;
    const local = [...nsp.sockets.values()] as Socket[];
    const families = [...new Set(local.map((s) => (s.data as SocketData).familyId).filter(Boolean))];
    if (families.length === 0) return;
    const live = await deps.db.db
      .select({ id: sessionFamilies.id })
      .from(sessionFamilies)
      .where(and(inArray(sessionFamilies.id, families), isNull(sessionFamilies.revokedAt)));
    const alive = new Set(live.map((r) => r.id));
    for (const s of local) {
      if (!alive.has((s.data as SocketData).familyId)) {
        s.emit(LiveEvent.error, { code: "unauthorized", message: messages.unauthorized });
        s.disconnect(true);
      }
    }
  }

  const guarded = (fn: () => Promise<void>) => () => {
    fn().catch((err) => {
      if (!closed) console.warn("[live]", safeErrorText(err));
    });
  };

  return {
    notify: (tx, userIds, type, value) => store.insert(tx, userIds, type, value, deps.clock.now()),
    flush,
    emit: emitTo,
    raceClock: clock,
    sweepRevoked,
    io: () => server,
    state: () => ({
      redis: !deps.config.redisUrl
        ? "disabled"
        : redis.length === 0
          ? "connecting"
          : redis.every((c) => c.status === "ready")
            ? "up"
            : "down",
      sockets: nsp?.sockets.size ?? 0,
    }),
    async attach(http, verify) {
      server = new Server(http, {
        serveClient: false,
        connectTimeout: LIVE_RECONNECT.timeoutMs,
        // Same origin only: the SPA is served by this server.
        cors: undefined,
      });
      if (deps.config.redisUrl) {
        const pub = new Redis(deps.config.redisUrl, {
          lazyConnect: false,
          maxRetriesPerRequest: null,
          retryStrategy: redisRetry,
        });
        const sub = pub.duplicate();
        for (const [name, c] of [
          ["pub", pub],
          ["sub", sub],
        ] as const) {
          // One line when Redis goes away and one when it is back, not one per retry.
          let down = false;
          c.on("error", (err) => {
            if (!down && !closed)
              console.warn(
                `[live] redis ${name} unreachable (${err.message}): pushes reach only this instance's sockets until it is back`,
              );
            down = true;
          });
          c.on("ready", () => {
            if (down && !closed) console.warn(`[live] redis ${name} back`);
            down = false;
          });
        }
        sub.on("close", () => {
          if (!closed && unheardSince === null) unheardSince = deps.clock.now();
        });
        sub.on("ready", () => {
          if (!closed && unheardSince !== null) void catchUp(sub, unheardSince);
        });
        for (const c of [pub, sub]) settleQuietly(c);
        redis.push(pub, sub);
        server.adapter(createAdapter(pub, sub));
      }
      nsp = server.of(LIVE_NAMESPACE);
      nsp.use((socket, next) => {
        const auth = socket.handshake.auth as { token?: unknown } | undefined;
        const token = bearer(auth?.token) ?? bearer(socket.handshake.headers.authorization);
        if (!token) return next(Object.assign(new Error("unauthorized"), { data: { code: "unauthorized" } }));
        verify(token)
          .then((caller) => {
            if (!caller) return next(Object.assign(new Error("unauthorized"), { data: { code: "unauthorized" } }));
            socket.data = { userId: caller.userId, familyId: caller.familyId } satisfies SocketData;
            next();
          })
          .catch((err: Error) => next(err));
      });
      nsp.on("connection", (socket) => {
        const { userId } = socket.data as SocketData;
        void socket.join(ALL_ROOM);
        const refuse = (cb: unknown, code: "forbidden" | "validation") => {
          const error = { code, message: messages[code === "forbidden" ? "forbidden" : "validation"] ?? code };
          socket.emit(LiveEvent.error, error);
          ack(cb, { ok: false, error });
        };
        // The client subscribes with its own profile id; any other id is refused.
        socket.on(LiveCommand.subscribe, (profileId: unknown, cb?: unknown) => {
          if (profileId !== userId) return refuse(cb, "forbidden");
          void socket.join(userRoom(userId));
          ack(cb, { ok: true });
        });
        const withIds = (handler: (ids: string[]) => Promise<void>) => (payload: unknown, cb?: unknown) => {
          const parsed = IdsPayload.safeParse(payload);
          if (!parsed.success) return refuse(cb, "validation");
          handler(parsed.data.ids)
            .then(() => ack(cb, { ok: true }))
            .catch(() => refuse(cb, "validation"));
        };
        socket.on(
          LiveCommand.read,
          withIds(async (ids) => {
            const changed = await store.markRead(userId, ids);
            if (changed.length) emitTo(LiveEvent.readNotification, { ids: changed }, [userId]);
          }),
        );
        socket.on(
          LiveCommand.delete,
          withIds(async (ids) => {
            const removed = await store.remove(userId, ids);
            if (removed.length) emitTo(LiveEvent.deleteNotification, { ids: removed }, [userId]);
          }),
        );
        socket.on(LiveCommand.deleteAll, (_payload: unknown, cb?: unknown) => {
          store
            .removeAll(userId)
            .then(() => {
              emitTo(LiveEvent.deleteAllNotification, {}, [userId]);
              ack(cb, { ok: true });
            })
            .catch(() => refuse(cb, "validation"));
        });
      });
      if (pollMs > 0) timers.push(setInterval(() => void flush(), pollMs));
      if (revocationMs > 0) timers.push(setInterval(guarded(sweepRevoked), revocationMs));
      if (raceTickMs > 0)
        timers.push(
          setInterval(
            guarded(async () => void (await clock.tick())),
            raceTickMs,
          ),
        );
      for (const t of timers) t.unref();
    },
    async close() {
      closed = true;
      again = false;
      for (const t of timers.splice(0)) clearInterval(t);
      await draining?.catch(() => undefined);
      if (server) {
        // Closing socket.io also closes the HTTP server it is attached to; Fastify closes that itself.
        for (const s of server.of(LIVE_NAMESPACE).sockets.values()) s.disconnect(true);
        server.engine.close();
        server.removeAllListeners();
      }
      nsp = undefined;
      for (const c of redis.splice(0)) c.disconnect();
    },
  };
}
