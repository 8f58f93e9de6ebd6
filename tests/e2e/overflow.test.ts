// At 375 px, in the languages whose words run longest (German), that write without spaces (Japanese, Thai): no text
// is cut or runs past its box on the main screens and the modals a player opens there; Japanese breaks between
// phrases; a long answer is a message under a heading, not the heading. Japanese is also audited by axe in
// a11y.test.ts, with the same overflow check on every route.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { createPlayer, signInContext, type Player } from "./accounts";
import { api as callApi } from "./api";
import { settle } from "./axe";
import { launchBrowser, startProduct, type Product } from "./harness";
import { overflowingElements } from "./overflow";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
let product: Product;
let browser: Browser;
let player: Player;
let leagueId: string;

beforeAll(async () => {
  product = await startProduct({ ADMIN_TOKEN });
  browser = await launchBrowser();
  player = await createPlayer(product.url);
  leagueId = (
    await callApi<{ id: string }>(product.url, player, "POST", "/leagues", {
      name: `Wide${Date.now() % 100000}`,
      type: "PUBLIC",
    })
  ).id;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** A 375 px page signed in as the player, in `language` (the picker's stored choice). */
async function phone(language: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  await signInContext(context, product.url, player);
  await context.addInitScript((lng) => localStorage.setItem("lng", lng), language);
  return context.newPage();
}

const dialog = (page: Page) => page.getByRole("dialog").last();

async function openDialog(page: Page, open: () => Promise<unknown>) {
  await open();
  await expect.poll(() => page.getByRole("dialog").count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await settle(page);
}

const accountMenu = (page: Page) => page.getByRole("button", { name: new RegExp(player.name) }).first();

/** The lines a box's text is set in, as the browser broke it. */
function lines(page: Page, selector: string) {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const out: { top: number; text: string }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          const last = out.at(-1);
          if (last && Math.abs(last.top - top) < 4) last.text += text[i];
          else out.push({ top, text: text[i]! });
        }
      }
      return out.map((l) => l.text.trim()).filter(Boolean);
    });
}

const SCREENS = [
  "/",
  "/predictions",
  "/bets",
  "/leagues",
  "/leagues/all-leagues",
  "/leaderboards",
  "/riders-and-teams",
  "/results",
  "/profile",
  "/edit-profile",
  "/shop",
  "/prizes",
  "/bonus-questions",
  "/faq",
];

describe("375 px: no text is cut or runs past its box", () => {
  for (const language of ["ja", "de", "th"]) {
    it(`in ${language}: the main screens, the sign-out confirmation, a bet's modal and the rider chooser`, async () => {
      const page = await phone(language);
      const found = new Map<string, string[]>();
      const check = async (where: string) => {
        const over = await overflowingElements(page);
        if (over.length) found.set(where, over);
      };
      for (const route of [...SCREENS, `/leagues/${leagueId}`]) {
        await page.goto(`${product.url}${route}`);
        await settle(page);
        await check(route);
        if (route === "/predictions" || route === "/bets") {
          // Every time opened: the circuit's clock and UTC wrap under the time, inside the box it sits in.
          const times = await page.locator("[data-local-time]").all();
          // The weekend's sessions are always shown; the bets' close only while bets are open.
          if (route === "/predictions") expect(times.length, "the weekend's session times").toBeGreaterThan(0);
          for (const time of times) await time.click();
          await expect.poll(() => page.locator("[data-local-time][aria-expanded=true]").count()).toBe(times.length);
          await check(`${route}, its times opened`);
        }
      }
      await page.goto(`${product.url}/leagues`);
      await settle(page);
      await openDialog(page, async () => {
        await accountMenu(page).click();
        await page.locator("header li button").last().click();
      });
      await check("sign-out confirmation");
      await page.keyboard.press("Escape");
      await page.goto(`${product.url}/bets`);
      await settle(page);
      await openDialog(page, () => page.locator("button[class*=oddsButton]").first().click());
      await check("bet modal");
      await page.keyboard.press("Escape");
      // The chooser lists the race's substitutes and wildcards with their tag beside the name.
      await page.goto(`${product.url}/predictions`);
      await settle(page);
      const choose = (await import(`../../src/i18n/locales/${language}/predictions.json`)).default.card
        .choose as string;
      await openDialog(page, () =>
        page
          .getByRole("button", { name: new RegExp(`^${choose}`) })
          .first()
          .click(),
      );
      await check("rider chooser");
      await page.context().close();
      expect(found.size, [...found].map(([where, what]) => `${where}:\n  ${what.join("\n  ")}`).join("\n")).toBe(0);
    }, 240_000);
  }
});

describe("Japanese breaks between phrases, not inside a word", () => {
  it("the league tabs and the leaderboards' lead at 375 px", async () => {
    const page = await phone("ja");
    await page.goto(`${product.url}/leagues`);
    await settle(page);
    // Was "リーグに参" / "加".
    expect(["リーグに参加", "リーグに|参加"]).toContain((await lines(page, "main nav a[href='/leagues']")).join("|"));
    await page.goto(`${product.url}/leaderboards`);
    await settle(page);
    // Were "…であ" / "なたの順位…" and "…ランキン" / "グが表示…".
    const text = (await lines(page, "main")).join("|");
    expect(text).toContain("ランキング");
    expect(text).not.toMatch(/ランキン?\|グ|あ\|なた/);
    await page.context().close();
  }, 120_000);

  it("the diamond history's reason column keeps a phrase a line, not one or two characters", async () => {
    const page = await phone("ja");
    await page.goto(`${product.url}/shop`);
    await settle(page);
    const reason = await lines(page, "[data-testid=history] tbody td:nth-child(2)");
    expect(
      reason.every((l) => l.length >= 3),
      reason.join(" / "),
    ).toBe(true);
    await page.context().close();
  }, 120_000);
});

describe("a long answer is a message under a heading, clear of the ✕", () => {
  it("Report a problem: its number is in the message, the heading is short and does not meet the ✕", async () => {
    const page = await phone("ja");
    await page.goto(`${product.url}/leagues`);
    await settle(page);
    await openDialog(page, async () => {
      await accountMenu(page).click();
      await page.locator("header li button").nth(-2).click();
    });
    await expect
      .poll(() => dialog(page).locator("p").count(), { timeout: 20_000 })
      .toBeGreaterThan(0)
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\n${await dialog(page).innerHTML()}`);
      });
    const heading = dialog(page).getByRole("heading").first();
    expect(await heading.textContent()).not.toMatch(/[A-Z0-9]{5,}/);
    expect(await dialog(page).locator("p").first().textContent()).toMatch(/[A-Z0-9]{5,}/);
    const box = await heading.boundingBox();
    const close = await dialog(page).locator("button[aria-label]").first().boundingBox();
    // The heading's text ends before the ✕ starts, on its line.
    const textRight = await heading.evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      return Math.max(...[...range.getClientRects()].map((r) => r.right));
    });
    expect(box && close && textRight).toBeLessThanOrEqual(close!.x);
    await page.context().close();
  }, 120_000);
});
