// Issue 16: every QA path of the purchase machine (docs/qa/purchase.md) played in Chromium against the real
// product, on the Store with the built-in sandbox payment provider.
import { afterAll, beforeAll, describe } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";
import { purchaseDriver } from "./purchase.driver";
import { walkEveryPath } from "./walkInBrowser";

let product: RestartableProduct;
let browser: Browser;

beforeAll(async () => {
  product = await restartableProduct();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.dispose();
});

describe("purchase paths in the browser", () => {
  walkEveryPath(() => browser, purchaseDriver(() => product.url));
});
