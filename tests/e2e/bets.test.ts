// Bets in a real browser against the real product: a player opens /bets on the next race, places a WIN bet and
// an ACROSS bet in the BetOnRider modal (the slider by keyboard, the split shown live), sees 'Bet is placed!' and the
// balance fall; then the simulator plays the weekend (demo players bet too) and the race's result settles the bets:
// the payout arrives live in the header, where the Bets screen shows the balance, and in AllUserBets. The Bets screen and its modal
// pass axe-core at 1280 and 375 px.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { animationsDone, injectAxe } from "./axe";
import type { Browser, Page } from "playwright-core";
import type { RaceBets } from "../../contract/bets";
import { oddsOf, settleLegs } from "../../contract/betRules";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { simulateWeekend } from "../../scripts/operator/simulator";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, startProduct, type Product } from "./harness";
import { api as callApi } from "./api";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
/** The results' seed: with the odds below, the favourite finishes on the podium (the run is repeatable). */
const SEED = 20_261_414;
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

const api = <T>(player: Player | null, method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, player, method, path, body);

/** axe-core's violations on the page once its animations are over (WCAG 2.x A and AA). */
async function axeViolations(page: Page): Promise<string[]> {
  // A modal judged while it still fades in reads its text at part opacity: a contrast failure that is not there.
  await animationsDone(page);
  await injectAxe(page);
  const result = await page.evaluate(async () => {
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
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const balanceOf = async (page: Page) => Number(await page.getByTestId("balance").textContent());
type Rider = { id: string; number: number; name: string };
const headerBalanceOf = async (page: Page) => Number(await page.getByTestId("header-balance").textContent());

describe("The slider stops at the balance; below the minimum stake the modal says so and offers the Store", () => {
  it("at 40 diamonds the slider ends at 40 ('40 → 0'); at 10 it names the minimum of 30 and links to the Store, nothing to place", async () => {
    const player = await createPlayer(product.url);
    const [race] = (await api<{ id: string }[]>(null, "GET", "/races/next?take=1")) as [{ id: string }];
    const [rider, other, third] = (await operator.raceRiders(race.id)).riders
      .filter((r) => r.available)
      .slice(0, 3) as Rider[] as [Rider, Rider, Rider];
    await api(player, "POST", `/bets/circuits/${race.id}`, { riderId: other.id, type: "WIN", amount: 60 });
    const page = await openSignedIn(browser, product.url, player, "/bets");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(40);

    const modal = page.getByRole("dialog");
    await page.getByRole("button", { name: new RegExp(`^Bet Win on #${rider.number} ${rider.name} at odds`) }).click();
    const slider = modal.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("End");
    await expect.poll(() => slider.getAttribute("aria-valuenow")).toBe("40");
    expect(await slider.getAttribute("aria-valuemax")).toBe("40");
    // Past the end: the stake stays at the balance, the preview at 0.
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("PageUp");
    expect(await slider.getAttribute("aria-valuenow")).toBe("40");
    expect(await modal.getByText("Balance: 40 → 0 diamonds after this bet").count()).toBe(1);
    expect(await modal.textContent()).not.toMatch(/→ [−-]/);
    expect(await modal.getByRole("button", { name: "Place bet: 40" }).isEnabled()).toBe(true);
    expect(await axeViolations(page), "BetOnRider at 40 diamonds").toEqual([]);
    await modal.getByRole("button", { name: "Cancel" }).click();

    // Another 30 spent elsewhere: 10 left, under the minimum stake.
    await api(player, "POST", `/bets/circuits/${race.id}`, { riderId: third.id, type: "WIN", amount: 30 });
    await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(10);
    await page.getByRole("button", { name: new RegExp(`^Bet Win on #${rider.number} ${rider.name} at odds`) }).click();
    const notice = modal.getByTestId("insufficient");
    await expect.poll(() => notice.textContent()).toContain("You have 10 diamonds: the minimum stake is 30");
    expect(await modal.getByText(/lower the stake/).count()).toBe(0);
    expect(await modal.getByRole("button", { name: "Place bet: 30" }).isDisabled()).toBe(true);
    expect(await modal.getByRole("slider").getAttribute("data-disabled")).not.toBeNull();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `BetOnRider under the minimum at ${width}px`).toEqual([]);
    }
    await modal.getByRole("button", { name: "Cancel" }).click();
    // Opened on the rider (no type chosen yet): the same, instead of the type's choice.
    await page.getByRole("button", { name: `Bet on #${rider.number} ${rider.name}`, exact: true }).click();
    await expect.poll(() => notice.textContent()).toContain("You have 10 diamonds: the minimum stake is 30");
    expect(await modal.getByText("Choose how you want to bet on this rider.").count()).toBe(0);
    expect(await axeViolations(page), "BetOnRider on the rider under the minimum").toEqual([]);
    await notice.getByRole("link", { name: "Get diamonds in the Store" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/shop");
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 120_000);
});

describe("a player's bets on a race weekend", () => {
  let player: Player;
  let race: { id: string; name: string };
  let favourite: { id: string; number: number; name: string };
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    player = await createPlayer(product.url);
    [race] = (await api<{ id: string; name: string }[]>(null, "GET", "/races/next?take=1")) as [
      { id: string; name: string },
    ];
    const { riders } = await operator.raceRiders(race.id);
    const available = riders.filter((r) => r.available);
    favourite = available[0]!;
    // The operator prices the race: a clear favourite at 1.50, the field at 40.
    await operator.setOdds(race.id, {
      odds: available.map((r) => ({ riderId: r.id, odds: r.id === favourite.id ? 1.5 : 40 })),
    });
    page = await openSignedIn(browser, product.url, player, "/bets");
    page.on("pageerror", (e) => errors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await api(null, "POST", "/dev/clock", { reset: true }).catch(() => undefined);
    await page?.context().close();
  });

  it("places a WIN bet and an ACROSS bet: 'Bet is placed!' and the balance falls; axe-clean at 1280 and 375", async () => {
    await expect
      .poll(() => page.getByRole("heading", { level: 2, name: race.name }).count(), { timeout: 30_000 })
      .toBe(1);
    expect(await page.getByRole("combobox", { name: "Race", exact: true }).inputValue()).toBe(race.id);
    await expect.poll(() => balanceOf(page)).toBe(100);
    await expect.poll(() => page.getByTestId("bets-countdown").count()).toBe(1);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `bets at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // WIN at 1.50: the slider by keyboard to 40, the potential payout follows.
    await page.getByRole("button", { name: `Bet Win on #${favourite.number} ${favourite.name} at odds 1.50` }).click();
    const modal = page.getByRole("dialog");
    const slider = modal.getByRole("slider");
    await slider.focus();
    await page.keyboard.press("PageUp");
    await expect.poll(() => slider.getAttribute("aria-valuenow")).toBe("40");
    expect(await modal.getByTestId("potential-payout").textContent()).toContain("up to 60");
    expect(await axeViolations(page), "BetOnRider").toEqual([]);
    await modal.getByRole("button", { name: "Place bet: 40" }).click();
    await expect.poll(() => modal.getByText("Bet is placed!").count(), { timeout: 15_000 }).toBe(1);
    await modal.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => balanceOf(page)).toBe(60);
    await expect.poll(() => headerBalanceOf(page)).toBe(60);

    // ACROSS: 33 splits into 11 on each of WIN, PLACE and SHOW.
    await page.getByRole("button", { name: `Bet across the grid on #${favourite.number} ${favourite.name}` }).click();
    await modal.getByRole("slider").focus();
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => modal.getByTestId("across-split").getByRole("listitem").allTextContents())
      .toEqual(["11 on Win at 1.50: pays 16", "11 on Place at 1.25: pays 13", "11 on Show at 1.10: pays 12"]);
    await modal.getByRole("button", { name: "Place bet: 33" }).click();
    await expect.poll(() => modal.getByText("Bet is placed!").count(), { timeout: 15_000 }).toBe(1);
    await modal.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => balanceOf(page)).toBe(27);
    await expect.poll(() => headerBalanceOf(page)).toBe(27);
    expect(await page.getByRole("button", { name: "My bets: 2" }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 180_000);

  it("the simulator plays the weekend: the race's result pays the bets, live on the screen and in AllUserBets", async () => {
    const played = await simulateWeekend(operator, { race: race.id, players: 5, seed: SEED });
    expect(played.bets).toBeGreaterThan(0);
    const start = played.results.find((r) => r.session === "START")!;
    expect(start.bets).toBeGreaterThan(2);

    // What the rules say the player's two bets pay on this classification.
    const me = {
      ...player,
      tokens: await api<Player["tokens"]>(null, "POST", "/auth/sign-in", {
        login: player.email,
        password: player.password,
      }),
    };
    const view = await api<RaceBets>(me, "GET", `/v2/bets/circuits/${race.id}?isMobile=false`);
    const o = oddsOf(1.5);
    const legs = [
      { id: "win", riderId: favourite.id, type: "WIN" as const, stake: 40, odds: o.WIN },
      ...(["WIN", "PLACE", "SHOW"] as const).map((type) => ({
        id: type,
        riderId: favourite.id,
        type,
        stake: 11,
        odds: o[type],
      })),
    ];
    const payout = settleLegs(legs, { canceled: false, top: start.riderIds }).reduce((s, l) => s + (l.payout ?? 0), 0);
    expect(
      payout,
      `the favourite finished ${start.riderIds.indexOf(favourite.id) + 1}th with seed ${SEED}`,
    ).toBeGreaterThan(0);
    expect(view.bets.reduce((s, b) => s + (b.payout ?? 0), 0)).toBe(payout);
    expect(view.balance).toBe(String(27 + payout));

    // The open screen took the payout in without a reload: the balance, the race result and each bet's outcome.
    await expect.poll(() => balanceOf(page), { timeout: 30_000 }).toBe(27 + payout);
    await expect.poll(() => headerBalanceOf(page), { timeout: 30_000 }).toBe(27 + payout);
    await expect.poll(() => page.getByRole("region", { name: "Race result" }).count(), { timeout: 20_000 }).toBe(1);
    await page.getByRole("button", { name: "My bets: 2" }).click();
    const all = page.getByTestId("all-user-bets");
    await expect.poll(() => all.getByTestId("bet-item").count()).toBe(2);
    const statuses = await all
      .getByTestId("bet-item")
      .evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.status));
    expect(statuses.every((s) => s === "WON" || s === "LOST")).toBe(true);
    const paid = (await all.getByTestId("bet-payout").allTextContents()).map((t) => Number(t.replace(/\D/g, "")));
    expect(paid.reduce((s, n) => s + n, 0)).toBe(payout);
    expect(await axeViolations(page), "AllUserBets").toEqual([]);
    expect(errors).toEqual([]);
  }, 300_000);
});
