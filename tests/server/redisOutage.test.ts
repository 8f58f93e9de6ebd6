// Stored notifications pushed through another instance while Redis, or one instance's connection to it, is away:
// they reach the player's socket once Redis is back, also those sent just after it returned, before every
// instance had subscribed again. The tests run their own redis-server on a free port (never the shared one), and
// stop and start it themselves.
import { execFileSync, spawnSync } from "node:child_process";
import { createServer, connect as tcpConnect, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpConfirmed } from "./accounts";
import { onEachBackend, type Harness } from "./harness";
import { client, collect, connected, sleep, startInstance, subscribe, type Instance } from "./liveServer";

const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

/** A redis-server of this file's own, without persistence: stopping it loses every subscription, as a restart does. */
function ownRedis(port: number) {
  const cli = (...args: string[]) => spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" });
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      execFileSync("redis-server", [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "yes",
        "--pidfile",
        `/tmp/pp-test-redis-${port}.pid`,
      ]);
      for (let i = 0; i < 50 && cli("ping").stdout.trim() !== "PONG"; i++) await sleep(50);
    },
    async stop() {
      cli("shutdown", "nosave");
      for (let i = 0; i < 50 && cli("ping").status === 0 && cli("ping").stdout.trim() === "PONG"; i++) await sleep(50);
    },
  };
}

/** A TCP relay to Redis for one instance: cutting it takes that instance (only) away from Redis, refusing it until restored. */
async function relay(target: number) {
  const port = await freePort();
  const open = new Set<Socket>();
  let server: Server | undefined;
  const listen = async () => {
    server = createServer((inbound) => {
      const outbound = tcpConnect(target, "127.0.0.1");
      for (const s of [inbound, outbound]) {
        open.add(s);
        s.on("close", () => open.delete(s));
        s.on("error", () => undefined);
      }
      inbound.pipe(outbound).pipe(inbound);
    });
    await new Promise<void>((r) => server!.listen(port, "127.0.0.1", r));
  };
  await listen();
  return {
    url: `redis://127.0.0.1:${port}`,
    async cut() {
      const closing = new Promise((r) => server!.close(r));
      for (const s of open) s.destroy();
      await closing;
    },
    restore: listen,
  };
}

const notify = (h: Harness, from: Instance, userId: string, raceName: string) =>
  h
    .call("POST", "/dev/notify", { body: { userId, type: "RACE_STARTED", value: { raceName } } }, from.app)
    .then((res) => expect(res.status).toBe(200));

/** Waits until every name in `sent` has been pushed in a `notifications` list, or the time is up. */
async function pushedNames(
  got: { value: { raceName?: string } }[][],
  sent: string[],
  withinMs: number,
): Promise<string[]> {
  const names = () => new Set(got.flat().map((n) => n.value.raceName));
  for (const until = Date.now() + withinMs; Date.now() < until && !sent.every((n) => names().has(n));) await sleep(50);
  return [...names()].filter((n): n is string => typeof n === "string").toSorted();
}

const redis = ownRedis(await freePort());

describe.skipIf(!hasRedisServer)("pushes while Redis is away", () => {
  beforeAll(() => redis.start());
  afterAll(() => redis.stop());

  onEachBackend("Redis away from one instance", (h) => {
    it("pushes the notifications sent through another instance meanwhile to the player's socket once its instance hears Redis again", async () => {
      const toB = await relay(Number(new URL(redis.url).port));
      const a = await startInstance(h, { config: { redisUrl: redis.url } });
      const b = await startInstance(h, { config: { redisUrl: toB.url } });
      const player = await signUpConfirmed(h);
      const socket = client(b.url, { token: player.tokens.accessToken });
      try {
        await connected(socket);
        expect((await subscribe(socket, player.id)).ok).toBe(true);
        const got = collect<{ value: { raceName?: string } }[]>(socket, "notifications");
        await sleep(200); // both adapters subscribed
        await notify(h, a, player.id, "before");
        expect(await pushedNames(got, ["before"], 3000)).toEqual(["before"]);

        // B loses Redis; A, still connected, publishes each push at once, to nobody on B.
        await toB.cut();
        await sleep(300);
        const sent = ["before"];
        for (const name of ["away-1", "away-2", "away-3"]) {
          await notify(h, a, player.id, name);
          sent.push(name);
        }
        await toB.restore();
        // Sent while B is reconnecting (ioredis waits up to a second between attempts) and after.
        for (const [name, wait] of [
          ["back-0", 0],
          ["back-300", 300],
          ["back-800", 500],
        ] as const) {
          await sleep(wait);
          await notify(h, a, player.id, name);
          sent.push(name);
        }
        expect(await pushedNames(got, sent, 6000)).toEqual(sent.toSorted());
      } finally {
        socket.disconnect();
        await a.close();
        await b.close();
        await toB.cut();
      }
    }, 20_000);
  });

  onEachBackend("Redis restarted", (h) => {
    it("pushes the notifications queued while Redis was down, and those sent 0.5–1.5 s after it returned, to a player on the other instance", async () => {
      const a = await startInstance(h, { config: { redisUrl: redis.url } });
      const b = await startInstance(h, { config: { redisUrl: redis.url } });
      const player = await signUpConfirmed(h);
      const socket = client(b.url, { token: player.tokens.accessToken });
      try {
        await connected(socket);
        expect((await subscribe(socket, player.id)).ok).toBe(true);
        const got = collect<{ value: { raceName?: string } }[]>(socket, "notifications");
        await sleep(200);

        await redis.stop();
        await sleep(300);
        const sent: string[] = [];
        for (const name of ["down-1", "down-2", "down-3"]) {
          await notify(h, a, player.id, name);
          sent.push(name);
        }
        await redis.start();
        for (const [name, wait] of [
          ["back-500", 500],
          ["back-1000", 500],
          ["back-1500", 500],
        ] as const) {
          await sleep(wait);
          await notify(h, a, player.id, name);
          sent.push(name);
        }
        expect(await pushedNames(got, sent, 6000)).toEqual(sent.toSorted());
      } finally {
        socket.disconnect();
        await a.close();
        await b.close();
      }
    }, 20_000);
  });
});
