// Every generated path of the leagueJoin machine, played in Chromium on the league page and the invite-link
// panel against the real server (docs/qa/leagueJoin.md lists them).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";
import { createLeague, leagueJoinDriver, newPlayer, type MadeLeague } from "./leagueJoin.driver";
import { walkEveryPath } from "./walkInBrowser";

let product: RestartableProduct;
let browser: Browser;
let vip: MadeLeague;
const dataDir = mkdtempSync(join(tmpdir(), "pp-e2e-paths-league-"));

/**
 * VIP leagues are the Gurus', and Gurus are made by the operator (`npm run admin -- guru <email>`, against the
 * embedded database while the server is stopped, as for staff roles); the Guru then creates the VIP league through
 * the API like anyone.
 */
async function makeGuru(email: string) {
  await product.stop();
  try {
    await promisify(execFile)(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "guru", email], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    });
  } finally {
    await product.start();
  }
}

beforeAll(async () => {
  product = await restartableProduct({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  const guru = await newPlayer(product.url);
  await makeGuru(guru.email);
  vip = await createLeague(product.url, guru, "VIP");
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await product?.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("leagueJoin paths in the browser", () => {
  walkEveryPath(() => browser, leagueJoinDriver({ url: () => product.url, vip: () => vip }));
});
