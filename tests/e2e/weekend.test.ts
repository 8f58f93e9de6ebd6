// A race weekend in a real browser against the real product: a new player opens the next race,
// predicts all 11 categories (the completion bonus arrives), buys a ×2 upgrade, then the server clock moves
// into the first minutes of FP1 and the player changes that pick at the EARLY price, seeing the balance drop.
// Then the weekend is played: FP1's classification entered by an operator (the player's rider wins it), the
// rest by the simulator on the server's clock; the leaderboard, the header's points and the Results screen
// follow, live.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { simulateWeekend } from "../../scripts/operator/simulator";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { axeViolations, settle } from "./axe";
import { launchBrowser, startProduct, type Product } from "./harness";
import { api as callApi } from "./api";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
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

type RaceInfo = { id: string; name: string; sessions: { type: string; startsAt: string; endsAt: string }[] };
type Pick = { category: string; riderId: string; upgrades: string[] };

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

const balanceOf = async (page: Page) => Number(await page.getByTestId("balance").textContent());

/** Clicks the first rider the open chooser offers that is not the current one (taken podium riders are disabled). */
async function chooseRider(page: Page, skip = 0) {
  const riders = page.getByRole("dialog").getByRole("list").getByRole("button");
  await expect.poll(() => riders.count()).toBeGreaterThan(3);
  let offered = 0;
  for (let i = 0; i < (await riders.count()); i++) {
    const rider = riders.nth(i);
    if (!(await rider.isEnabled()) || (await rider.getAttribute("aria-pressed")) === "true") continue;
    if (offered++ < skip) continue;
    await rider.click();
    return;
  }
  throw new Error("no rider to choose");
}

const earnedPoints = async (page: Page) =>
  Number(
    await page.locator("header").getByText("Earned points").first().locator("xpath=..").locator("strong").textContent(),
  );

/** The player's row of the board on screen (highlighted in place, or pinned). */
const myRow = (page: Page, player: Player) =>
  page.getByRole("table").getByRole("row").filter({ hasText: player.name }).first();
const pointsOfRow = async (page: Page, player: Player) =>
  Number(await myRow(page, player).locator("td").nth(1).textContent());

