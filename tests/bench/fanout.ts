// Fan-out of the live channel: N real socket.io clients connected to the product, one broadcast, and
// the time until the last client has it. A report, not a test: `npm run bench fanout`.
// The clients live in child processes of their own (helpers/fanoutClients.ts, FANOUT_PER_CHILD=2500 sockets each):
// one process may hold only 20,000 open files, and the server's ends are in this one.
// FANOUT_SIZES=1000,10000 (default), FANOUT_REDIS=redis://127.0.0.1:6379 to also measure two instances
// behind the Redis adapter (half the clients on each, the broadcast sent from the first).
import { fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { performance } from "node:perf_hooks";
import { Redis } from "ioredis";
import { LiveEvent } from "../../contract/live";
import { createClock } from "../../server/clock";
import { migrate } from "../../server/db/migrate";
import { openDb } from "../../server/db/open";
import { benchConfig } from "./helpers/benchDb";
import { startInstance, type Instance } from "../server/liveServer";

const sizes = (process.env.FANOUT_SIZES ?? "1000,10000").split(",").map(Number);
const redisUrl = process.env.FANOUT_REDIS ?? "redis://127.0.0.1:6379";
const ROUNDS = 5;

async function redisUp(): Promise<boolean> {
  const r = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
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

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const wall = () => performance.timeOrigin + performance.now();
const here = dirname(fileURLToPath(import.meta.url));
/** Sockets per client process: a process may hold only 20,000 open files. */
const PER_CHILD = Number(process.env.FANOUT_PER_CHILD ?? 2500);
const GOAL_MS = 1000;

type Reply = {
  connected?: number;
  ms?: number;
  armed?: number;
  round?: number;
  count?: number;
  last?: number;
  median?: number;
};

/** A client process (helpers/fanoutClients.ts) and a way to await its next reply of a kind. */
function clientProcess() {
  const child = fork(join(here, "helpers/fanoutClients.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting: { test: (r: Reply) => boolean; resolve: (r: Reply) => void }[] = [];
  child.on("message", (r: Reply) => {
    const i = waiting.findIndex((w) => w.test(r));
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(r);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`client process exited with ${code}`))),
  );
  const next = (test: (r: Reply) => boolean) =>
    Promise.race([new Promise<Reply>((resolve) => waiting.push({ test, resolve })), exited]);
  return { child, next, exited };
}

async function measure(label: string, instances: Instance[], token: string, n: number) {
  const urls = instances.map((i) => i.url);
  const children = Array.from({ length: Math.ceil(n / PER_CHILD) }, () => clientProcess());
  const t0 = performance.now();
  await Promise.all(
    children.map((c, k) => {
      const share = Math.min(PER_CHILD, n - k * PER_CHILD);
      const done = c.next((r) => r.connected !== undefined);
      c.child.send({ connect: { urls, token, n: share } });
      return done;
    }),
  );
  const connectMs = performance.now() - t0;
  const lasts: number[] = [];
  const medians: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const results = children.map((c) => c.next((r) => r.round === round));
    await Promise.all(
      children.map((c) => {
        const armed = c.next((r) => r.armed === round);
        c.child.send({ listen: round });
        return armed;
      }),
    );
    const start = wall();
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
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`round ${round}: not every client received within 60 s`)), 60_000).unref(),
    );
    const replies = await Promise.race([Promise.all(results), timeout]);
    const received = replies.reduce((sum, r) => sum + (r.count ?? 0), 0);
    if (received !== n) throw new Error(`round ${round}: ${received}/${n} received`);
    lasts.push(Math.max(...replies.map((r) => r.last!)) - start);
    medians.push(
      pct(
        replies.map((r) => r.median! - start).toSorted((a, b) => a - b),
        50,
      ),
    );
  }
  for (const c of children) {
    c.exited.catch(() => undefined);
    c.child.send({ close: true });
  }
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => (c.child.exitCode === null ? c.child.once("exit", () => resolve()) : resolve())),
    ),
  );
  const sortedLast = lasts.toSorted((a, b) => a - b);
  const worst = sortedLast.at(-1)!;
  console.log(
    `${label.padEnd(28)} N=${String(n).padStart(5)}  connect all ${connectMs.toFixed(0).padStart(6)} ms  ` +
      `last received: median ${pct(sortedLast, 50).toFixed(1)} ms, worst ${worst.toFixed(1)} ms (goal ≤ ${GOAL_MS} ms: ${worst <= GOAL_MS ? "met" : "NOT met"})  ` +
      `(median client ${pct(
        medians.toSorted((a, b) => a - b),
        50,
      ).toFixed(
        1,
      )} ms; ${ROUNDS} broadcasts; ${children.length} client processes; load average ${loadavg()[0]!.toFixed(1)})`,
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
  body: JSON.stringify({
    name: "Bench",
    email,
    password: "Paddock#2026",
    confirmPassword: "Paddock#2026",
    agree: true,
  }),
});
if (!signUp.ok) throw new Error(`sign-up ${signUp.status}`);
const mail = (await (await fetch(`${one.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as {
  result: { text: string }[];
};
const confirmToken = /[?&]token=([\w-]+)/.exec(mail.result[0]!.text)![1];
const confirm = (await (
  await fetch(`${one.url}/api/auth/sign-up/confirm`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token: confirmToken }),
  })
).json()) as { result: { accessToken: string } };
const token = confirm.result.accessToken;

console.log(
  `fan-out of one broadcast to N sockets on ${process.platform}/${process.arch}, node ${process.version}, ${(await import("node:os")).cpus().length} cores; server in this process, clients in child processes; goal: last client ≤ ${GOAL_MS} ms`,
);
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
