// The operator CLI never writes to the embedded database under a running server: PGlite is one process's database,
// and a second process opening it "recovers" it and loses a write. The commands that open it themselves refuse while
// the server runs, and work once it has stopped.
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processesHolding } from "../../scripts/operator/dbGuard";

const TSX = "node_modules/tsx/dist/cli.mjs";
let dataDir: string;
let url: string;
let server: ChildProcess | null = null;
let output = "";
const email = `operator.${Date.now().toString(36)}@example.com`;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [TSX, script, ...args],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", API_URL: url }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function stopServer() {
  const proc = server;
  server = null;
  if (proc && proc.exitCode === null) {
    const exited = new Promise((r) => proc.once("exit", r));
    proc.kill("SIGTERM");
    await exited;
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "pp-operator-cli-"));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [TSX, "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      NODE_ENV: "test",
      DATABASE_URL: "",
      REDIS_URL: "",
      RATE_LIMIT_MAX: "1000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (d) => (output += String(d)));
  server.stderr?.on("data", (d) => (output += String(d)));
  const deadline = Date.now() + 90_000;
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
  // The player the commands name exists, so a command that did open the database would write.
  const password = "Paddock#2026";
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: `Op${Date.now().toString(36)}`,
      email,
      password,
      confirmPassword: password,
      agree: true,
    }),
  });
  if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
}, 120_000);

afterAll(async () => {
  await stopServer();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("the operator CLI refuses to open the embedded database while the server holds it", () => {
  it("sees the server's process holding DATA_DIR/pglite", () => {
    const holders = processesHolding(join(dataDir, "pglite"));
    expect(holders === null || holders.length > 0).toBe(true);
  });

  it.each([
    ["grant", [email, "support"]],
    ["revoke", [email, "support"]],
    ["guru", [email]],
    ["force-password-change", [email]],
  ])(
    "npm run admin -- %s refuses (exit 2) and says why, without opening it",
    async (command, args) => {
      const run = await cli("scripts/admin.ts", [command, ...args]);
      expect(run.code, run.stdout + run.stderr).toBe(2);
      expect(run.stderr).toMatch(/PGlite is one process's database/);
      expect(run.stderr).toMatch(/Stop the server/);
      expect(run.stdout + run.stderr).not.toMatch(/not shut down cleanly/);
    },
    90_000,
  );

  it("npm run replay -- <report id> refuses too, and names the way through the running server", async () => {
    const run = await cli("scripts/replay.ts", ["ABCD1234"]);
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stderr).toMatch(/PGlite is one process's database/);
    expect(run.stderr).toContain("/api/staff/reports/ABCD1234");
  }, 90_000);

  it("the server's database is intact, and its data is all there after a clean stop (no recovery)", async () => {
    await stopServer();
    expect(output).not.toMatch(/not shut down cleanly/);

    // Stopped: the same command now writes, and says so.
    const run = await cli("scripts/admin.ts", ["grant", email, "support"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain(`${email} is now support.`);
    expect(run.stderr).not.toMatch(/not shut down cleanly/);
  }, 90_000);
});