describe("a player's race weekend", () => {
  let player: Player;
  let race: RaceInfo;
  let page: Page;
  const errors: string[] = [];
  /** The player's tokens for API checks: re-issued after the clock jumps past the old ones' expiry. */
  const signIn = async () => ({
    ...player,
    tokens: await api<Player["tokens"]>(null, "POST", "/auth/sign-in", {
      login: player.email,
      password: player.password,
    }),
  });

  beforeAll(async () => {
    player = await createPlayer(product.url);
    [race] = (await api<RaceInfo[]>(null, "GET", "/races/next?take=1")) as [RaceInfo];
    expect(race).toBeDefined();
    // Ten demo players predict the whole weekend too, so the boards have a field to rank the player in.
    const demo = await operator.addDemoPlayers(race.id, 10);
    expect(demo.players).toHaveLength(10);
    page = await openSignedIn(browser, product.url, player, "/predictions");
    page.on("pageerror", (e) => errors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await api(null, "POST", "/dev/clock", { reset: true }).catch(() => undefined);
    await page?.context().close();
  });

  it("predicts all 11, buys an upgrade and changes a pick in the EARLY tier of FP1", async () => {
    // The screen opens on the next race, with its sessions in the player's zone.
    await expect
      .poll(() => page.getByRole("heading", { level: 2, name: race.name }).count(), { timeout: 20_000 })
      .toBe(1);
    expect(await page.getByRole("combobox", { name: "Race", exact: true }).inputValue()).toBe(race.id);
    await expect.poll(() => page.getByText(/Times in your time zone/).count()).toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(100);

    // All 11 picks, then one save.
    for (const [i, category] of categories.entries()) {
      await page.getByRole("button", { name: `Choose rider (${category})` }).click();
      await chooseRider(page, i % 3);
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    }
    await expect.poll(() => page.getByText("Choices not saved yet: 11").count()).toBe(1);
    await page.getByRole("button", { name: "Save predictions" }).click();
    await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    expect(await page.getByText("Predictions made: 11 of 11").count()).toBe(1);
    // The completion bonus: 100 + 20.
    await expect.poll(() => balanceOf(page), { timeout: 15_000 }).toBe(120);

    // A ×2 on the race winner: confirm in the Upgrade modal, then it is active.
    await page.getByRole("button", { name: "×2 · 30 (Race winner)" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Buy for 30 diamonds" }).click();
    await expect
      .poll(() => page.getByRole("dialog").getByText("×2 is active for Race winner").count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await page.getByRole("button", { name: "×2 active (Race winner)" }).count()).toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(90);

    // The server clock moves 2 minutes into FP1: FP1's pick is locked for saving but changeable at the EARLY price.
    const fp1Before = (await api<{ data: Pick[] }>(player, "GET", `/predictions/races/${race.id}`)).data.find(
      (p) => p.category === "FP1",
    )!;
    const fp1 = race.sessions.find((s) => s.type === "FP1")!;
    await api(null, "POST", "/dev/clock", { now: new Date(Date.parse(fp1.startsAt) + 2 * 60_000).toISOString() });
    await page.reload();
    await page.getByRole("button", { name: "Change · 25 (Fastest in FP1)" }).click({ timeout: 20_000 });
    await chooseRider(page);
    const confirm = page.getByRole("dialog");
    await expect.poll(() => confirm.getByText("First minutes of the session:").count()).toBe(1);
    await confirm.getByRole("button", { name: "Change for 25 diamonds" }).click();
    await expect.poll(() => confirm.getByText("Prediction changed").count(), { timeout: 15_000 }).toBe(1);
    await confirm.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => balanceOf(page)).toBe(65);

    // The server agrees: another FP1 rider, 65 diamonds left; a pick of a session still ahead costs the BEFORE price.
    // Days later on the server's clock the old access token has expired: sign in again for the check.
    const after = await api<{ data: Pick[]; balance: string }>(await signIn(), "GET", `/predictions/races/${race.id}`);
    expect(after.data.find((p) => p.category === "FP1")!.riderId).not.toBe(fp1Before.riderId);
    expect(after.balance).toBe("65");
    expect(await page.getByRole("button", { name: "Change · 10 (Pole position)" }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 180_000);

  it("FP1's result puts the player on the leaderboard and in the header's points, live", async () => {
    await page.getByRole("link", { name: "Leaderboards" }).first().click();
    await expect.poll(() => page.getByText(/No points scored this season yet/).count(), { timeout: 20_000 }).toBe(1);
    expect(await earnedPoints(page)).toBe(0);

    // The operator enters FP1 once it is over, the player's (changed) rider fastest: 5 points, no reload.
    const mine = (await api<{ data: Pick[] }>(await signIn(), "GET", `/predictions/races/${race.id}`)).data.find(
      (p) => p.category === "FP1",
    )!;
    const fp1 = race.sessions.find((s) => s.type === "FP1")!;
    await operator.setClock(new Date(Date.parse(fp1.endsAt) + 1000));
    const others = (await operator.raceRiders(race.id)).riders
      .filter((r) => r.available && r.id !== mine.riderId)
      .map((r) => r.id);
    const report = await operator.enterResult(race.id, { session: "FP1", riderIds: [mine.riderId, ...others] });
    expect(report.players).toBe(11);

    await expect.poll(() => myRow(page, player).count(), { timeout: 20_000 }).toBe(1);
    expect(await pointsOfRow(page, player)).toBe(5);
    await expect.poll(() => earnedPoints(page), { timeout: 15_000 }).toBe(5);
    // Everyone who predicted is ranked: the player and the ten demo players.
    expect(await page.getByRole("table").locator("tbody tr").count()).toBe(11);
    expect(errors).toEqual([]);
  }, 120_000);

  it("the simulator plays the rest of the weekend; the board, the header and Results follow", async () => {
    const played = await simulateWeekend(operator, { race: race.id, players: 0, seed: 20261124 });
    expect(played.skipped).toEqual(["FP1"]);
    expect(played.results.map((r) => r.session)).toEqual(["PF", "FP2", "Q2", "SPRINT", "START", "POSITION_GAINED"]);

    const me = await signIn();
    const scored = await api<{
      data: (Pick & { state: string; points: number | null })[];
      total: number;
      settled: boolean;
    }>(me, "GET", `/predictions/races/${race.id}/results`);
    expect(scored.settled).toBe(true);
    expect(scored.data.every((p) => p.state !== "MADE")).toBe(true);
    const board = await api<{ me: { rank: number; points: number } | null }>(me, "GET", "/leaderboards/season");
    expect(board.me?.points).toBe(scored.total);

    // The open board took every entry in as it came: the player's row now carries the whole weekend.
    const rankAndPoints = async () => [
      Number(await myRow(page, player).locator("td").first().textContent()),
      await pointsOfRow(page, player),
    ];
    await expect.poll(rankAndPoints, { timeout: 20_000 }).toEqual([board.me!.rank, scored.total]);
    await expect.poll(() => earnedPoints(page), { timeout: 15_000 }).toBe(scored.total);

    // Results opens on this weekend: every result is in, the total matches, FP1 counts among the successful answers.
    await page.getByRole("link", { name: "Results" }).first().click();
    await expect.poll(() => page.getByText("All results are in.").count(), { timeout: 20_000 }).toBe(1);
    expect(Number(await page.getByTestId("weekend-total").textContent())).toBe(scored.total);
    const fp1Card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Fastest in FP1" }) });
    expect(await fp1Card.getByText("Accurate", { exact: true }).count()).toBe(1);
    expect(await fp1Card.getByText("+5 pts").count()).toBe(1);
    // The official tops mark the player's own riders ("Yours"): Results as a player who scored, axe at both widths.
    const viewport = page.viewportSize()!;
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await settle(page);
      expect(await axeViolations(page), `/results at ${width} px`).toEqual([]);
      // Every tab in view: the tab list does not scroll sideways (a tab cut at its edge gave no sign there was more).
      expect(
        await page.getByRole("tablist").evaluate((list) => list.scrollWidth - list.clientWidth),
        `/results tabs at ${width} px`,
      ).toBeLessThanOrEqual(0);
    }
    await page.setViewportSize(viewport);
    await page.getByRole("tab", { name: "All answered" }).click();
    await expect.poll(() => page.getByRole("heading", { level: 3 }).count()).toBe(11);
    const winnerCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Race winner" }) });
    // The upgrade's badge, and the rule it added to the points ("×2 multiplier: 30 pts").
    expect(await winnerCard.getByText("×2 multiplier", { exact: true }).count()).toBe(1);
    expect(await winnerCard.getByText(/^×2 multiplier: \d+(\.\d+)? pts$/).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 180_000);
});
