// Issue 16: every QA path of the predictionChange machine (docs/qa/predictionChange.md) played in Chromium
// against the real product, through the ChangePrediction modal (driver: predictionChange.driver.ts).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe } from "vitest";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";
import { predictionChangeDriver } from "./predictionChange.driver";
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

describe("predictionChange paths in the browser", () => {
  walkEveryPath(() => browser, predictionChangeDriver(() => product.url));
});
