// `npm run admin -- backup <file>` and `npm run admin -- restore <file>` (docs/operations.md "Backups"). PGlite is one
// process's database: while the server runs it holds the database, so the backup is the server's to take (POST
// /api/admin/backup with the admin token); stopped, the command line opens the data folder and takes it itself. A
// restore only ever fills a fresh folder, with the server stopped. On PostgreSQL both are pg_dump's and pg_restore's.
import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { API_PREFIX } from "../../contract/calls";
import { backupCalls } from "../../contract/calls.backup";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { ErrorBody } from "../../contract/common";
import { createClock } from "../../server/clock";
import { loadConfig } from "../../server/config";
import { migrate } from "../../server/db/migrate";
import { openDb } from "../../server/db/open";
import { CLI_OPERATOR } from "../../server/http/operator";
import {
  holdsDatabase,
  pgliteFolder,
  restoreBackup,
  RestoreRefused,
  takeBackup,
} from "../../server/modules/backup/embedded";
import { ApiError, OperatorError, ServerUnreachable } from "./api";
import { embeddedDatabaseBusy } from "./dbGuard";

export const backupUsage = `  backup <file>                                the embedded database into <file> (a .tar.gz), the server running or not
  restore <file>                               a backup into a fresh DATA_DIR/pglite (absent or empty), the server stopped;
                                               then start the server on it`;

const PG_DUMP =
  "The database is PostgreSQL (DATABASE_URL): back it up with pg_dump -Fc and restore it with pg_restore (docs/operations.md, Backups).";

type Env = Record<string, string | undefined>;
type Options = {
  env: Env;
  apiUrl: string;
  adminToken: () => string | undefined;
  usageError: (message: string) => never;
  fetch?: typeof fetch;
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function oneFile(name: string, args: readonly string[], usageError: Options["usageError"]): string {
  if (args.length !== 1 || !args[0] || args[0].startsWith("--"))
    usageError(`${name} needs one file: npm run admin -- ${name} <file>.`);
  return resolve(args[0]);
}

/** Writes into `<file>.partial` and renames it when complete: an interrupted backup never looks like a whole one. */
async function writeWhole(file: string, write: (partial: string) => Promise<void>): Promise<number> {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    renameSync(partial, file);
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  }
  return statSync(file).size;
}

/** The running server's backup, streamed to `partial`. */
async function backupFromServer(options: Options, partial: string): Promise<void> {
  const token = options.adminToken();
  if (!token)
    throw new OperatorError(
      "No admin token: set ADMIN_TOKEN, or use the server's DATA_DIR so its development secret is found.",
    );
  const label = `${backupCalls.backup.method} ${API_PREFIX}${backupCalls.backup.path}`;
  let res: Response;
  try {
    res = await (options.fetch ?? fetch)(`${options.apiUrl}${API_PREFIX}${backupCalls.backup.path}`, {
      method: "POST",
      headers: { [ADMIN_TOKEN_HEADER]: token },
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ServerUnreachable(
      `Cannot reach the server at ${options.apiUrl} (${cause?.code ?? cause?.message ?? (err as Error).message}). Is it running? Set API_URL (or PORT) to its address.`,
    );
  }
  if (!res.ok || !res.body) {
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new ServerUnreachable(
        `${label} → ${res.status}: ${options.apiUrl} did not answer like the Paddock Predictor API.`,
      );
    }
    const error = ErrorBody.safeParse(json);
    if (error.success) throw new ApiError(res.status, error.data.code, error.data.message, label);
    throw new ApiError(res.status, "unknown", `${label} → ${res.status}`, label);
  }
  await pipeline(
    Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
    createWriteStream(partial, { flags: "wx" }),
  );
}

export async function backupCommand(args: readonly string[], options: Options): Promise<number> {
  const file = oneFile("backup", args, options.usageError);
  const config = loadConfig(options.env);
  if (config.databaseUrl) throw new OperatorError(PG_DUMP);
  if (existsSync(file)) throw new OperatorError(`${file} exists: a backup never writes over a file. Name a new one.`);
  const dir = pgliteFolder(config.dataDir);
  const busy = await embeddedDatabaseBusy({
    command: "npm run admin -- backup",
    databaseUrl: undefined,
    dataDir: config.dataDir,
    apiUrl: options.apiUrl,
    fetch: options.fetch,
  });
  if (!busy && holdsDatabase(dir)) {
    const size = await writeWhole(file, async (partial) => {
      const database = await openDb({ dataDir: config.dataDir });
      try {
        await migrate(database);
        const tarball = await takeBackup(database, createClock(), CLI_OPERATOR);
        await pipeline(
          Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>),
          createWriteStream(partial, { flags: "wx" }),
        );
      } finally {
        await database.close();
      }
    });
    console.log(`Backed up ${dir} (the server is stopped) to ${file} (${megabytes(size)}).`);
    return 0;
  }
  // The server holds the database, or the database is not here at all: the server's answer says which.
  try {
    const size = await writeWhole(file, (partial) => backupFromServer(options, partial));
    console.log(`Backed up the running server's database (${options.apiUrl}) to ${file} (${megabytes(size)}).`);
    return 0;
  } catch (err) {
    if (err instanceof ServerUnreachable && !busy) {
      throw new OperatorError(
        `No embedded database in ${dir}, and no server answers at ${options.apiUrl}: run with the server's DATA_DIR, or set API_URL to the running server. (${err.message})`,
      );
    }
    throw err;
  }
}

export async function restoreCommand(args: readonly string[], options: Options): Promise<number> {
  const file = oneFile("restore", args, options.usageError);
  const config = loadConfig(options.env);
  if (config.databaseUrl) throw new OperatorError(PG_DUMP);
  if (!existsSync(file) || !statSync(file).isFile()) throw new OperatorError(`No backup file ${file}.`);
  const busy = await embeddedDatabaseBusy({
    command: "npm run admin -- restore",
    databaseUrl: undefined,
    dataDir: config.dataDir,
    apiUrl: options.apiUrl,
    fetch: options.fetch,
  });
  if (busy) throw new OperatorError(busy);
  try {
    const report = await restoreBackup({
      dataDir: config.dataDir,
      tarball: new Blob([readFileSync(file)]),
      source: file,
      clock: createClock(),
      by: CLI_OPERATOR,
    });
    const migrated = report.migrations.length
      ? `${report.migrations.length} migration(s) applied: ${report.migrations.join(", ")}`
      : "its migrations were already current";
    console.log(`Restored ${file} into ${report.dir} (${migrated}). Start the server on this DATA_DIR (npm start).`);
    return 0;
  } catch (err) {
    if (err instanceof RestoreRefused) throw new OperatorError(err.message);
    throw err;
  }
}
