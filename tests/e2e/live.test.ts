// The live channel end to end: a real player in Chromium sees the bell count rise when the server
// publishes, reads and deletes, and the socket comes back on its own after the server restarts.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, restartableProduct, type RestartableProduct } from "./harness";
import { api as callApi } from "./api";

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

const api = <T>(method: string, path: string, token?: string, body?: unknown) =>
  callApi<T>(product.url, token ?? null, method, path, body);

const notify = (userId: string, league: string) =>
  api("POST", "/dev/notify", undefined, {
    userId,
    type: "LEAGUE_INVITATION",
    value: { league: { id: "8b0c6a52-6f4e-4a1b-9a51-3f2a8e2b1c11", name: league }, user: { id: userId, name: "Vale" } },
  });

const bell = (page: Page) => page.locator("button[data-live]");
const badge = (page: Page) => page.getByTestId("notifications-badge");

describe("live notifications in the browser", () => {
  let player: Player & { id: string };
  let page: Page;

  it("the bell count rises when the server publishes", async () => {
    const created = await createPlayer(product.url);
    const profile = await api<{ id: string }>("GET", "/users/profile", created.tokens.accessToken);
    player = { ...created, id: profile.id };
    page = await openSignedIn(browser, product.url, player, "/profile");
    await expect.poll(() => bell(page).getAttribute("data-live"), { timeout: 20_000 }).toBe("connected");
    expect(await badge(page).count()).toBe(0);

    await notify(player.id, "Tifosi");
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toBe("1");
    await notify(player.id, "Paddock Club");
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toBe("2");
  }, 60_000);

  it("opening the dropdown marks them read; delete all empties the list", async () => {
    await bell(page).click();
    const items = page.getByTestId("notification");
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().textContent()).toContain("Vale invited you to join the league Paddock Club");
    await expect.poll(() => badge(page).count()).toBe(0);
    await expect
      .poll(
        async () =>
          (await api<{ isRead: boolean }[]>("GET", "/notifications", player.tokens.accessToken)).map((n) => n.isRead),
        { timeout: 10_000 },
      )
      .toEqual([true, true]);

    await page.getByRole("button", { name: "Delete all" }).click();
    await expect.poll(() => page.getByText("The list is empty...").count()).toBe(1);
    await expect
      .poll(async () => (await api<unknown[]>("GET", "/notifications", player.tokens.accessToken)).length, {
        timeout: 10_000,
      })
      .toBe(0);
    await page.keyboard.press("Escape");
  }, 60_000);

  it("after the server restarts, the client reconnects on its own and gets new notifications live", async () => {
    await product.stop();
    await expect.poll(() => bell(page).getAttribute("data-live"), { timeout: 10_000 }).not.toBe("connected");
    await product.start();
    await expect.poll(() => bell(page).getAttribute("data-live"), { timeout: 30_000 }).toBe("connected");
    await notify(player.id, "After restart");
    await expect.poll(() => badge(page).textContent(), { timeout: 10_000 }).toBe("1");
    await page.context().close();
  }, 90_000);
});
