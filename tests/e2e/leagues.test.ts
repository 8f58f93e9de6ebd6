// Leagues in a real browser against the real product: two players in two browser contexts.
// A creates a private league and invites B by e-mail; B accepts from the notification bell; A sees B
// arrive without reloading;
// B meets a full league (filled to 100 through the dev-only filling call) and gets the OK-only modal; A cannot leave
// while B is in, removes B, then leaves alone and the league is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const api = <T>(player: Player, method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, player, method, path, body);

/**
 * A public league with `count` accepted members (owner included): the owner and the league through the
 * API, the other seats through the dev-only filling call (99 sign-ups would only test sign-up).
 */
async function fullLeague(count: number): Promise<{ id: string; name: string }> {
  const owner = await createPlayer(product.url);
  const name = `Full${Date.now() % 100000}`;
  const league = await api<{ id: string }>(owner, "POST", "/leagues", { name, type: "PUBLIC" });
  const filled = await api<{ membersCount: number }>(owner, "POST", `/dev/leagues/${league.id}/fill`, {
    count: count - 1,
  });
  expect(filled.membersCount).toBe(count);
  return { id: league.id, name };
}

const dialog = (page: Page) => page.getByRole("dialog");

describe("leagues between two players", () => {
  it("create, invite, accept live, full league, owner cannot leave, remove, leave alone", async () => {
    const a = await createPlayer(product.url);
    const b = await createPlayer(product.url);
    const pageA = await openSignedIn(browser, product.url, a, "/leagues/create");
    const pageB = await openSignedIn(browser, product.url, b, "/leagues");
    const errors: string[] = [];
    for (const page of [pageA, pageB]) page.on("pageerror", (e) => errors.push(e.message));

    // A creates a private league.
    const leagueName = `Garage${Date.now() % 100000}`;
    await pageA.getByLabel("League name").fill(leagueName);
    await pageA.getByText("Private", { exact: true }).click();
    await pageA.getByLabel("Description").fill("Only the late brakers.");
    await pageA.getByRole("button", { name: "Create league" }).last().click();
    await expect
      .poll(() => new URL(pageA.url()).pathname, { timeout: 15_000 })
      .toMatch(/^\/leagues\/(?!create$)[^/]+$/);
    const leagueId = new URL(pageA.url()).pathname.split("/").at(-1)!;
    await expect.poll(() => pageA.getByRole("heading", { level: 1, name: leagueName }).count()).toBe(1);
    // The new league's page opens at its top (it kept the form's scroll, 319 px down).
    expect(await pageA.evaluate(() => window.scrollY)).toBe(0);

    // A invites B by e-mail.
    await pageA.getByRole("button", { name: "Invite players" }).click();
    const invite = pageA.getByRole("dialog", { name: "Invite players" });
    await invite.getByLabel("E-mail addresses").fill(b.email);
    await invite.getByRole("button", { name: "Send invitations" }).click();
    await expect.poll(() => invite.getByText("Invitations sent: 1").count(), { timeout: 15_000 }).toBe(1);
    await pageA.keyboard.press("Escape");

    // B gets the invitation live in the bell, opens it and accepts on the league page it leads to.
    const bell = pageB.getByRole("button", { name: "Notifications, unread: 1" });
    await expect.poll(() => bell.count(), { timeout: 20_000 }).toBe(1);
    await bell.click();
    await pageB.getByRole("link", { name: new RegExp(`invited you to join the league ${leagueName}`) }).click();
    await expect.poll(() => new URL(pageB.url()).pathname).toBe(`/leagues/${leagueId}`);
    const accept = pageB.getByRole("button", { name: `Accept the invitation to ${leagueName}` });
    await expect.poll(() => accept.count(), { timeout: 15_000 }).toBe(1);
    await accept.click();
    await expect
      .poll(() => pageB.getByRole("button", { name: `Leave league: ${leagueName}` }).count(), { timeout: 15_000 })
      .toBe(1);

    // A sees B in the members list without reloading.
    const members = pageA.getByRole("list", { name: "Members" });
    await expect.poll(() => members.getByText(b.name, { exact: true }).count(), { timeout: 20_000 }).toBe(1);

    // B tries a full league: the OK-only modal, and B is not in.
    const full = await fullLeague(100);
    await pageB.goto(`${product.url}/leagues/${full.id}`);
    // The rules refuse the seat, so the button says the league is full instead of Join; pressing it says why.
    expect(await pageB.getByRole("button", { name: `Join ${full.name}` }).count()).toBe(0);
    await pageB.getByRole("button", { name: `League full: ${full.name}` }).click();
    const fullModal = dialog(pageB);
    await expect
      .poll(() =>
        fullModal.getByText("The maximum number of participants in the league has already been reached").count(),
      )
      .toBe(1);
    expect(await fullModal.getByRole("button").allTextContents()).toEqual(["OK"]);
    await fullModal.getByRole("button", { name: "OK" }).click();

    // A cannot leave while B is in.
    await pageA.getByRole("button", { name: `Leave league: ${leagueName}` }).click();
    await expect
      .poll(() => dialog(pageA).getByText("You cannot leave your league while there are other members in it.").count())
      .toBe(1);
    await dialog(pageA).getByRole("button", { name: "OK" }).click();

    // A removes B, with confirmation.
    await pageA.getByRole("button", { name: `Remove ${b.name} from the league` }).click();
    await expect.poll(() => dialog(pageA).getByText(`Remove ${b.name} from the league?`).count()).toBe(1);
    await dialog(pageA).getByRole("button", { name: "Yes, remove" }).click();
    await expect.poll(() => members.getByText(b.name, { exact: true }).count(), { timeout: 15_000 }).toBe(0);

    // A leaves alone: the league is removed.
    await pageA.getByRole("button", { name: `Leave league: ${leagueName}` }).click();
    await dialog(pageA).getByRole("button", { name: "Leave and remove" }).click();
    await expect.poll(() => new URL(pageA.url()).pathname, { timeout: 15_000 }).toBe("/leagues");
    await pageA.goto(`${product.url}/leagues/${leagueId}`);
    await expect.poll(() => pageA.getByText("This league does not exist").count(), { timeout: 15_000 }).toBe(1);

    expect(errors).toEqual([]);
    await pageA.context().close();
    await pageB.context().close();
  }, 600_000);
});

