// The operator commands that open the database themselves (`npm run admin -- grant|revoke|guru|force-password-change`,
// `npm run replay -- <report id>`) may do so only when nobody else has it. PGlite, the embedded database, is one
// process's: a second process opening it while the server runs finds it "not shut down cleanly", recovers it from its
// write-ahead log, and what either of them writes then is lost. PostgreSQL (DATABASE_URL) takes any number of clients.
import { existsSync, readdirSync, readlinkSync } from "node:fs";
import { join, resolve, sep } from "node:path";

/** The processes, other than this one, that have a file inside `dir` open (Linux's /proc; elsewhere null: unknown). */
export function processesHolding(dir: string, procRoot = "/proc"): number[] | null {
  if (!existsSync(join(procRoot, "self", "fd"))) return null;
  const inside = resolve(dir) + sep;
  const holders: number[] = [];
  for (const entry of readdirSync(procRoot)) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join(procRoot, entry, "fd"));
    } catch {
      continue; // gone meanwhile, or another user's
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(join(procRoot, entry, "fd", fd));
      } catch {
        continue;
      }
      if (target.startsWith(inside)) {
        holders.push(pid);
        break;
      }
    }
  }
  return holders;
}

/**
 * Why `command` must not open the embedded database now, or null when it may: a server (or any other process) has
 * DATA_DIR/pglite open. Where the open files cannot be seen, PGlite's postmaster.pid (present while it runs, and after
 * a crash) and a server answering at API_URL say the same.
 */
export async function embeddedDatabaseBusy(options: {
  command: string;
  databaseUrl: string | undefined;
  dataDir: string;
  apiUrl: string;
  fetch?: typeof fetch;
}): Promise<string | null> {
  if (options.databaseUrl) return null;
  const dir = join(options.dataDir, "pglite");
  if (!existsSync(dir)) return null;
  const stop = `Stop the server, run ${options.command} again, then start the server; or run the server on PostgreSQL (DATABASE_URL).`;
  const holders = processesHolding(dir);
  if (holders && holders.length > 0) {
    return `The embedded database ${dir} is open in process ${holders.join(", ")} (the server, while it runs): PGlite is one process's database, so ${options.command} does not open it now (what either wrote could be lost). ${stop}`;
  }
  if (holders === null && existsSync(join(dir, "postmaster.pid"))) {
    const answering = await (options.fetch ?? fetch)(`${options.apiUrl}/api/system/links`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (r) => r.ok,
      () => false,
    );
    if (answering)
      return `A server answers at ${options.apiUrl} and the embedded database ${dir} is in use: PGlite is one process's database, so ${options.command} does not open it now. ${stop}`;
  }
  return null;
}
