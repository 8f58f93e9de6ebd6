// Real listening instances of the product (API + live channel) on one test database, and real
// socket.io clients: the live tests and the fan-out bench use them.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { io as connect, type Socket } from "socket.io-client";
import { LIVE_NAMESPACE } from "../../contract/live";
import { buildApp } from "../../server/app";
import type { Clock } from "../../server/clock";
import type { Config } from "../../server/config";
import type { Database } from "../../server/db/open";
import { createLive, type LiveHub, type LiveOptions } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { authService } from "../../server/modules/auth/service";
import { appDeps } from "../../server/http/deps";

export type Instance = { url: string; app: FastifyInstance; live: LiveHub; close(): Promise<void> };

/** One instance listening on 127.0.0.1 on a free port. Timers off by default: tests flush/tick by hand. */
export async function startInstance(
  base: { database: Database; clock: Clock; config: Config; checkAnswers?: (app: FastifyInstance) => void },
  options: LiveOptions & { config?: Partial<Config> } = {},
): Promise<Instance> {
  const config = { ...base.config, ...options.config };
  const live = createLive(
    { db: base.database, clock: base.clock, config },
    { pollMs: 0, revocationMs: 0, raceTickMs: 0, ...options },
  );
  const deps = appDeps({
    db: base.database,
    clock: base.clock,
    mailer: outboxMailer(base.database.db, base.clock),
    config,
    live,
  });
  const app = await buildApp(deps);
  base.checkAnswers?.(app);
  await live.attach(app.server, authService(deps).tokens.verifyAccess);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    url,
    app,
    live,
    async close() {
      await live.close();
      await app.close();
    },
  };
}

export type ClientOptions = { token?: string; header?: boolean; reconnection?: boolean };

/** A socket.io client of the notifications namespace (token in `auth.token`, or as a header when `header`). */
export function client(url: string, { token, header = false, reconnection = false }: ClientOptions = {}): Socket {
  return connect(`${url}${LIVE_NAMESPACE}`, {
    transports: ["websocket"],
    reconnection,
    forceNew: true,
    ...(token && !header ? { auth: { token } } : {}),
    ...(token && header ? { extraHeaders: { authorization: `Bearer ${token}` } } : {}),
  });
}

/** Resolves on connect, rejects with the server's refusal (connect_error). */
export function connected(socket: Socket, timeoutMs = 5000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    const timer = setTimeout(() => reject(new Error("connect timeout")), timeoutMs);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

export function subscribe(socket: Socket, profileId: string): Promise<{ ok: boolean; error?: { code: string } }> {
  return socket.timeout(5000).emitWithAck("subscribe", profileId);
}

/** Collects every payload of `event` on `socket`. */
export function collect<T = unknown>(socket: Socket, event: string): T[] {
  const got: T[] = [];
  socket.on(event, (payload: T) => got.push(payload));
  return got;
}

export function nextEvent<T = unknown>(socket: Socket, event: string, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
