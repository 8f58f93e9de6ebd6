// The API's reference at /api/docs, in a real browser against the real product. The page must render the
// generated document with nothing but the product's own files (offline, no CDN) and run a call from it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, startProduct, type Product } from "./harness";

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe("the API reference at /api/docs", () => {
  it("shows every area of the generated document from the product's own files, and tries a call", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const origin = new URL(product.url).origin;
    const elsewhere: string[] = [];
    const problems: string[] = [];
    // Anything not from the product itself is refused, as it would be offline.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (new URL(url).origin === origin) return route.continue();
      elsewhere.push(url);
      return route.abort();
    });
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });

    await page.goto(`${product.url}/api/docs`);
    await expect
      .poll(() => page.getByText("Paddock Predictor API").first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    for (const tag of ["auth", "leagues", "predictions", "admin", "dev"]) {
      await expect.poll(() => page.locator(`#operations-tag-${tag}`).isVisible(), { timeout: 10_000 }).toBe(true);
    }

    // Areas start closed (server/openapi/routes.ts): open System to try a call.
    await page.locator("#operations-tag-system").click();
    const countries = page.locator(".opblock-get").filter({ has: page.locator('[data-path="/system/countries"]') });
    await countries.locator(".opblock-summary").click();
    await countries.getByRole("button", { name: "Try it out" }).click();
    await countries.getByRole("button", { name: "Execute" }).click();
    await expect
      .poll(() => countries.locator(".live-responses-table tbody .response-col_status").first().textContent(), {
        timeout: 15_000,
      })
      .toContain("200");

    expect(elsewhere).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
