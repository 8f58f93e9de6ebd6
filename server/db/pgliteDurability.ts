import { existsSync, fdatasyncSync, fsyncSync } from "node:fs";
import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// What the embedded database promises (docs/operations.md "The embedded database"). PGlite 0.5 starts
// PostgreSQL with `-F` (fsync off), and its Node filesystem (emscripten's NODEFS) writes through to the
// OS but has no fsync at all: PostgreSQL's fsync() lands in a stub, its fdatasync() is a no-op. So a
// commit reached the OS page cache (it survives `kill -9`) but not the disk (a power loss or an OS crash
// could lose it, or tear a page). Here PostgreSQL runs with fsync on and wal_sync_method=fsync (the one
// method whose call reaches the filesystem layer), and NODEFS gets the sync it lacks (installFsync): a
// commit is acknowledged after its WAL is on disk, and checkpoints flush data files the same way.
// Cost: tests/bench/durability.ts, docs/performance.md.

const S_IFMT = 0o170000;
const S_IFDIR = 0o040000;
type Stream = { nfd?: number; node?: { mode?: number } };

/**
 * The fsync NODEFS lacks, installed before PostgreSQL starts. A file's data goes to disk with fdatasync
 * (what PostgreSQL itself uses for WAL on Linux: the content and the size, not the timestamps); a
 * directory's entries (a new WAL segment, a renamed file) with fsync. emscripten's fd_sync returns the
 * hook's result as the errno.
 */
function installFsync(mod: { NODEFS: { stream_ops: Record<string, unknown> } }): void {
  mod.NODEFS.stream_ops.fsync = (stream: Stream) => {
    if (stream.nfd === undefined) return 0;
    if (((stream.node?.mode ?? 0) & S_IFMT) === S_IFDIR) fsyncSync(stream.nfd);
    else fdatasyncSync(stream.nfd);
    return 0;
  };
}

class SyncingNodeFS extends NodeFS {
  override async init(pg: PGlite, emscriptenOptions: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, emscriptenOptions);
    return { emscriptenOpts: { ...emscriptenOpts, preRun: [...(emscriptenOpts.preRun ?? []), installFsync as never] } };
  }
}

/** PGlite's own start parameters without `-F`, with fsync on and the sync method NODEFS can carry out. */
export const durableStartParams = (): string[] => [
  ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
  "-c",
  "fsync=on",
  "-c",
  "wal_sync_method=fsync",
  "-c",
  "synchronous_commit=on",
];

/** PGlite options for a data directory on disk: every acknowledged commit on disk first (or PGlite's default, fsync off, for the bench). */
export function pgliteOptions(dir: string, durable = true): PGliteOptions {
  return durable ? { fs: new SyncingNodeFS(dir), startParams: durableStartParams() } : { dataDir: dir };
}

/**
 * PostgreSQL writes postmaster.pid when it starts and removes it when it shuts down cleanly: found before
 * opening, the last run ended without a shutdown (killed, crashed, power lost). PostgreSQL then replays
 * its write-ahead log on start, as after any crash.
 */
export const wasShutDownUncleanly = (dir: string) => existsSync(join(dir, "postmaster.pid"));
