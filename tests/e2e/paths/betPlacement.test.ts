// Issue 16: every QA path of the betPlacement machine (docs/qa/betPlacement.md) played in Chromium against the real
// product, on the Bets screen's BetOnRider modal.
import { afterAll, beforeAll, describe } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";
import { betPlacementDriver } from "./betPlacement.driver";
import { walkEveryPath } from "./walkInBrowser";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
let product: RestartableProduct;
let browser: Browser;

beforeAll(async () => {
  product = await restartableProduct({ ADMIN_TOKEN });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.dispose();
});

describe("betPlacement paths in the browser", () => {
  walkEveryPath(() => browser, betPlacementDriver(() => product.url, ADMIN_TOKEN));
});
