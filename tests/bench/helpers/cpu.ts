// CPU time of a bench server and of its PostgreSQL backends, so `npm run bench saves` can print what one save
// costs in CPU (a figure the machine's other load hardly moves, unlike saves per second). Linux only (/proc);
// elsewhere the PostgreSQL share reads 0.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import type { Pool } from "pg";

/** The server processes of a pool's connections: each of its `size` connections answers its pid at once. */
export async function backendPids(pool: Pool, size: number): Promise<number[]> {
  const rows = await Promise.all(Array.from({ length: size }, () => pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid, pg_sleep(0.05)")));
  return [...new Set(rows.map((r) => r.rows[0]!.pid))];
}

/** User + system CPU of these processes so far, in ms (clock ticks of 10 ms). */
function processesMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone, or not Linux
    }
  }
  return ticks * 10;
}

/**
 * A meter started on SIGUSR2 (the bench sends it when its measured run begins) and read at the end: the CPU ms
 * this process and these backends used in between.
 */
export function cpuMeter(pids: () => readonly number[]) {
  let start: { self: NodeJS.CpuUsage; backends: number } | null = null;
  process.on("SIGUSR2", () => {
    start = { self: process.cpuUsage(), backends: processesMs(pids()) };
  });
  return () => {
    if (!start) return { serverMs: -1, serverSystemMs: -1, postgresMs: -1 };
    const self = process.cpuUsage(start.self);
    // The kernel's share (system) apart: on loopback most of a socket write's cost is there.
    return { serverMs: Math.round((self.user + self.system) / 1000), serverSystemMs: Math.round(self.system / 1000), postgresMs: processesMs(pids()) - start.backends };
  };
}

/**
 * SAVES_PROF=<dir>: a CPU profile of the measured run only (from SIGUSR2 to `stop`), written to <dir> as
 * <name>-<pid>.cpuprofile; without it, nothing.
 */
export function measuredProfile(name: string): { stop(): Promise<void> } {
  const dir = process.env.SAVES_PROF;
  if (!dir) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  const started = (async () => {
    await new Promise<void>((resolve) => process.once("SIGUSR2", () => resolve()));
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
  })();
  return {
    async stop() {
      await started;
      const { profile } = await session.post("Profiler.stop");
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
    },
  };
}