describe("Invite link: a genuine link makes the player a member and opens the league; unless 509, failure shows the Retry modal", () => {
  it("a signed-in player who opens the link on a fresh load lands on the league's page; opening it again says why, without a retry", async () => {
    const owner = await createPlayer(product.url);
    const me = await createPlayer(product.url);
    const name = `Link${Date.now() % 100000}`;
    const league = await api<{ id: string }>(owner, "POST", "/leagues", { name, type: "PUBLIC" });
    const { link } = await api<{ link: string }>(owner, "GET", `/leagues/${league.id}/link`);
    const opened = `/leagues${new URL(link).search}`;

    // Nothing is held back: the link's answer may come before the app's deferred runtime is on screen.
    const page = await openSignedIn(browser, product.url, me, opened);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(`/leagues/${league.id}`);
    await expect.poll(() => page.getByRole("heading", { level: 1, name }).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => page.getByRole("button", { name: `Leave league: ${name}` }).count(), { timeout: 15_000 })
      .toBe(1);

    // Spec: the 509 (already a member) is the failure without a retry modal: the page says why.
    await page.goto(`${product.url}${opened}`);
    await expect
      .poll(() => page.getByText("You are already in this league", { exact: true }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await dialog(page).count()).toBe(0);
    expect(await page.getByRole("button", { name: "Try Again" }).count()).toBe(0);

    // Any other failure (here a link whose signature was altered) shows the Retry modal with the server's message.
    const altered = new URL(link);
    altered.searchParams.set("signature", `${altered.searchParams.get("signature")!.slice(0, -4)}AAAA`);
    await page.goto(`${product.url}/leagues${altered.search}`);
    await expect
      .poll(() => dialog(page).getByRole("button", { name: "Try Again" }).count(), { timeout: 15_000 })
      .toBe(1);
    await expect.poll(() => dialog(page).getByText("This invite link is not valid", { exact: true }).count()).toBe(1);

    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});
