// The landing on a phone: Lighthouse (mobile form factor, simulated throttling: its default config) on
// `/` as a guest, and on `/predictions` signed in, against the production build served by the real
// product. A report, not a test: `npm run bench landing`. Each run starts a fresh headless Debian Chromium
// (empty cache; the signed-in runs get the player's session cookies and remember-me flag first, set
// without loading any page asset); the figures printed are the median of LANDING_RUNS runs (3 by
// default) beside the budget.
// LANDING_URL=http://… measures a product already running instead of building and starting one (it must
// serve the dev outbox, as `npm start` without NODE_ENV=production does); LANDING_SIGNED_IN=0 skips /predictions.
// LANDING_REPORT=dir/x.json keeps every run's full Lighthouse report (x-guest-1.json … x-signed-in-3.json). CHROME_PATH (default /usr/bin/chromium) chooses the browser.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { createPlayer, type Player } from "../e2e/accounts";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const RUNS = Number(process.env.LANDING_RUNS ?? 3);
const BUDGET = { score: 95, lcpMs: 2000, jsBeforePaintKb: 120, signedInScore: 90 };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function waitFor(url: string, what: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited early`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not start in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/** Builds the SPA for production and starts the product (PGlite, demo season) on a free port. */
async function startProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  const build = spawnSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.status !== 0) throw new Error("vite build failed");
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "pp-landing-"));
  const url = `http://localhost:${port}`;
  const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DATABASE_URL: "",
      REDIS_URL: "",
      NODE_ENV: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitFor(`${url}/api/system/links`, "the product", child);
  return {
    url,
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; networkEndTime?: number };
type Run = {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  jsBeforeLcpKb: number;
  jsAllKb: number;
  benchmarkIndex: number;
};

/** The session as the SPA keeps a remembered one: token cookies and the remember-me flag. */
async function signIn(port: number, origin: string, player: Player) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    await context.addCookies([
      {
        name: "accessToken",
        value: encodeURIComponent(player.tokens.accessToken),
        url: origin,
        expires,
        sameSite: "Lax",
      },
      {
        name: "refreshToken",
        value: encodeURIComponent(player.tokens.refreshToken),
        url: origin,
        expires,
        sameSite: "Lax",
      },
    ]);
    // A JSON call of the same origin: localStorage is reachable and no SPA file gets cached.
    const page = await context.newPage();
    await page.goto(`${origin}/api/system/links`);
    await page.evaluate(() => localStorage.setItem("rememberMe", "true"));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function lighthouseOnce(url: string, player?: Player, reportFile?: string): Promise<Run> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "pp-chrome-"));
  const chrome = spawn(
    CHROME,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/json/version`, "chromium", chrome, 30_000);
    if (player) await signIn(port, new URL(url).origin, player);
    // Signed in, Lighthouse must keep the session it was given (it would clear the origin's storage).
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      disableStorageReset: Boolean(player),
    });
    if (!result) throw new Error("lighthouse returned nothing");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportFile) {
      writeFileSync(reportFile, JSON.stringify(lhr, null, 1));
      // The trace too (what ran on the main thread, when): Lantern's figures are simulated from it.
      writeFileSync(reportFile.replace(/\.json$/, ".trace.json"), JSON.stringify(result.artifacts.Trace));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const metrics = lhr.audits.metrics?.details;
    const observed =
      metrics && "items" in metrics
        ? (metrics.items[0] as { observedLargestContentfulPaint?: number; observedTimeOrigin?: number })
        : {};
    const network = lhr.audits["network-requests"]?.details;
    const items = (network && "items" in network ? network.items : []) as NetworkItem[];
    const scripts = items.filter((i) => i.resourceType === "Script");
    const lcpObserved = observed.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY;
    const kb = (list: NetworkItem[]) => list.reduce((sum, i) => sum + (i.transferSize ?? 0), 0) / 1024;
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit("largest-contentful-paint"),
      fcpMs: audit("first-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      siMs: audit("speed-index"),
      jsBeforeLcpKb: kb(scripts.filter((i) => (i.networkEndTime ?? Number.POSITIVE_INFINITY) <= lcpObserved)),
      jsAllKb: kb(scripts),
      // Chromium's own CPU benchmark at the run's start. Simulated throttling multiplies the tasks this machine ran
      // by 4 whatever its speed; Lighthouse warns below 1,000 that the score then suffers (docs/throttling.md).
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
  } finally {
    await stopChild(chrome);
    // Chromium's last writers may still be closing files: retry, and leave the directory rather than lose
    // the run's figures.
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    } catch (err) {
      console.warn(`could not remove ${profile}: ${(err as Error).message}`);
    }
  }
}

const mark = (ok: boolean) => (ok ? "ok" : "OVER BUDGET");

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function report(label: string, runs: Run[]) {
  const m = (pick: (r: Run) => number) => median(runs.map(pick));
  console.log(
    `\n${label}, median of ${runs.length} runs (CPU benchmark index ${Math.round(median(runs.map((r) => r.benchmarkIndex)))}):`,
  );
  return { m, score: m((r) => r.score), lcp: m((r) => r.lcpMs), js: m((r) => r.jsBeforeLcpKb) };
}

async function measure(url: string, player?: Player): Promise<Run[]> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    // LANDING_REPORT=dir/x.json keeps every run's report beside it: x-guest-1.json, x-signed-in-2.json, …
    const base = process.env.LANDING_REPORT?.replace(/\.json$/, "");
    const run = await lighthouseOnce(url, player, base && `${base}-${player ? "signed-in" : "guest"}-${i + 1}.json`);
    runs.push(run);
    console.log(
      `${player ? "signed in" : "guest"} run ${i + 1}/${RUNS}: score ${run.score}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, FCP ${(run.fcpMs / 1000).toFixed(2)} s, ` +
        `TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, SI ${(run.siMs / 1000).toFixed(2)} s, ` +
        `JS before LCP ${run.jsBeforeLcpKb.toFixed(1)} KB, all JS ${run.jsAllKb.toFixed(1)} KB (transferred), CPU benchmark index ${Math.round(run.benchmarkIndex)}`,
    );
  }
  return runs;
}

const product = process.env.LANDING_URL
  ? { url: process.env.LANDING_URL, stop: async () => undefined }
  : await startProduct();
try {
  const landing = `${product.url}/`;
  // One unmeasured load first so the server's own first-request work (file reads, JIT) is not in run 1.
  await fetch(landing);
  const guest = report(`Lighthouse mobile (simulated throttling) on ${landing} as a guest`, await measure(landing));
  const { m } = guest;
  console.log(
    `  performance score        ${String(guest.score).padStart(7)}      budget >= ${BUDGET.score}     ${mark(guest.score >= BUDGET.score)}`,
  );
  console.log(
    `  LCP                      ${(guest.lcp / 1000).toFixed(2).padStart(7)} s    budget <= ${(BUDGET.lcpMs / 1000).toFixed(1)} s  ${mark(guest.lcp <= BUDGET.lcpMs)}`,
  );
  console.log(
    `  JS before LCP (wire)     ${guest.js.toFixed(1).padStart(7)} KB   budget <= ${BUDGET.jsBeforePaintKb} KB  ${mark(guest.js <= BUDGET.jsBeforePaintKb)}`,
  );
  console.log(
    `  FCP ${(m((r) => r.fcpMs) / 1000).toFixed(2)} s, TBT ${Math.round(m((r) => r.tbtMs))} ms, CLS ${m((r) => r.cls).toFixed(3)}, Speed Index ${(m((r) => r.siMs) / 1000).toFixed(2)} s, all JS ${m((r) => r.jsAllKb).toFixed(1)} KB`,
  );

  if (process.env.LANDING_SIGNED_IN !== "0") {
    const player = await createPlayer(product.url);
    const predictions = `${product.url}/predictions`;
    const signed = report(`\nLighthouse mobile on ${predictions} signed in`, await measure(predictions, player));
    console.log(
      `  performance score        ${String(signed.score).padStart(7)}      budget >= ${BUDGET.signedInScore}     ${mark(signed.score >= BUDGET.signedInScore)}`,
    );
    console.log(
      `  LCP ${(signed.lcp / 1000).toFixed(2)} s, FCP ${(signed.m((r) => r.fcpMs) / 1000).toFixed(2)} s, TBT ${Math.round(signed.m((r) => r.tbtMs))} ms, CLS ${signed.m((r) => r.cls).toFixed(3)}, all JS ${signed.m((r) => r.jsAllKb).toFixed(1)} KB`,
    );
  }
} finally {
  await product.stop();
}
