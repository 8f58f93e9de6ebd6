// Starts the real product (built SPA + API + embedded database) on a free port with its own data folder,
// and a headless Debian Chromium driven by playwright-core. A product can be stopped and started again
// on the same port and data folder (the live channel must reconnect on its own after a restart).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type BrowserContext } from "playwright-core";
import { watchCsp } from "./csp";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export type RestartableProduct = {
  url: string;
  output: () => string;
  /** Stops the server (SIGTERM) and keeps its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data folder. */
  start(): Promise<void>;
  /** Stops it and removes the data folder. */
  dispose(): Promise<void>;
};

export async function restartableProduct(env: Record<string, string> = {}): Promise<RestartableProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pp-e2e-"));
  const url = `http://localhost:${port}`;
  let output = "";
  let child: ChildProcess | null = null;

  async function start() {
    const proc = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/main.ts"], {
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        RATE_LIMIT_MAX: "1000",
        NODE_ENV: "test",
        DATABASE_URL: "",
        REDIS_URL: "",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = proc;
    proc.stdout?.on("data", (d) => (output += String(d)));
    proc.stderr?.on("data", (d) => (output += String(d)));
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (proc.exitCode !== null) throw new Error(`server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/system/links`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function stop() {
    const proc = child;
    child = null;
    if (proc && proc.exitCode === null) {
      const exited = new Promise((r) => proc.once("exit", r));
      proc.kill("SIGTERM");
      await exited;
    }
  }

  await start();
  return {
    url,
    output: () => output,
    start,
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Product = { url: string; stop: () => Promise<void>; output: () => string };

/** One product for a test file: `stop()` ends it and removes its data. */
export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const product = await restartableProduct(env);
  return { url: product.url, output: product.output, stop: product.dispose };
}

/** Chromium, every context of which reports the page's CSP violations (./csp.ts): the suite fails on any. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  // browser.newPage() makes its context through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context: BrowserContext = await newContext(options);
    await watchCsp(context);
    return context;
  };
  return browser;
}

/** The newest mail the product sent to `to` (the dev outbox, newest first). */
export async function latestMail(
  baseUrl: string,
  to: string,
  matching?: RegExp,
): Promise<{ subject: string; text: string }> {
  for (let i = 0; i < 40; i++) {
    const res = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = (await res.json()) as { result: { subject: string; text: string }[] };
    // With `matching`, waits for that mail (an earlier one to the same address may still be the latest).
    const latest = body.result[0];
    if (latest && (!matching || matching.test(latest.subject))) return latest;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no mail for ${to}`);
}
