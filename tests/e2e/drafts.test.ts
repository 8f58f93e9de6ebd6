// Never losing a player's choices on the Predictions screen, in a real browser against the real product: choices not
// saved yet survive a trip to another screen, and a session that starts before they are saved (on this tab's clock,
// or only on the server's) closes its own categories and nothing else.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { api as callApi } from "./api";
import { chooseAnotherRider } from "./chooser";
import { launchBrowser, startProduct, type Product } from "./harness";

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await callApi(product.url, null, "POST", "/dev/clock", { reset: true }).catch(() => undefined);
  await browser?.close();
  await product?.stop();
});

type RaceInfo = { id: string; name: string; sessions: { type: string; startsAt: string; endsAt: string }[] };

const categories = [
  "Fastest in FP1",
  "Practice fastest",
  "Fastest in FP2",
  "Pole position",
  "Sprint winner",
  "Sprint 2nd place",
  "Sprint 3rd place",
  "Race winner",
  "Race 2nd place",
  "Race 3rd place",
  "Most positions gained",
];

const setClock = (body: { now: string } | { reset: true }) => callApi(product.url, null, "POST", "/dev/clock", body);
const nextRace = async () =>
  ((await callApi<RaceInfo[]>(product.url, null, "GET", "/races/next?take=1")) as [RaceInfo])[0];
const startOf = (race: RaceInfo, type: string) => Date.parse(race.sessions.find((s) => s.type === type)!.startsAt);

/** Opens Predictions for a new player and waits for the weekend's cards. */
async function openWeekend(race: RaceInfo): Promise<{ page: Page; player: Player }> {
  const player = await createPlayer(product.url);
  const page = await openSignedIn(browser, product.url, player, "/predictions");
  await expect
    .poll(() => page.getByRole("heading", { level: 2, name: race.name }).count(), { timeout: 20_000 })
    .toBe(1);
  await expect.poll(() => page.getByText(/^Predictions made:/).count(), { timeout: 20_000 }).toBe(1);
  return { page, player };
}

async function choose(page: Page, category: string) {
  await page.getByRole("button", { name: `Choose rider (${category})` }).click();
  await chooseAnotherRider(page);
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
}

const card = (page: Page, category: string) => page.getByRole("listitem", { name: category });
const unsaved = (page: Page, n: number) => page.getByText(`Choices not saved yet: ${n}`, { exact: true });
const expired = "The time to make the prediction has expired";

describe("choices not saved yet are kept while the app is open", () => {
  it("11 choices, the menu, Bets, back: still 11 of 11 to save, and they save", async () => {
    const race = await nextRace();
    const { page } = await openWeekend(race);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const category of categories) await choose(page, category);
    await expect.poll(() => unsaved(page, 11).count()).toBe(1);

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Bets", exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/bets$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Predictions", exact: true }).click();

    await expect.poll(() => unsaved(page, 11).count(), { timeout: 20_000 }).toBe(1);
    expect(await card(page, "Race winner").getByText("Not saved").count()).toBe(1);
    await page.getByRole("button", { name: "Save predictions" }).click();
    await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText("Predictions made: 11 of 11").count()).toBe(1);
    await page.context().close();
  }, 180_000);
});

describe("a session that starts before its choice is saved closes only its own categories", () => {
  it("FP1 starting while its choice waits: the save bar drops it, Practice Fastest stays open and saves", async () => {
    const race = await nextRace();
    // Half a minute before FP1 on the server's clock; the page aligns its clock to the server's when it loads.
    await setClock({ now: new Date(startOf(race, "FP1") - 30_000).toISOString() });
    try {
      const { page } = await openWeekend(race);
      await choose(page, "Fastest in FP1");
      await choose(page, "Practice fastest");
      await expect.poll(() => unsaved(page, 2).count()).toBe(1);

      await expect.poll(() => unsaved(page, 1).count(), { timeout: 60_000, interval: 500 }).toBe(1);
      await expect.poll(() => card(page, "Fastest in FP1").getByText(expired).count()).toBe(1);
      expect(
        await card(page, "Practice fastest").getByRole("button", { name: "Choose another (Practice fastest)" }).count(),
      ).toBe(1);
      expect(
        await card(page, "Fastest in FP2").getByRole("button", { name: "Choose rider (Fastest in FP2)" }).count(),
      ).toBe(1);

      await page.getByRole("button", { name: "Save predictions" }).click();
      await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByText("Predictions made: 1 of 11").count()).toBe(1);
      await page.context().close();
    } finally {
      await setClock({ reset: true });
    }
  }, 180_000);

  it("a 418 from the server's clock being ahead: the message names FP1, only FP1 closes, the rest saves", async () => {
    const race = await nextRace();
    const { page } = await openWeekend(race);
    await choose(page, "Fastest in FP1");
    await choose(page, "Practice fastest");
    await choose(page, "Pole position");
    await expect.poll(() => unsaved(page, 3).count()).toBe(1);

    // The server's clock moves a minute into FP1; the page still believes FP1 is open.
    await setClock({ now: new Date(startOf(race, "FP1") + 60_000).toISOString() });
    try {
      await page.getByRole("button", { name: "Save predictions" }).click();
      await expect
        .poll(
          () =>
            page
              .getByText("Already started: FP1. What you chose there was not saved; your other choices are kept.")
              .count(),
          { timeout: 20_000 },
        )
        .toBe(1);
      // The app's race-started modal (spec section 8) goes with Escape.
      await expect.poll(() => page.getByRole("dialog").getByText("Race has already started").count()).toBe(1);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

      await expect.poll(() => unsaved(page, 2).count()).toBe(1);
      await expect.poll(() => card(page, "Fastest in FP1").getByText(expired).count()).toBe(1);
      expect(
        await card(page, "Practice fastest").getByRole("button", { name: "Choose another (Practice fastest)" }).count(),
      ).toBe(1);
      expect(await card(page, "Pole position").getByText("Not saved").count()).toBe(1);
      expect(
        await card(page, "Fastest in FP2").getByRole("button", { name: "Choose rider (Fastest in FP2)" }).count(),
      ).toBe(1);
      expect(await page.getByText(expired).count()).toBe(1);

      await page.getByRole("button", { name: "Save predictions" }).click();
      await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
      expect(await page.getByText("Predictions made: 2 of 11").count()).toBe(1);
      await page.context().close();
    } finally {
      await setClock({ reset: true });
    }
  }, 180_000);
});
