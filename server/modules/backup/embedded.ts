// Backups of the embedded database (docs/operations.md "Backups"): PGlite's data folder as one gzip-compressed tarball,
// taken by whoever holds the database (the running server, else the command line), and loaded into a fresh folder.
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Clock } from "../../clock";
import { migrate } from "../../db/migrate";
import { openDb, type Database } from "../../db/open";
import { pgliteOptions } from "../../db/pgliteDurability";
import { AppError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";

/** A restore the command line refuses before touching anything (a folder that holds a database, a file that is no backup). */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/** Where PGlite keeps the database inside DATA_DIR (server/db/open.ts). */
export const pgliteFolder = (dataDir: string) => join(dataDir, "pglite");

/** A folder with anything in it may be a database: a restore never writes over one. */
export const holdsDatabase = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/** `paddock-predictor-2026-06-01T10-00-00Z.tar.gz`: sorts by time, and no character a shell or a file system minds. */
export const backupFileName = (at: Date) =>
  `paddock-predictor-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-")}.tar.gz`;

type DumpingClient = { exec(sql: string): Promise<unknown>; dumpDataDir(compression: "gzip"): Promise<Blob> };

/** The PGlite instance under the database's drizzle handle; null on PostgreSQL, whose backups are pg_dump's. */
function embeddedClient(database: Database): DumpingClient | null {
  if (database.kind !== "pglite") return null;
  const client = (database.db as unknown as { $client?: Partial<DumpingClient> }).$client;
  if (typeof client?.dumpDataDir !== "function" || typeof client.exec !== "function")
    throw new Error("the embedded database has no PGlite client to dump");
  return client as DumpingClient;
}

/**
 * The whole database as a gzip-compressed tarball, and a BACKUP line in its audit log. PGlite runs one statement at a
 * time and dumps under the same lock, so the tarball is a snapshot between two statements: every committed
 * transaction in, none half. The checkpoint first writes the data files out, so the restored copy starts without
 * replaying the write-ahead log. The line is written once the dump succeeded, so a failed backup is not on the record.
 */
export async function takeBackup(database: Database, clock: Clock, by: Operator): Promise<Blob> {
  const client = embeddedClient(database);
  if (!client) throw new AppError(409, "backupNeedsPgDump");
  await client.exec("CHECKPOINT");
  const tarball = await client.dumpDataDir("gzip");
  await database.db.transaction((tx) =>
    recordAudit(tx, clock, by, { action: "BACKUP", target: "database", after: { bytes: tarball.size } }),
  );
  return tarball;
}

export type RestoreReport = { dir: string; migrations: string[] };

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Loads a backup into DATA_DIR/pglite, which must be absent or empty (the operator moves a database aside, never
 * this), then brings it to this version's migrations (an older backup is migrated as the server would on start) and
 * records the RESTORE in the restored database's own audit log: the log of the database the game runs on from now.
 * A load that fails leaves the folder as it was found, empty, so the next attempt is not refused.
 */
export async function restoreBackup(options: {
  dataDir: string;
  tarball: Blob;
  source: string;
  clock: Clock;
  by: Operator;
}): Promise<RestoreReport> {
  const dir = pgliteFolder(options.dataDir);
  if (holdsDatabase(dir)) {
    throw new RestoreRefused(
      `${dir} is not empty: a restore goes into a fresh folder only. Move the database aside first (stop the server, mv ${dir} ${dir}.old), then restore again.`,
    );
  }
  const head = new Uint8Array(await options.tarball.slice(0, 2).arrayBuffer());
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1])
    throw new RestoreRefused(`${options.source} is not a backup of the embedded database (a gzip-compressed tarball).`);
  mkdirSync(dir, { recursive: true });
  try {
    const loaded = await PGlite.create({ ...pgliteOptions(dir), loadDataDir: options.tarball });
    await loaded.close();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    throw new RestoreRefused(
      `${options.source} could not be loaded as a database (${(err as Error).message}); ${dir} is left empty.`,
    );
  }
  const database = await openDb({ dataDir: options.dataDir });
  try {
    const migrations = await migrate(database);
    await database.db.transaction((tx) =>
      recordAudit(tx, options.clock, options.by, {
        action: "RESTORE",
        target: "database",
        after: { file: basename(options.source), bytes: options.tarball.size, migrations: migrations.length },
      }),
    );
    return { dir, migrations };
  } finally {
    await database.close();
  }
}
