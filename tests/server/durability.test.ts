// What the embedded database promises. Every acknowledged commit survives the server process
// being killed (-9), PostgreSQL runs with fsync on so it also survives a power loss (the fsync reaches
// the disk: tests/bench/durability.ts measures it), and the next start logs one line saying the database
// recovered from an unclean shutdown. PGlite only: PostgreSQL brings its own durability.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { openDb } from "../../server/db/open";

const writer = fileURLToPath(new URL("./fixtures/pgliteWriter.ts", import.meta.url));
const dirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pp-durability-"));
  dirs.push(dir);
  return dir;
};

afterEach(() => {
  vi.restoreAllMocks();
  while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
});

/** Runs the writer until it has acknowledged `count` commits, then kills it with SIGKILL. */
async function writeThenKill(dataDir: string, count: number): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", writer, dataDir, String(count)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let acknowledged = 0;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of chunk.toString().split("\n").filter(Boolean)) acknowledged = Number(line);
      if (acknowledged >= count) resolve();
    });
    child.once("exit", (code) => reject(new Error(`writer exited early (${code})`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  return acknowledged;
}

const rows = async (dataDir: string) => {
  const database = await openDb({ dataDir });
  try {
    return await database.withConnection((c) => c.query<{ n: number }>("SELECT count(*)::int AS n FROM acknowledged"));
  } finally {
    await database.close();
  }
};

describe("the embedded database keeps every acknowledged commit", () => {
  it("runs PostgreSQL with fsync on, syncing the WAL with fsync()", async () => {
    const database = await openDb({ dataDir: tempDataDir() });
    try {
      const setting = (name: string) =>
        database
          .withConnection((c) => c.query<Record<string, string>>(`SHOW ${name}`))
          .then((r) => Object.values(r[0]!)[0]);
      expect([await setting("fsync"), await setting("wal_sync_method"), await setting("synchronous_commit")]).toEqual([
        "on",
        "fsync",
        "on",
      ]);
    } finally {
      await database.close();
    }
    // A first on-disk start runs initdb with every write flushed: tens of seconds on a busy machine.
  }, 120_000);

  it("after kill -9 every acknowledged row is there, and the next start logs one recovery line", async () => {
    const dataDir = tempDataDir();
    const acknowledged = await writeThenKill(dataDir, 25);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await rows(dataDir)).toEqual([{ n: acknowledged }]);
    const recovery = warn.mock.calls.filter((args) => /not shut down cleanly/.test(String(args[0])));
    expect(recovery).toHaveLength(1);

    // That start closed cleanly: the next one is quiet.
    warn.mockClear();
    await rows(dataDir);
    expect(warn.mock.calls.filter((args) => /not shut down cleanly/.test(String(args[0])))).toEqual([]);
  }, 120_000);
});
