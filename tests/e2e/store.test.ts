// The Store in a real browser against the real product, with the built-in sandbox payment provider (the default):
// a player buys a pack on /shop, approves it on the sandbox checkout with its 3-D Secure step, comes back to the
// Store and sees the balance rise in the header, live in another tab too; cancels a second order (VOIDED, nothing
// credited); and donates to another player, who sees the diamonds arrive live. The Store and the checkout pass
// axe-core at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAxe } from "./axe";
import type { Browser, Page } from "playwright-core";
import { createPlayer, openSignedIn, type Player } from "./accounts";
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

const api = <T>(player: Player, method: string, path: string) => callApi<T>(product.url, player, method, path);

/** axe-core's violations on the page as it is now (WCAG 2.x A and AA). */
async function axeViolations(page: Page, within?: string): Promise<string[]> {
  await injectAxe(page);
  const result = await page.evaluate(async (selector) => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(selector ? { include: [selector] } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
  }, within ?? null);
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function axeAt(page: Page, what: string, within?: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await axeViolations(page, within), `${what} at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const headerBalance = async (page: Page) => Number(await page.getByTestId("header-balance").first().textContent());

describe("the Store with the sandbox provider", () => {
  let buyer: Player;
  let page: Page;
  let other: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    buyer = await createPlayer(product.url);
    page = await openSignedIn(browser, product.url, buyer, "/shop");
    page.on("pageerror", (e) => errors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
    await other?.context().close();
  });

  it("buys a pack through the sandbox checkout with its 3-D Secure step; the header balance rises, live in another tab", async () => {
    await expect
      .poll(() => page.getByRole("list", { name: "Diamond packs" }).getByRole("listitem").count(), { timeout: 30_000 })
      .toBe(4);
    await expect.poll(() => headerBalance(page)).toBe(100);
    expect(await page.getByText("101 diamonds per $1").count()).toBe(1);
    await axeAt(page, "the Store");
    // The 991 and 575 px layouts: the packs reflow, nothing overflows sideways.
    for (const width of [991, 575]) {
      await page.setViewportSize({ width, height: 900 });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `no sideways scroll at ${width}px`,
      ).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The same player on another screen in a second tab: its header follows the live channel.
    other = await page.context().newPage();
    await other.goto(`${product.url}/predictions`);
    await expect.poll(() => headerBalance(other), { timeout: 30_000 }).toBe(100);

    await page.getByRole("button", { name: "Buy 550 diamonds for $4.99" }).click();
    await page.waitForURL(/\/checkout\/sandbox\?token=SBX-/, { timeout: 30_000 });
    await expect
      .poll(() => page.getByRole("heading", { name: "Sandbox checkout" }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await page.getByText("Test mode: no real money").count()).toBe(1);
    await axeAt(page, "the sandbox checkout");
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await expect
      .poll(() => page.getByRole("heading", { name: "3-D Secure check" }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole("button", { name: "Confirm with my bank" }).click();

    // Back on the Store with the provider's token: the order is captured and credited once.
    await page.waitForURL(/\/shop/, { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId("purchase-outcome").textContent(), { timeout: 30_000 })
      .toContain("550 diamonds were added to your balance.");
    await expect.poll(() => headerBalance(page)).toBe(650);
    await expect.poll(() => headerBalance(other), { timeout: 15_000 }).toBe(650);
    await expect.poll(() => page.getByTestId("orders").getByRole("row").nth(1).textContent()).toContain("Completed");
    await expect
      .poll(() => page.getByTestId("history").getByRole("row").nth(1).textContent())
      .toContain("Diamond pack");
    expect(await page.getByTestId("history").getByRole("row").nth(1).textContent()).toContain("+550");
    await axeAt(page, "the Store after a purchase");
  }, 240_000);

  it("cancels a second order at the checkout: VOIDED, nothing credited", async () => {
    await page.getByRole("button", { name: "Close" }).click();
    await page.getByRole("button", { name: "Buy 100 diamonds for $0.99" }).click();
    await page.waitForURL(/\/checkout\/sandbox\?token=SBX-/, { timeout: 30_000 });
    await page.getByRole("button", { name: "Cancel and return to the Store" }).click();
    await page.waitForURL(/\/shop/, { timeout: 30_000 });
    await expect
      .poll(() => page.getByTestId("purchase-outcome").textContent(), { timeout: 30_000 })
      .toContain("Payment canceled.");
    await expect.poll(() => page.getByTestId("orders").getByRole("row").nth(1).textContent()).toContain("Canceled");
    expect(await headerBalance(page)).toBe(650);
    const orders = await api<{ data: { state: string; diamonds: number }[] }>(buyer, "GET", "/diamonds/transactions");
    expect(orders.data.map((o) => [o.diamonds, o.state])).toEqual([
      [100, "VOIDED"],
      [550, "COMPLETED"],
    ]);
    expect((await api<{ balance: string }>(buyer, "GET", "/diamonds/user/balance")).balance).toBe("650");
  }, 120_000);

  it("donates to another player from their profile, who sees the diamonds arrive live", async () => {
    const friend = await createPlayer(product.url);
    const friendId = (await api<{ id: string }>(friend, "GET", "/users/profile")).id;
    const friendPage = await openSignedIn(browser, product.url, friend, "/predictions");
    try {
      await expect.poll(() => headerBalance(friendPage), { timeout: 30_000 }).toBe(100);
      await page.goto(`${product.url}/profile?userId=${friendId}`);
      await page.getByRole("button", { name: "Donate" }).click();
      const amount = page.getByRole("spinbutton", { name: "Diamonds to give" });
      await amount.fill("25");
      await page.getByRole("button", { name: "Continue" }).click();
      expect(await page.getByText(`Give 25 diamonds to ${friend.name}?`).count()).toBe(1);
      // The Donate panel itself (the profile around it is audited with every route in a11y.test.ts).
      await axeAt(page, "the donation", "[data-testid=donate]");
      await page.getByRole("button", { name: "Give diamonds" }).click();
      await expect
        .poll(() => page.getByTestId("donation-done").textContent(), { timeout: 15_000 })
        .toBe(`You gave 25 diamonds to ${friend.name}.`);
      await expect.poll(() => headerBalance(page)).toBe(625);
      await expect.poll(() => headerBalance(friendPage), { timeout: 15_000 }).toBe(125);
      const notes = await api<{ type: string; value: { amount?: number } }[]>(friend, "GET", "/notifications");
      expect(notes.find((n) => n.type === "DIAMONDS_RECEIVED")?.value.amount).toBe(25);
    } finally {
      await friendPage.context().close();
    }
    expect(errors).toEqual([]);
  }, 120_000);
});
