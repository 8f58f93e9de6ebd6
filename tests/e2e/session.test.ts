// Never lose a player: a signed-in tab stays signed in through a server restart, and ten players behind one address
// (a circuit's carrier address) stay signed in through a simulated weekend. Access tokens live 4 s for the restart, so
// every call after that needs a refresh, and the rate limit is the production default of 10 a minute.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, restartableProduct, type RestartableProduct } from "./harness";

const ADMIN_TOKEN = "e2e-session-admin-token-0123456789";
const ACCESS_TTL_SECONDS = 4;

let product: RestartableProduct;
let browser: Browser;

beforeAll(async () => {
  // RATE_LIMIT_MAX=10: the harness's 1000 would hide a refresh limited per address.
  product = await restartableProduct({
    RATE_LIMIT_MAX: "10",
    ACCESS_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
    ADMIN_TOKEN,
  });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.dispose();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const accountMenu = (page: Page, player: Player) =>
  page.getByRole("button", { name: `Account menu for ${player.name}` });
const isRefresh = (url: string) => url.endsWith("/api/auth/refresh");
const playNow = (page: Page) => page.getByRole("button", { name: "Play now" });

/** "in", "out" or "unsure" (neither shown yet): a tab is never both. */
async function session(page: Page, player: Player): Promise<"in" | "out" | "unsure"> {
  const [menu, guest] = await Promise.all([accountMenu(page, player).count(), playNow(page).count()]);
  if (menu > 0 && guest > 0) throw new Error("the tab shows the account menu and Play now at once");
  return menu > 0 ? "in" : guest > 0 ? "out" : "unsure";
}

async function storedRefreshToken(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === "refreshToken")?.value;
}

/** Waits until the tab settles signed in or out, and says which. */
async function settled(page: Page, player: Player, timeout = 30_000): Promise<"in" | "out"> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const state = await session(page, player);
    if (state !== "unsure") return state;
    if (Date.now() > deadline)
      throw new Error(
        `the tab showed neither the account menu nor Play now:\n${(await page.locator("body").innerText()).slice(0, 2000)}`,
      );
    await sleep(200);
  }
}

describe("a server restart keeps every open tab signed in", () => {
  it("a refresh that meets the stopped server keeps the tokens, is retried, and succeeds once the server is back", async () => {
    const player = await createPlayer(product.url);
    const page = await openSignedIn(browser, product.url, player, "/profile");
    expect(await settled(page, player)).toBe("in");

    // The access token runs out; the next call is answered 401 and asks for a refresh. That refresh is held until
    // the server has stopped, so it meets a refused connection, as a tab does whose server restarts.
    await sleep((ACCESS_TTL_SECONDS + 1) * 1000);
    const held = new Promise<Route>((resolve) => void page.route("**/api/auth/refresh", (route) => resolve(route)));
    await page.getByRole("link", { name: "Predictions" }).first().click();
    const route = await Promise.race([held, sleep(20_000).then(() => null)]);
    expect(route, "the call after the access token ran out asked for a refresh").not.toBeNull();
    await product.stop();
    // The server is down: the held refresh meets a refused connection, as the page's next tries do. (Unrouting
    // first would let the held one through.)
    await route!.abort("connectionrefused");
    await page.unroute("**/api/auth/refresh");

    // While the server is down the tab keeps its session and its tokens.
    await sleep(3000);
    expect(await session(page, player)).toBe("in");
    expect(await storedRefreshToken(page)).toBeTruthy();

    const refreshed = page.waitForResponse((r) => r.url().endsWith("/api/auth/refresh") && r.status() === 200, {
      timeout: 90_000,
    });
    await product.start();
    await refreshed;
    expect(await settled(page, player)).toBe("in");

    // Signed in for real, not only on screen: a reload restores the session from the refreshed tokens.
    await page.reload();
    expect(await settled(page, player)).toBe("in");
    await page.context().close();
  }, 240_000);
});

