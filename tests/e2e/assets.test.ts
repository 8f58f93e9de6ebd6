// The built SPA's files on the wire. Hashed assets come precompressed (brotli or gzip, as the
// browser asks) and cached for a year as immutable; index.html is revalidated on every visit.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
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

const IMMUTABLE = "public, max-age=31536000, immutable";

async function get(path: string, acceptEncoding?: string) {
  // fetch() would decode the body itself: ask for the raw bytes with node's http client instead.
  const { request } = await import("node:http");
  const url = new URL(path, product.url);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        url,
        { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

describe("the SPA's files", () => {
  it("sends hashed scripts and styles compressed, immutable for a year, and varying on accept-encoding", async () => {
    const index = await get("/", "");
    const assets = [...index.body.toString("utf8").matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (m) => m[1]!,
    );
    expect(assets.some((a) => a.endsWith(".js"))).toBe(true);
    expect(assets.some((a) => a.endsWith(".css"))).toBe(true);
    for (const asset of assets) {
      const plain = await get(asset, "");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
      expect(plain.headers.vary).toContain("accept-encoding");
      if (plain.body.length < 1024) continue;

      const br = await get(asset, "gzip, deflate, br, zstd");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["cache-control"]).toBe(IMMUTABLE);
      expect(br.headers.vary).toContain("accept-encoding");
      expect(br.body.length).toBeLessThan(plain.body.length);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

      const gzip = await get(asset, "gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gzip.headers["cache-control"]).toBe(IMMUTABLE);
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

      expect((await get(asset, "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    }
  });

  it("revalidates index.html on every visit, on / and on client-side routes", async () => {
    for (const path of ["/", "/leagues", "/predictions?raceId=1"]) {
      const page = await get(path, "br");
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["content-type"]).toContain("text/html");
      const html = page.headers["content-encoding"] === "br" ? brotliDecompressSync(page.body) : page.body;
      expect(html.toString("utf8")).toContain('<div id="root">');
    }
  });

  it("reaches a real browser compressed: every script and style of the landing of 1 KB or more", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const seen: { url: string; encoding?: string; cache?: string; size: number }[] = [];
    page.on("response", async (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith("/assets/") || !/\.(js|css)$/.test(url.pathname)) return;
      const headers = await response.allHeaders();
      const size = (await response.body().catch(() => Buffer.alloc(0))).length;
      seen.push({ url: url.pathname, encoding: headers["content-encoding"], cache: headers["cache-control"], size });
    });
    await page.goto(`${product.url}/`, { waitUntil: "networkidle" });
    await expect.poll(() => page.locator("h1").first().isVisible(), { timeout: 30_000 }).toBe(true);
    expect(seen.length).toBeGreaterThan(0);
    for (const asset of seen) {
      expect(asset.cache, asset.url).toBe(IMMUTABLE);
      if (asset.size >= 1024) expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
    }
    await context.close();
  });

  it("a guest's landing loads its sections' API client but not the session's actors until the first interaction", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/assets/") && path.endsWith(".js")) scripts.push(path.slice("/assets/".length));
    });
    await page.goto(`${product.url}/`, { waitUntil: "networkidle" });
    // The deferred sections drew from the API: the footer's links came in.
    await expect.poll(() => page.locator("footer a[href]").count(), { timeout: 30_000 }).toBeGreaterThan(2);
    expect(
      scripts.some((file) => file.startsWith("api-")),
      scripts.join(" "),
    ).toBe(true);
    expect(
      scripts.filter((file) => file.startsWith("frame-")),
      scripts.join(" "),
    ).toEqual([]);
    // The first interaction brings the session's actors, and Play now opens the sign-in dialog.
    await page.getByRole("button", { name: "Play now" }).first().click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(
      scripts.some((file) => file.startsWith("frame-")),
      scripts.join(" "),
    ).toBe(true);
    await context.close();
  });
});
