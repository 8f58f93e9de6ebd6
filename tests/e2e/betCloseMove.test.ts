// The bet close follows an operator's session move into an open BetOnRider modal, in a real browser against the
// real product: race control's admin call (the one `npm run admin -- session move` sends) moves the race session
// while the modal is open, and the modal's countdown, its closed state and its reopening follow without a reload.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RaceBets } from "../../contract/bets";
import { isBettable } from "../../contract/betRules";
import { operationsCalls } from "../../contract/calls.operations";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { createPlayer, signInContext } from "./accounts";
import { api } from "./api";
import { launchBrowser, startProduct, type Product } from "./harness";
import { modalCountdown } from "./paths/betPlacement.driver";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
const HOUR = 3_600_000;
const POLL = { timeout: 15_000 };
let product: Product;
let browser: Browser;
let operator: OperatorApi;

beforeAll(async () => {
  product = await startProduct({ ADMIN_TOKEN });
  browser = await launchBrowser();
  operator = operatorApi({ baseUrl: product.url, adminToken: ADMIN_TOKEN });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const moveStart = (raceId: string, startsAt: number) =>
  operator.send(operationsCalls.moveSession, {
    params: { raceId, session: "START" },
    body: { startsAt: new Date(startsAt).toISOString() },
    admin: true,
  });

const expiredAlert = (page: Page) =>
  page.getByRole("dialog").getByRole("alert").filter({ hasText: "The time to make the bet has expired" });
/** Within a minute of `seconds` (the page's clock runs while the live update travels). */
const near = async (page: Page, seconds: number) => Math.abs((await modalCountdown(page)) - seconds) < 60;

describe("An operator moves the race session while the BetOnRider modal is open", () => {
  it("the countdown moves, a close moved before the tab's clock closes the modal, a close moved later opens it again and the bet is placed", async () => {
    const player = await createPlayer(product.url);
    const [race] = await api<{ id: string }[]>(product.url, null, "GET", "/races/next?take=1");
    const raceId = race!.id;
    const view = await api<RaceBets>(product.url, player, "GET", `/v2/bets/circuits/${raceId}?isMobile=false`);
    const closes = Date.parse(view.closesAt!);
    const rider = view.riders.find((r) => isBettable({ available: r.available, odds: r.odds?.WIN ?? null }))!;

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInContext(context, product.url, player);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // The page's clock runs as usual until the test moves it (a tab whose clock is past the old close).
    await page.clock.install();
    await page.goto(`${product.url}/bets`);
    const bet = page.getByRole("button", { name: `Bet Win on #${rider.number} ${rider.name}`, disabled: false });
    await expect.poll(() => bet.count(), { timeout: 30_000 }).toBe(1);
    await bet.first().click();
    const modal = page.getByRole("dialog");
    await expect.poll(() => modal.getByTestId("bet-modal-countdown").count(), POLL).toBe(1);
    const before = await modalCountdown(page);
    expect(before).toBeGreaterThan(0);

    try {
      // An hour later: the open modal's countdown gains the hour.
      await moveStart(raceId, closes + HOUR);
      await expect.poll(() => near(page, before + 3600), POLL).toBe(true);

      // The tab's clock half an hour past the old close (its timers not fired), then the session back to it: the
      // close is now behind the tab's clock, and the modal closes at once.
      await page.clock.setSystemTime(closes + HOUR / 2);
      await expect.poll(() => near(page, 1800), POLL).toBe(true);
      await moveStart(raceId, closes);
      await expect.poll(() => expiredAlert(page).count(), POLL).toBe(1);
      expect(await modal.getByRole("slider").count()).toBe(0);

      // Two hours after the old close: the closed modal opens again for placing, and the server takes the bet.
      await moveStart(raceId, closes + 2 * HOUR);
      await expect.poll(() => expiredAlert(page).count(), POLL).toBe(0);
      const place = modal.getByRole("button", { name: /^Place bet: \d+$/ });
      await expect.poll(() => place.and(page.locator(":enabled")).count(), POLL).toBe(1);
      await expect.poll(() => near(page, 1.5 * 3600), POLL).toBe(true);
      await place.click();
      await expect.poll(() => modal.getByRole("status").filter({ hasText: "Bet is placed!" }).count(), POLL).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await moveStart(raceId, closes);
      await context.close();
    }
  }, 120_000);
});
