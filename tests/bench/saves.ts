// Prediction saves per second: autocannon POSTs /api/predictions/races/:raceId against a real listening
// server (its own process, tests/bench/helpers/savesServer.ts), each request one category of one player that
// had not saved it (every player's first save in the warm-up, then their next saves; see `saves`), so every request
// is a real save (a transaction: race and sessions, the
// per-player lock, the picks, the riders, one INSERT, the completion check; the 11th pick also posts the
// completion bonus to the ledger), followed by the race view it answers with. A report, not a test:
// `npm run bench saves`. SAVES_CONNECTIONS (10), SAVES_SECONDS (10), SAVES_PLAYERS (8000), BENCH_BACKENDS.
// On PostgreSQL the same requests then go to the floor (tests/bench/helpers/floorServer.ts: bare Fastify + pg,
// the same HS256 check, one INSERT … ON CONFLICT) in the same run, and the product's share of it is printed
// beside the goal (≥ 0.5 of the floor, p99 ≤ 50 ms).
import { spawn } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type Request, type Result } from "autocannon";
import { backends, CATEGORIES, machine, type Backend } from "./helpers/benchDb";

const connections = Number(process.env.SAVES_CONNECTIONS ?? 10);
const seconds = Number(process.env.SAVES_SECONDS ?? 10);
const players = Number(process.env.SAVES_PLAYERS ?? 8000);
const WARMUP_SECONDS = 2;
const here = dirname(fileURLToPath(import.meta.url));
// Node's flags of `npm start` (package.json): both servers run as the product runs in production.
const SERVER_FLAGS = ["--max-semi-space-size=32"];

type Cpu = { serverMs: number; serverSystemMs: number; postgresMs: number };
type Setup = { url: string; raceId: string; version: number; riders: string[]; tokens: string[]; now: number };

