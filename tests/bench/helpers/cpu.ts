// CPU time of a bench server and of the PostgreSQL server, so `npm run bench saves` can print what one save
// costs in CPU (a figure the machine's other load hardly moves, unlike saves per second). Linux only (/proc);
// elsewhere the PostgreSQL share reads 0.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { join } from "node:path";
import type { Pool } from "pg";

/**
 * The PostgreSQL server's main process (the postmaster): the parent of the pool's connections. Its CPU with its
 * children's is what the database spent, whatever connections a pool opened or closed meanwhile.
 */
export async function postgresServer(pool: Pool): Promise<number | undefined> {
  const { rows } = await pool.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
  try {
    return Number(stat(rows[0]!.pid)[1]);
  } catch {
    return undefined; // not Linux, or PostgreSQL on another machine
  }
}

/** The fields of /proc/<pid>/stat after the command's name (state is [0], ppid [1], utime [11] … cstime [14]). */
const stat = (pid: number | string) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");

/**
 * CPU of the PostgreSQL server so far, in ms (clock ticks of 10 ms): the postmaster with the children it has reaped
 * (connections that ended, their time counted once they are gone) and its children still running (connections and
 * background workers such as the WAL writer).
 */
function postgresMs(postmaster: number | undefined): number {
  if (postmaster === undefined) return 0;
  let ticks = 0;
  try {
    const own = stat(postmaster);
    ticks += Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  } catch {
    return 0;
  }
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = stat(entry);
      if (Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // ended meanwhile: counted by the postmaster once reaped
    }
  }
  return ticks * 10;
}

/**
 * A meter started on SIGUSR2 (the bench sends it when its measured run begins) and read at the end: the CPU ms
 * this process and the PostgreSQL server (`postmaster`) used in between. The server is measured whole, so run
 * nothing else against it meanwhile.
 */
export function cpuMeter(postmaster: number | undefined) {
  let start: { self: NodeJS.CpuUsage; backends: number } | null = null;
  process.on("SIGUSR2", () => {
    start = { self: process.cpuUsage(), backends: postgresMs(postmaster) };
  });
  return () => {
    if (!start) return { serverMs: -1, serverSystemMs: -1, postgresMs: -1 };
    const self = process.cpuUsage(start.self);
    // The kernel's share (system) apart: on loopback most of a socket write's cost is there.
    return {
      serverMs: Math.round((self.user + self.system) / 1000),
      serverSystemMs: Math.round(self.system / 1000),
      postgresMs: postgresMs(postmaster) - start.backends,
    };
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