/**
 * The simulated weekend moves the server's clock hours at a time. An access token that lives seconds would run out at
 * such a jump between its refresh and the call it was refreshed for, which no real clock does; so here tokens outlive
 * the weekend, and each tab drops its access token before it reloads: every reload refreshes, from one address.
 */
const WEEKEND_ACCESS_TTL_SECONDS = 14 * 24 * 3600;

describe("ten players on one address stay signed in through a simulated weekend", () => {
  let weekendProduct: RestartableProduct;
  beforeAll(async () => {
    weekendProduct = await restartableProduct({
      RATE_LIMIT_MAX: "10",
      ACCESS_TTL_SECONDS: String(WEEKEND_ACCESS_TTL_SECONDS),
      ADMIN_TOKEN,
    });
  }, 180_000);
  afterAll(async () => {
    await weekendProduct?.dispose();
  });

  it("npm run simulate plays the weekend while ten tabs on 127.0.0.1 refresh every few seconds; nobody is signed out", async () => {
    const players: Player[] = [];
    for (let i = 0; i < 10; i++) players.push(await createPlayer(weekendProduct.url));
    const refreshes: number[] = [];
    const pages: Page[] = [];
    const inFlight = new Map<Page, number>();
    for (const player of players) {
      const page = await openSignedIn(browser, weekendProduct.url, player, "/predictions");
      inFlight.set(page, 0);
      page.on("request", (r) => void (isRefresh(r.url()) && inFlight.set(page, inFlight.get(page)! + 1)));
      const ended = (r: { url(): string }) => void (isRefresh(r.url()) && inFlight.set(page, inFlight.get(page)! - 1));
      page.on("requestfinished", ended);
      page.on("requestfailed", ended);
      page.on("response", (r) => void (isRefresh(r.url()) && refreshes.push(r.status())));
      expect(await settled(page, player, 60_000), player.name).toBe("in");
      pages.push(page);
    }

    let output = "";
    // The operator's own folder for the draw seed it keeps (not the work tree's ./data).
    const operatorDir = mkdtempSync(join(tmpdir(), "pp-e2e-operator-"));
    const simulation = spawn(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/simulate.ts", "--players", "10", "--pause", "1", "--seed", "20261201"],
      {
        env: { ...process.env, API_URL: weekendProduct.url, ADMIN_TOKEN, DATA_DIR: operatorDir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    simulation.stdout.on("data", (d) => (output += String(d)));
    simulation.stderr.on("data", (d) => (output += String(d)));
    const exited = new Promise<number | null>((resolve) => simulation.once("exit", resolve));
    const state = { running: true };
    void exited.then(() => (state.running = false));

    // While the weekend plays, each tab in turn reloads without its access token: its first call (the profile) is
    // answered 401 and refreshes, all from the same address.
    let rounds = 0;
    while (state.running || rounds < 2) {
      for (const [i, page] of pages.entries()) {
        // Between the tab's own refreshes: the dev clock jumps hours from session to session, past the server's 30 s
        // grace for a refresh whose answer a reload lost (tests/server/auth.test.ts covers that grace).
        await expect.poll(() => inFlight.get(page), { timeout: 60_000 }).toBe(0);
        await page.context().clearCookies({ name: "accessToken" });
        await page.reload();
        expect(
          await settled(page, players[i]!),
          `${players[i]!.name} after refreshes answered ${refreshes.join(" ")}\n${output}`,
        ).toBe("in");
      }
      rounds += 1;
      await sleep(ACCESS_TTL_SECONDS * 1000);
    }
    const code = await exited;
    rmSync(operatorDir, { recursive: true, force: true });
    expect(code, output).toBe(0);
    expect(output).toContain("Weekend over");
    expect(refreshes.length, "more refreshes than the limit of 10 a minute per address").toBeGreaterThan(10);
    expect(refreshes.filter((s) => s !== 200)).toEqual([]);
    for (const [i, page] of pages.entries()) {
      expect(await session(page, players[i]!)).toBe("in");
      expect(await storedRefreshToken(page)).toBeTruthy();
      await page.context().close();
    }
  }, 480_000);
});
