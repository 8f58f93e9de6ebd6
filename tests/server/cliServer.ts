// A real server in a process of its own, on a fresh embedded database, and the operator CLI pointed at it: what the
// `npm run admin` tests need to run a command the way an operator does.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const TSX = "node_modules/tsx/dist/cli.mjs";

export type CliRun = { code: number; stdout: string; stderr: string };
export type CliServer = {
  url: string;
  dataDir: string;
  /** `npm run admin -- <args>` against this server, with the development admin token in its DATA_DIR. */
  admin(args: string[]): Promise<CliRun>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** Starts the server (no DATABASE_URL, no Redis, no ADMIN_TOKEN: the development secret) and waits until it answers. */
export async function startCliServer(name: string, startTimeoutMs = 90_000): Promise<CliServer> {
  const dataDir = mkdtempSync(join(tmpdir(), `pp-${name}-`));
  const url = `http://127.0.0.1:${await freePort()}`;
  let output = "";
  const server: ChildProcess = spawn(process.execPath, [TSX, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: new URL(url).port,
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: "test",
      DATABASE_URL: "",
      REDIS_URL: "",
      ADMIN_TOKEN: "",
      RATE_LIMIT_MAX: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += String(d)));
  server.stderr?.on("data", (d) => (output += String(d)));
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (
      await fetch(`${url}/api/system/links`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const admin = (args: string[]) =>
    new Promise<CliRun>((resolve) => {
      execFile(
        process.execPath,
        [TSX, "scripts/admin.ts", ...args],
        {
          env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", API_URL: url, ADMIN_TOKEN: "" },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url, dataDir, admin, stop };
}
