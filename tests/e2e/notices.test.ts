// A race weekend's results in the bell, in Chromium: one notice per session with its name and the player's points,
// gathered under one heading for the weekend, opened and closed by keyboard alone, axe-clean at 1280 and 375 px.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { createPlayer, openSignedIn } from "./accounts";
import { launchBrowser, startProduct, type Product } from "./harness";
import { api as callApi } from "./api";

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

const RACE = "3f6d2c1e-8a4b-4c2d-9e1f-5a6b7c8d9e0f";
const sessions = [
  { name: "FP1", points: 5 },
  { name: "PF", points: 0 },
  { name: "FP2", points: 5 },
  { name: "Q2", points: 10 },
  { name: "SPRINT", points: 15 },
  { name: "START", points: 25 },
  { name: "POSITION_GAINED", points: 15 },
];

describe("a race weekend's results: one notice per session, grouped under one heading in the bell", () => {
  let page: Page;

  it("seven sessions: one heading with their count and points; Enter opens the seven, each with its session and points", async () => {
    const created = await createPlayer(product.url);
    const profile = await callApi<{ id: string }>(product.url, created.tokens.accessToken, "GET", "/users/profile");
    page = await openSignedIn(browser, product.url, created, "/profile");
    // The bell connects before the lazy profile screen has drawn its heading on a busy machine: axe judges the
    // settled page, so the screen's own h1 comes first.
    await page.getByRole("heading", { level: 1, name: created.name }).waitFor({ timeout: 20_000 });
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const trigger = page.locator("button[data-live]");
    await expect.poll(() => trigger.getAttribute("data-live"), { timeout: 20_000 }).toBe("connected");
    for (const s of sessions) {
      await callApi(product.url, null, "POST", "/dev/notify", {
        userId: profile.id,
        type: "RESULTS_PUBLISHED",
        value: { raceId: RACE, raceName: "Czech Grand Prix", name: s.name, points: s.points, canceled: false },
      });
    }
    await expect.poll(() => page.getByTestId("notifications-badge").textContent(), { timeout: 10_000 }).toBe("7");

    // Keyboard only: the bell, then the weekend's heading.
    await trigger.focus();
    await page.keyboard.press("Enter");
    const heading = page.getByRole("button", { name: /^Results: Czech Grand Prix/ });
    await expect.poll(() => heading.count()).toBe(1);
    expect(await heading.textContent()).toContain("Sessions: 7 · your points: 75");
    expect(await page.getByTestId("notification-group").count()).toBe(1);
    expect(await heading.getAttribute("aria-expanded")).toBe("false");
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `the bell, grouped, at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    await heading.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => heading.getAttribute("aria-expanded")).toBe("true");
    const links = page.getByRole("list", { name: "Results: Czech Grand Prix" }).getByRole("link");
    await expect.poll(() => links.count()).toBe(7);
    const texts = await links.allTextContents();
    expect(new Set(texts).size).toBe(7);
    expect(texts.some((t) => t.includes("Czech Grand Prix, Race: results are in. Your points: 25"))).toBe(true);
    expect(
      texts.some((t) => t.includes("Czech Grand Prix, Most positions gained: results are in. Your points: 15")),
    ).toBe(true);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `the bell, a weekend open, at ${width}px`).toEqual([]);
    }
    await page.keyboard.press("Space");
    await expect.poll(() => heading.getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
