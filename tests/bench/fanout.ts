// Fan-out of the live channel: N real socket.io clients connected to the product, one broadcast, and
// the time until the last client has it. A report, not a test: `npm run bench fanout`.
// FANOUT_SIZES=1000,5000 (default), FANOUT_REDIS=redis://127.0.0.1:6379 to also measure two instances
// behind the Redis adapter (half the clients on each, the broadcast sent from the first).
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import type { Socket } from "socket.io-client";
import { LiveEvent } from "../../contract/live";
import { createClock } from "../../server/clock";
import { migrate } from "../../server/db/migrate";
import { openDb } from "../../server/db/open";
import { benchConfig } from "./helpers/benchDb";
import { client, connected, startInstance, type Instance } from "../server/liveServer";

const sizes = (process.env.FANOUT_SIZES ?? "1000,5000").split(",").map(Number);
const redisUrl = process.env.FANOUT_REDIS ?? "redis://127.0.0.1:6379";
const ROUNDS = 5;

async function redisUp(): Promise<boolean> {
  const r = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  r.on("error", () => undefined);
  try {
    await r.connect();
    await r.ping();
    return true;
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function connectAll(urls: string[], token: string, n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  const BATCH = 250;
  for (let i = 0; i < n; i += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, n - i) }, (_, j) => client(urls[(i + j) % urls.length]!, { token }));
    await Promise.all(batch.map((s) => connected(s, 60_000)));
    sockets.push(...batch);
  }
  return sockets;
}

async function measure(label: string, instances: Instance[], token: string, n: number) {
  const t0 = performance.now();
  const sockets = await connectAll(instances.map((i) => i.url), token, n);
  const connectMs = performance.now() - t0;
  const lasts: number[] = [];
  const medians: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const arrivals: number[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${arrivals.length}/${n} received`)), 60_000);
      for (const s of sockets) {
        s.once(LiveEvent.races, () => {
          arrivals.push(performance.now());
          if (arrivals.length === n) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    const start = performance.now();
    instances[0]!.live.emit(LiveEvent.races, {
      type: "RACE_STARTED",
      raceId: randomUUID(),
      sessionId: randomUUID(),
      session: "START",
      raceName: "Bench GP",
      circuitType: "FAST",
      version: 1,
      at: new Date().toISOString(),
    });
    await done;
    const times = arrivals.map((t) => t - start).toSorted((a, b) => a - b);
    lasts.push(times.at(-1)!);
    medians.push(pct(times, 50));
  }
  for (const s of sockets) s.disconnect();
  const sortedLast = lasts.toSorted((a, b) => a - b);
  console.log(
    `${label.padEnd(28)} N=${String(n).padStart(5)}  connect all ${connectMs.toFixed(0).padStart(6)} ms  ` +
      `last received: median ${pct(sortedLast, 50).toFixed(1)} ms, worst ${sortedLast.at(-1)!.toFixed(1)} ms  ` +
      `(median client ${pct(medians.toSorted((a, b) => a - b), 50).toFixed(1)} ms; ${ROUNDS} broadcasts)`,
  );
}

const database = await openDb({ dataDir: "", pgliteUrl: "memory://" });
await migrate(database);
const clock = createClock();
const config = benchConfig();
const base = { database, clock, config };
const one = await startInstance(base);
// One player; every socket authenticates with their token (the handshake cost is the same per socket).
const email = `bench.${Date.now()}@example.com`;
const signUp = await fetch(`${one.url}/api/auth/sign-up`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ name: "Bench", email, password: "Paddock#2026", confirmPassword: "Paddock#2026", agree: true }),
});
if (!signUp.ok) throw new Error(`sign-up ${signUp.status}`);
const mail = (await (await fetch(`${one.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { result: { text: string }[] };
const confirmToken = /[?&]token=([\w-]+)/.exec(mail.result[0]!.text)![1];
const confirm = (await (await fetch(`${one.url}/api/auth/sign-up/confirm`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ token: confirmToken }) })).json()) as { result: { accessToken: string } };
const token = confirm.result.accessToken;

console.log(`fan-out of one broadcast to N sockets on ${process.platform}/${process.arch}, node ${process.version}, ${(await import("node:os")).cpus().length} cores; clients and server in one process`);
for (const n of sizes) await measure("one instance", [one], token, n);
await one.close();

if (await redisUp()) {
  const a = await startInstance(base, { config: { redisUrl } });
  const b = await startInstance(base, { config: { redisUrl } });
  for (const n of sizes) await measure("two instances, Redis adapter", [a, b], token, n);
  await a.close();
  await b.close();
} else {
  console.log(`Redis at ${redisUrl} not reachable: two-instance figures skipped`);
}
await database.close();
process.exit(0);
