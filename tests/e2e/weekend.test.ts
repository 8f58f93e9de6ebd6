// Issue 4's predictions screen in a real browser against the real product: a new player opens the next race,
// predicts all 11 categories (the completion bonus arrives), buys a ×2 upgrade, then the server clock moves
// into the first minutes of FP1 and the player changes that pick at the EARLY price, seeing the balance drop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPlayer, openSignedIn, type Player } from "./accounts";
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

async function api<T>(player: Player | null, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (player) headers.authorization = `Bearer ${player.tokens.accessToken}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${product.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { result?: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${json.message ?? ""}`);
  return json.result as T;
}

type RaceInfo = { id: string; name: string; sessions: { type: string; startsAt: string }[] };
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

describe("a player's race weekend", () => {
  it("predicts all 11, buys an upgrade and changes a pick in the EARLY tier of FP1", async () => {
    const player = await createPlayer(product.url);
    const [race] = await api<RaceInfo[]>(null, "GET", "/races/next?take=1");
    expect(race).toBeDefined();
    const page = await openSignedIn(browser, product.url, player, "/predictions");
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // The screen opens on the next race, with its sessions in the player's zone.
    await expect.poll(() => page.getByRole("heading", { level: 2, name: race!.name }).count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole("combobox", { name: "Race", exact: true }).inputValue()).toBe(race!.id);
    await expect.poll(() => page.getByText(/Times in your time zone/).count()).toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(100);

    // All 11 picks, then one save.
    for (const [i, category] of categories.entries()) {
      await page.getByRole("button", { name: `Choose a rider for ${category}` }).click();
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
    await page.getByRole("button", { name: "Buy ×2 for Race winner, 30 diamonds" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Buy for 30 diamonds" }).click();
    await expect.poll(() => page.getByRole("dialog").getByText("×2 is active for Race winner").count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    expect(await page.getByRole("button", { name: "×2 active for Race winner" }).count()).toBe(1);
    await expect.poll(() => balanceOf(page)).toBe(90);

    // The server clock moves 2 minutes into FP1: FP1's pick is locked for saving but changeable at the EARLY price.
    const fp1Before = (await api<{ data: Pick[] }>(player, "GET", `/predictions/races/${race!.id}`)).data.find((p) => p.category === "FP1")!;
    const fp1 = race!.sessions.find((s) => s.type === "FP1")!;
    await api(null, "POST", "/dev/clock", { now: new Date(Date.parse(fp1.startsAt) + 2 * 60_000).toISOString() });
    await page.reload();
    await page.getByRole("button", { name: "Change Fastest in FP1 for 25 diamonds" }).click({ timeout: 20_000 });
    await chooseRider(page);
    const confirm = page.getByRole("dialog");
    await expect.poll(() => confirm.getByText("First minutes of the session:").count()).toBe(1);
    await confirm.getByRole("button", { name: "Change for 25 diamonds" }).click();
    await expect.poll(() => confirm.getByText("Prediction changed").count(), { timeout: 15_000 }).toBe(1);
    await confirm.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => balanceOf(page)).toBe(65);

    // The server agrees: another FP1 rider, 65 diamonds left; a pick of a session still ahead costs the BEFORE price.
    // Days later on the server's clock the old access token has expired: sign in again for the check.
    const tokens = await api<Player["tokens"]>(null, "POST", "/auth/sign-in", { login: player.email, password: player.password });
    const after = await api<{ data: Pick[]; balance: string }>({ ...player, tokens }, "GET", `/predictions/races/${race!.id}`);
    expect(after.data.find((p) => p.category === "FP1")!.riderId).not.toBe(fp1Before.riderId);
    expect(after.balance).toBe("65");
    expect(await page.getByRole("button", { name: "Change Pole position for 10 diamonds" }).count()).toBe(1);
    expect(errors).toEqual([]);

    await api(null, "POST", "/dev/clock", { reset: true });
    await page.context().close();
  }, 180_000);
});
