// The deadline: P players (DEADLINE_PLAYERS, default 2000), signed up beforehand and each holding a live socket,
// open Predictions and save all their picks at random moments of the last 60 s before FP1 locks, through the
// balanced pair of deploy/ (HAProxy, two instances, the machine's PostgreSQL and Redis, all started here). A share of
// them (DEADLINE_LATE, 0.15) save only after the lock: the 418 names FP1, and they save the rest. Then, while every
// player saves the next race, one instance gets kill -9. A report, not a test: `npm run bench deadline`.
// The players live in child processes (helpers/deadlinePlayers.ts, 500 each); the floors are measured in the same
// run: a bare Fastify + pg save (helpers/floorServer.ts) and the balancer's own cost (GET /api/health/live).
import { fork, spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { and, asc, eq, sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { SignJWT } from "jose";
import { createClock } from "../../server/clock";
import { openDb } from "../../server/db/open";
import { races, raceSessions } from "../../server/db/schema";
import { tokenService } from "../../server/modules/auth/tokens";
import { benchConfig, createPlayers, machine, postgresReachable, PG_URL } from "./helpers/benchDb";
import { haproxyInstalled, startPair } from "./helpers/benchPair";
import type { Player, Record_ } from "./helpers/deadlinePlayers";

const P = Number(process.env.DEADLINE_PLAYERS ?? 2000);
const LATE = Number(process.env.DEADLINE_LATE ?? 0.15);
const PER_CHILD = 500;
const REDIS_URL = process.env.DEADLINE_REDIS ?? "redis://127.0.0.1:6379";
/** The load starts this long before the lock: opens from 75 s before, saves in the last 60. */
const LEAD_MS = 76_000;
/** Time given to signing in every socket before the load starts. */
const CONNECT_BUDGET_MS = 90_000;
/** The failover's saves come at the lock's pace (2,000 players a minute), one instance taking them after the kill. */
const FAILOVER_SECONDS = 60;
const KILL_AFTER_MS = 20_000;
const GOAL_P99_MS = 250;
const here = dirname(fileURLToPath(import.meta.url));

async function redisUp(): Promise<boolean> {
  const r = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  r.on("error", () => undefined);
  try {
    await r.connect();
    return (await r.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    r.disconnect();
  }
}

const pct = (values: number[], p: number) => {
  if (values.length === 0) return NaN;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const ms = (n: number) => (Number.isNaN(n) ? "–" : `${n.toFixed(0)} ms`);
const met = (ok: boolean) => (ok ? "met" : "NOT met");
/** The answered requests' times. */
const latency = (rs: Record_[]) => rs.filter((r) => r.status > 0).map((r) => r.done - r.sent);
const count = (rs: Record_[], test: (s: number) => boolean) => rs.filter((r) => test(r.status)).length;

type Reply = Record<string, unknown>;
function childProcess() {
  const child = fork(join(here, "helpers/deadlinePlayers.ts"), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const waiting: { key: string; resolve: (r: Reply) => void }[] = [];
  child.on("message", (r: Reply) => {
    const i = waiting.findIndex((w) => w.key in r);
    if (i >= 0) waiting.splice(i, 1)[0]!.resolve(r);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`a players process exited with ${code}`))),
  );
  exited.catch(() => undefined);
  const ask = <T>(message: object, key: string) => {
    const answer = Promise.race([new Promise<Reply>((resolve) => waiting.push({ key, resolve })), exited]);
    child.send(message);
    return answer.then((r) => r[key] as T);
  };
  return { child, ask };
}

/** The floor of a save, beside the product in the same run (tests/bench/saves.ts measures the same one). */
async function saveFloor(): Promise<Result> {
  const child = spawn(
    process.execPath,
    ["--max-semi-space-size=32", "--import", "tsx", join(here, "helpers/floorServer.ts")],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}`)));
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(crypto.randomUUID())
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(benchConfig().jwtAccessSecret));
  const body = JSON.stringify({ version: 0, data: [{ category: "FP1", riderId: crypto.randomUUID() }] });
  const request = {
    method: "POST" as const,
    path: `/api/predictions/races/${crypto.randomUUID()}`,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body,
  };
  await autocannon({ url, connections: 10, duration: 1, requests: [request] });
  const result = await autocannon({ url, connections: 10, duration: 5, requests: [request] });
  const closed = new Promise((resolve) => child.once("close", resolve));
  child.kill("SIGTERM");
  await closed;
  return result;
}

const floorLine = (label: string, r: Result) =>
  `${label}: ${r.requests.average.toFixed(0)} req/s at 10 connections, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (errors ${r.errors}, non-2xx ${r.non2xx})`;

// ---- preconditions ----
if (!haproxyInstalled()) throw new Error("haproxy is not installed (apt-get install haproxy)");
if (!(await postgresReachable())) throw new Error(`PostgreSQL at ${PG_URL} does not answer`);
if (!(await redisUp())) throw new Error(`Redis at ${REDIS_URL} does not answer`);

console.log(
  `the deadline: ${P} players through HAProxy to two instances on ${await machine()}; players in ${Math.ceil(P / PER_CHILD)} processes of their own, all on this machine`,
);
const pair = await startPair({ redisUrl: REDIS_URL });
let stopped = false;
const stop = async () => {
  if (stopped) return;
  stopped = true;
  await pair.stop();
};
process.on("SIGINT", () => void stop().then(() => process.exit(130)));

try {
  const database = await openDb({ databaseUrl: pair.databaseUrl, dataDir: "" });
  // The race: the first of the season with another after it (the failover saves that one). The clock is moved to it.
  const ordered = await database.db
    .select({ id: races.id, name: races.name, startsAt: raceSessions.startsAt, sessionId: raceSessions.id })
    .from(races)
    .innerJoin(raceSessions, and(eq(raceSessions.raceId, races.id), eq(raceSessions.type, "FP1")))
    .where(sql`${races.canceledAt} IS NULL`)
    .orderBy(asc(raceSessions.startsAt));
  const [race, nextRace] = ordered;
  if (!race || !nextRace) throw new Error("the demo season has fewer than two races");
  const players = await createPlayers(database, P);

  // ---- the floors, on a quiet machine before the load ----
  const floor = await saveFloor();
  const health = await autocannon({ url: `${pair.url}/api/health/live`, connections: 10, duration: 5 });

  // ---- the clock: both instances at the same offset, the lock LEAD_MS after the connections' budget ----
  const fp1 = race.startsAt.getTime();
  const offsetMs = Math.round(fp1 - (Date.now() + CONNECT_BUDGET_MS + LEAD_MS));
  const lockAt = fp1 - offsetMs;
  for (const instance of pair.instances) {
    const set = await fetch(`${instance.url}/api/dev/clock`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ offsetMs }),
    });
    if (!set.ok) throw new Error(`${instance.url} refused the clock: ${set.status}`);
  }
  // Tokens by the instances' clock (they check expiry by it).
  const clock = createClock();
  clock.setOffset(offsetMs);
  const tokens = tokenService({ db: database.db, clock, config: benchConfig() });
  const signed: Player[] = await Promise.all(
    players.map(async (p) => ({ id: p.id, token: await tokens.signAccess(p.id, p.family) })),
  );
  await database.close();

  // ---- every player's socket ----
  const children = Array.from({ length: Math.ceil(P / PER_CHILD) }, (_, k) => ({
    ...childProcess(),
    players: signed.slice(k * PER_CHILD, (k + 1) * PER_CHILD),
  }));
  const t0 = Date.now();
  const connected = await Promise.all(
    children.map((c) =>
      c.ask<number>({ connect: { url: pair.url, players: c.players, fp1SessionId: race.sessionId } }, "connected"),
    ),
  );
  const connectMs = Date.now() - t0;
  const heldBefore = connected.reduce((a, b) => a + b, 0);
  if (Date.now() > lockAt - LEAD_MS)
    throw new Error(`connecting ${P} sockets took ${connectMs} ms, more than the ${CONNECT_BUDGET_MS} ms budget`);
  console.log(`sockets: ${heldBefore}/${P} connected in ${(connectMs / 1000).toFixed(1)} s`);

  // ---- the lock ----
  const late = new Set(signed.filter(() => Math.random() < LATE).map((p) => p.id));
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, lockAt - LEAD_MS - Date.now())));
  const locks = await Promise.all(
    children.map((c) =>
      c.ask<{ records: Record_[]; pushes: number[]; held: number; drops: number }>(
        { lock: { raceId: race.id, lockAt, latePlayers: c.players.filter((p) => late.has(p.id)).map((p) => p.id) } },
        "lock",
      ),
    ),
  );
  const lockRecords = locks.flatMap((l) => l.records);
  const readBack = (
    await Promise.all(
      children.map((c) =>
        c.ask<{ checked: number; lost: number; extra: number; unread: number }>({ readBack: race.id }, "readBack"),
      ),
    )
  ).reduce(
    (a, b) => ({
      checked: a.checked + b.checked,
      lost: a.lost + b.lost,
      extra: a.extra + b.extra,
      unread: a.unread + b.unread,
    }),
    { checked: 0, lost: 0, extra: 0, unread: 0 },
  );

  const reads = lockRecords.filter((r) => r.kind === "read");
  const saves = lockRecords.filter((r) => r.kind === "save" || r.kind === "late" || r.kind === "lateRetry");
  const inLockSecond = (r: Record_) => r.sent >= lockAt - 1000 && r.sent < lockAt + 1000;
  const perSecond = new Map<number, number>();
  for (const r of lockRecords)
    perSecond.set(Math.floor((r.sent - lockAt) / 1000), (perSecond.get(Math.floor((r.sent - lockAt) / 1000)) ?? 0) + 1);
  const [peakSecond, peak] = [...perSecond.entries()].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  const fp1Saves = saves.filter((r) => r.fp1);
  const wronglyAccepted = fp1Saves.filter((r) => r.status === 200 && r.sent >= lockAt).length;
  const wronglyRefused = fp1Saves.filter((r) => r.status === 418 && r.done < lockAt).length;
  const straddling = fp1Saves.filter((r) => r.sent < lockAt && r.done >= lockAt);
  const fiveXX = count(lockRecords, (s) => s >= 500);
  const connectionErrors = count(lockRecords, (s) => s === 0);
  const unanswered = count(lockRecords, (s) => s === -1);
  const pushes = locks.flatMap((l) => l.pushes);
  const heldAfter = locks.reduce((a, l) => a + l.held, 0);
  const drops = locks.reduce((a, l) => a + l.drops, 0);
  const lockReadP99 = pct(latency(reads.filter(inLockSecond)), 99);
  const lockSaveP99 = pct(latency(saves.filter(inLockSecond)), 99);
  const saveP99 = pct(latency(saves), 99);
  const readP99 = pct(latency(reads), 99);

  console.log(`floor, a bare save (Fastify + pg, one INSERT): ${floorLine("", floor).slice(2)}`);
  console.log(
    `floor, the balancer and an instance (GET /api/health/live through HAProxy): ${floorLine("", health).slice(2)}`,
  );
  console.log(`the lock (${lockRecords.length} requests by ${P} players, ${late.size} of them late):`);
  console.log(
    `  peak ${peak} requests/s (second ${peakSecond >= 0 ? "+" : ""}${peakSecond} from the lock); load average after ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores`,
  );
  console.log(
    `  reads: ${reads.length}, p50 ${ms(pct(latency(reads), 50))}, p99 ${ms(readP99)}; in the lock second (±1 s): ${reads.filter(inLockSecond).length}, p50 ${ms(pct(latency(reads.filter(inLockSecond)), 50))}, p99 ${ms(lockReadP99)}`,
  );
  console.log(
    `  saves: ${saves.length}, p50 ${ms(pct(latency(saves), 50))}, p99 ${ms(saveP99)}; in the lock second (±1 s): ${saves.filter(inLockSecond).length}, p50 ${ms(pct(latency(saves.filter(inLockSecond)), 50))}, p99 ${ms(lockSaveP99)}`,
  );
  console.log(`  5xx ${fiveXX}, connection errors ${connectionErrors}, unanswered (10 s) ${unanswered}`);
  console.log(
    `  saves acknowledged ${count(saves, (s) => s === 200)} (on time ${count(
      saves.filter((r) => r.kind === "save"),
      (s) => s === 200,
    )}, late then the rest ${count(
      saves.filter((r) => r.kind === "lateRetry"),
      (s) => s === 200,
    )}); ` +
      `late saves refused 418 ${count(
        saves.filter((r) => r.kind === "late"),
        (s) => s === 418,
      )} of ${saves.filter((r) => r.kind === "late").length}`,
  );
  console.log(
    `  read back: ${readBack.checked} acknowledged picks, ${readBack.lost} lost or different, ${readBack.extra} stored unacknowledged, ${readBack.unread} players unread`,
  );
  console.log(
    `  at the lock: wrongly accepted (sent after it) ${wronglyAccepted}, wrongly refused (answered before it) ${wronglyRefused}; in flight across it ${straddling.length} (${count(straddling, (s) => s === 200)} accepted, ${count(straddling, (s) => s === 418)} refused)`,
  );
  console.log(
    `  sockets held ${heldAfter}/${P} (drops ${drops}); pushes of FP1's start ${pushes.length}/${P}, after the lock: median ${ms(
      pct(
        pushes.map((t) => t - lockAt),
        50,
      ),
    )}, last ${ms(Math.max(...pushes) - lockAt)} (the race clock ticks every 5 s)`,
  );
  const lockGoals =
    fiveXX === 0 &&
    unanswered === 0 &&
    connectionErrors === 0 &&
    readBack.lost === 0 &&
    wronglyAccepted === 0 &&
    wronglyRefused === 0 &&
    heldAfter === P &&
    pushes.length === P &&
    lockReadP99 <= GOAL_P99_MS &&
    lockSaveP99 <= GOAL_P99_MS;
  console.log(
    `  goals (0 5xx, 0 unanswered, 0 lost, 0 wrong at the lock, every socket held, every push, p99 ≤ ${GOAL_P99_MS} ms through the lock second): ${met(lockGoals)}`,
  );

  // ---- the failover: every player saves the next race; instance b gets kill -9 KILL_AFTER_MS in ----
  const from = Date.now() + 2_000;
  const failing = Promise.all(
    children.map((c) =>
      c.ask<{ records: Record_[]; held: number; drops: number; reconnects: number[] }>(
        { failover: { raceId: nextRace.id, from, seconds: FAILOVER_SECONDS } },
        "failover",
      ),
    ),
  );
  await new Promise((resolve) => setTimeout(resolve, from + KILL_AFTER_MS - Date.now()));
  const killedAt = Date.now();
  pair.kill("b");
  const failed = await failing;
  const back = (
    await Promise.all(
      children.map((c) =>
        c.ask<{ checked: number; lost: number; extra: number; unread: number }>({ readBack: nextRace.id }, "readBack"),
      ),
    )
  ).reduce(
    (a, b) => ({
      checked: a.checked + b.checked,
      lost: a.lost + b.lost,
      extra: a.extra + b.extra,
      unread: a.unread + b.unread,
    }),
    { checked: 0, lost: 0, extra: 0, unread: 0 },
  );
  const fr = failed.flatMap((f) => f.records);
  const fSaves = fr.filter((r) => r.kind === "failoverSave");
  const afterKill = fr.filter((r) => r.done >= killedAt);
  const errorsSeen = afterKill.filter((r) => r.status >= 500 || r.status <= 0);
  const byStatus = new Map<number, number>();
  for (const r of errorsSeen) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
  const fHeld = failed.reduce((a, f) => a + f.held, 0);
  const fDrops = failed.reduce((a, f) => a + f.drops, 0);
  console.log(
    `the failover (every player saves ${nextRace.name} over ${FAILOVER_SECONDS} s; instance b killed -9 ${KILL_AFTER_MS / 1000} s in, the players' sockets on it reconnecting):`,
  );
  console.log(
    `  requests ${fr.length}; errors seen ${errorsSeen.length} (${[...byStatus].map(([s, n]) => `${s === 0 ? "connection" : s === -1 ? "unanswered" : s} ×${n}`).join(", ") || "none"}); ` +
      `saves p50 ${ms(pct(latency(fSaves), 50))}, p99 ${ms(pct(latency(fSaves), 99))}`,
  );
  console.log(
    `  saves acknowledged ${count(fSaves, (s) => s === 200)} for ${P} players (a failed save is sent again, as a player taps Save again)`,
  );
  console.log(
    `  read back: ${back.checked} acknowledged picks, ${back.lost} lost or different (goal 0: ${met(back.lost === 0 && back.unread === 0)}), ${back.extra} stored unacknowledged, ${back.unread} players unread`,
  );
  const reconnects = failed.flatMap((f) => f.reconnects);
  const lastError = Math.max(...errorsSeen.map((r) => r.done));
  console.log(
    `  errors before the kill ${fr.filter((r) => r.sent < killedAt && (r.status >= 500 || r.status <= 0)).length}; the last error answered ${errorsSeen.length ? ms(lastError - killedAt) : "–"} after the kill; ` +
      `saves sent from 10 s after it: p50 ${ms(pct(latency(fSaves.filter((r) => r.sent >= killedAt + 10_000)), 50))}, p99 ${ms(pct(latency(fSaves.filter((r) => r.sent >= killedAt + 10_000)), 99))}`,
  );
  console.log(
    `  sockets: ${fDrops} dropped with the instance, ${fHeld}/${P} connected again through the balancer (${reconnects.length} reconnections, the last ${reconnects.length ? ms(Math.max(...reconnects) - killedAt) : "–"} after the kill)`,
  );

  for (const c of children) c.child.send({ close: true });
} finally {
  await stop();
}
process.exit(0);