async function startServer(kind: Backend) {
  const out = join(tmpdir(), `pp-bench-saves-${process.pid}-${kind}.json`);
  // `node --import tsx`, not the tsx CLI: the CLI would sit between this process and the server's SIGTERM handler.
  const child = spawn(process.execPath, [...SERVER_FLAGS, "--import", "tsx", join(here, "helpers/savesServer.ts")], {
    env: { ...process.env, BENCH_DB: kind, BENCH_PLAYERS: String(players), BENCH_OUT: out },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const lines: string[] = [];
  let pending = "";
  let onLine: ((line: string) => void) | null = null;
  child.stdout.on("data", (chunk: Buffer) => {
    pending += chunk.toString();
    const parts = pending.split("\n");
    pending = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      onLine?.(line);
    }
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    onLine = (line) => line === "ready" && resolve();
  });
  const setup = JSON.parse(readFileSync(out, "utf8")) as Setup;
  rmSync(out);
  return {
    setup,
    /** The measured run starts: the server starts its CPU meter. */
    measure: () => child.kill("SIGUSR2"),
    /** Stops the server; answers what it saved and the CPU it and its PostgreSQL connections used since `measure`. */
    async stop(): Promise<
      {
        predictions: number;
        bonuses: number;
        oneRoundTrip?: { written: number; movedSince: number; credited: number };
        batches?: { sent: number; failed: number };
      } & Cpu
    > {
      // "close", not "exit": the child's last lines may still be in the pipe when it exits.
      const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
      child.kill("SIGTERM");
      await exited;
      const stats = lines.find((l) => l.startsWith("{"));
      return stats
        ? JSON.parse(stats)
        : { predictions: -1, bonuses: -1, serverMs: -1, serverSystemMs: -1, postgresMs: -1 };
    },
  };
}

/** The floor server (its own process); answers its url and a stop. */
async function startFloor(productNow: number) {
  // The product's clock is set to a day before FP1: its tokens expire by that clock, so the floor checks them by it too.
  const env = { ...process.env, FLOOR_CLOCK_OFFSET_MS: String(productNow - Date.now()) };
  const child = spawn(process.execPath, [...SERVER_FLAGS, "--import", "tsx", join(here, "helpers/floorServer.ts")], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let pending = "";
  child.stdout.on("data", (chunk: Buffer) => (pending += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`floor server exited with ${code}`)));
    child.stdout.on("data", () => {
      const line = pending.split("\n").find((l) => l.startsWith("{"));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
  });
  return {
    url,
    measure: () => child.kill("SIGUSR2"),
    /** Stops the floor; answers the CPU it and its PostgreSQL connections used since `measure`. */
    async stop(): Promise<Cpu> {
      const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
      child.kill("SIGTERM");
      await exited;
      const line = pending
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .at(-1);
      const used = line ? (JSON.parse(line) as Partial<Cpu>) : {};
      return {
        serverMs: used.serverMs ?? -1,
        serverSystemMs: used.serverSystemMs ?? -1,
        postgresMs: used.postgresMs ?? -1,
      };
    },
  };
}

/** Lanes of the next saves: far more than the connections, so a player's next request is sent well after the last one was answered. */
const LANES = 500;
const NEXT = CATEGORIES.length - 1;

/**
 * The requests, in two parts. First every player's first save (category 0, request i for player i): the warm-up, so
 * every token has been used once. Then the players' next saves (categories 1 to 10, the 10th completing the weekend
 * and posting the completion bonus) over LANES lanes taken in turn: a lane serves one player after another, ten
 * saves each, and the lanes are staggered (lane s starts s mod 10 saves in), so every LANES consecutive requests
 * hold a tenth of completing saves, as a real weekend's next saves do, whatever the server's speed. (It used to be
 * category k div N for every player in turn: how many completing saves fell in the measured run then depended on
 * the speed, and a server past ~2,000 saves/s ran out of picks.) A lane's first player starts mid-way and does not
 * complete.
 */
function saves(setup: Setup): { request: Request; sent: () => number } {
  let k = 0;
  const n = setup.tokens.length;
  const request: Request = {
    method: "POST",
    path: `/api/predictions/races/${setup.raceId}`,
    setupRequest: (req) => {
      const i = k++;
      let player = i;
      let c = 0;
      if (i >= n) {
        const lane = (i - n) % LANES;
        const step = Math.floor((i - n) / LANES) + (lane % NEXT);
        player = (Math.floor(step / NEXT) * LANES + lane) % n;
        c = 1 + (step % NEXT);
      }
      return {
        ...req,
        headers: { "content-type": "application/json", authorization: `Bearer ${setup.tokens[player]}` },
        body: JSON.stringify({ version: setup.version, data: [{ category: CATEGORIES[c], riderId: setup.riders[c] }] }),
      };
    },
  };
  return { request, sent: () => k };
}

/**
 * The warm-up: every player's first save (both servers verify a token's signature on its first use only, so the
 * measured run is their steady state whatever their speed), then WARMUP_SECONDS of next saves.
 */
async function warmUp(url: string, load: ReturnType<typeof saves>): Promise<void> {
  await autocannon({ url, connections, amount: players, requests: [load.request] });
  await autocannon({ url, connections, duration: WARMUP_SECONDS, requests: [load.request] });
}

/** CPU µs per answered save: the server process and its PostgreSQL connections (a figure other load moves little). */
const perSave = (cpu: Cpu, r: Result) => {
  const n = r["2xx"] || 1;
  const us = (ms: number) => Math.round((ms * 1000) / n);
  return `server ${us(cpu.serverMs)} µs (kernel ${us(cpu.serverSystemMs)}) + PostgreSQL ${us(cpu.postgresMs)} µs`;
};

const row = (label: string, r: Result) =>
  `${label.padEnd(9)} ${connections} connections, ${r.duration.toFixed(1)} s: ${r.requests.average.toFixed(0).padStart(5)} saves/s (${r["2xx"]} ok), ` +
  `latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms; errors ${r.errors}, timeouts ${r.timeouts}, non-2xx ${r.non2xx}`;

console.log(
  `prediction first saves through the API on ${await machine()}; server in its own process, autocannon in this one`,
);
for (const kind of await backends()) {
  const server = await startServer(kind);
  const load = saves(server.setup);
  await warmUp(server.setup.url, load);
  server.measure();
  const result = await autocannon({ url: server.setup.url, connections, duration: seconds, requests: [load.request] });
  const capacity = server.setup.tokens.length * CATEGORIES.length;
  const stats = await server.stop();
  console.log(row(kind, result));
  console.log(
    `          ${stats.predictions} picks saved in all (warm-up ${WARMUP_SECONDS} s included), ${stats.bonuses} completion bonuses posted`,
  );
  if (stats.oneRoundTrip) {
    const { written, credited, movedSince } = stats.oneRoundTrip;
    const perBatch = stats.batches?.sent
      ? ` in ${stats.batches.sent} shared transactions (${((written - credited) / stats.batches.sent).toFixed(1)} saves each; ${stats.batches.failed} failed)`
      : "";
    console.log(
      `          saves in one round trip: ${written} (${credited} of them with the completion reward)${perBatch}; decided again because rows had moved: ${movedSince}`,
    );
  }
  if (load.sent() > capacity)
    console.log(`          note: ${load.sent() - capacity} requests repeated a saved pick (raise SAVES_PLAYERS)`);
  if (kind !== "postgres") continue;
  const floor = await startFloor(server.setup.now);
  const floorLoad = saves({ ...server.setup, url: floor.url });
  await warmUp(floor.url, floorLoad);
  floor.measure();
  const bare = await autocannon({ url: floor.url, connections, duration: seconds, requests: [floorLoad.request] });
  const floorCpu = await floor.stop();
  console.log(row("floor", bare));
  console.log(`          CPU per save: product ${perSave(stats, result)}; floor ${perSave(floorCpu, bare)}`);
  if (bare.non2xx || bare.errors || result.non2xx || result.errors) {
    console.log("          a server answered errors: no ratio (a refused request is not a save)");
    continue;
  }
  const share = result.requests.average / bare.requests.average;
  console.log(
    `          product / floor = ${share.toFixed(2)} (goal ≥ 0.50: ${share >= 0.5 ? "met" : "NOT met"}); ` +
      `product p99 ${result.latency.p99} ms (goal ≤ 50 ms: ${result.latency.p99 <= 50 ? "met" : "NOT met"}); load average ${loadavg()[0]!.toFixed(1)}`,
  );
}
process.exit(0);
