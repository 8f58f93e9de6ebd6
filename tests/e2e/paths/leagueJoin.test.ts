// Issue 16: every generated path of the leagueJoin machine, played in Chromium on the league page and the invite-link
// panel against the real server (docs/qa/leagueJoin.md lists them).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { openDb } from "../../../server/db/open";
import { users } from "../../../server/db/schema";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";
import { createLeague, leagueJoinDriver, newPlayer, type MadeLeague } from "./leagueJoin.driver";
import { walkEveryPath } from "./walkInBrowser";

let product: RestartableProduct;
let browser: Browser;
let vip: MadeLeague;
const dataDir = mkdtempSync(join(tmpdir(), "pp-e2e-paths-league-"));

/**
 * VIP leagues are the Gurus', and Gurus are made by the operator, not by any call: the guru flag is set in the
 * product's own database while the server is stopped (as `npm run admin` does for staff roles), then the Guru
 * creates the VIP league through the API like anyone.
 */
async function makeGuru(email: string) {
  await product.stop();
  const database = await openDb({ dataDir });
  try {
    await database.db.update(users).set({ isGuru: true }).where(eq(users.email, email));
  } finally {
    await database.close();
  }
  await product.start();
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
  walkEveryPath(
    () => browser,
    leagueJoinDriver({ url: () => product.url, vip: () => vip }),
  );
});
