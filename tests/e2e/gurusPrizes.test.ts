// Issue 15 in a real browser against the real product: a player completes a weekend's predictions and opens
// /prizes with one draw ticket; the operator publishes the draw's commitment (the CLI's code, seed kept in a file),
// the screen shows it; the operator draws, the screen names the winner and the browser verifies the draw itself
// from the revealed seed and the public ticket list; the CLI's verify agrees. /prizes and the Prize modal pass
// axe-core at 1280 and 375 px.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { PredictionCategory } from "../../contract/enums";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { commitDraw, runDraw, verifyPublishedDraw } from "../../scripts/operator/draw";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, startProduct, type Product } from "./harness";

const require = createRequire(import.meta.url);
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

async function api<T>(player: Player | null, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (player) headers.authorization = `Bearer ${player.tokens.accessToken}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(`${product.url}/api${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as { result?: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${json.message ?? ""}`);
  return json.result as T;
}

/** axe-core's violations on the page as it is now (WCAG 2.x A and AA). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core/axe.min.js") });
  const result = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

describe("prizes and the motorcycle draw", () => {
  let player: Player;
  let page: Page;
  const errors: string[] = [];
  const seedFile = join(mkdtempSync(join(tmpdir(), "draw-")), "season.seed");

  beforeAll(async () => {
    player = await createPlayer(product.url);
    const [race] = await api<{ id: string; version: number }[]>(null, "GET", "/races/next?take=1");
    const { riders } = await operator.raceRiders(race!.id);
    const available = riders.filter((r) => r.available);
    const data = PredictionCategory.options.map((category, i) => ({ category, riderId: available[i]!.id }));
    await api(player, "POST", `/predictions/races/${race!.id}`, { data, version: race!.version });
    page = await openSignedIn(browser, product.url, player, "/prizes");
    page.on("pageerror", (e) => errors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await page?.context().close();
  });

  it("shows the player's ticket, the prizes and the draw not yet committed", async () => {
    await expect.poll(() => page.getByTestId("my-tickets").textContent(), { timeout: 15_000 }).toContain("1");
    await page.getByRole("heading", { name: "Factory test motorcycle" }).waitFor();
    expect(await page.getByTestId("draw-status").textContent()).toContain("not published yet");
    expect(await axeViolations(page)).toEqual([]);
  });

  it("opens the Prize modal by keyboard and closes it", async () => {
    const details = page.getByRole("button", { name: "How to win: Factory test motorcycle" });
    await details.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("provably fair").waitFor();
    expect(await dialog.getByRole("listitem").count()).toBe(3);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
  });

  it("shows the operator's commitment, then the drawn winner, and verifies the draw in the browser", async () => {
    const { draw: committed, created } = await commitDraw(operator, { seedFile });
    expect(created).toBe(true);
    await page.reload();
    await page.getByText(committed.commitment!).waitFor({ timeout: 15_000 });

    const drawn = await runDraw(operator, { seedFile });
    expect(drawn.status).toBe("DRAWN");
    await page.reload();
    await expect.poll(() => page.getByTestId("draw-winner").textContent(), { timeout: 15_000 }).toContain(player.name);
    await page.getByText(drawn.seed!).waitFor();
    await page.getByRole("button", { name: "Verify the draw in my browser" }).click();
    await expect.poll(() => page.getByRole("status").filter({ hasText: "Verified" }).count(), { timeout: 15_000 }).toBe(1);
    expect(await verifyPublishedDraw(operator)).toContain("verifies");
    // The winner is told.
    const notices = await api<{ type: string }[]>(player, "GET", "/notifications");
    expect(notices.some((n) => n.type === "PRIZE_WON")).toBe(true);
  });

  it("has no axe violations at 375 px and no horizontal scroll", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId("draw-winner").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
  });
});
