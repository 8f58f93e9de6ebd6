// axe-core finds nothing, anywhere. Every route of the app's route table (src/config/paths.ts, so a
// screen added later is checked without touching this file) at 1280 and 375 px, as a guest and signed in, and every
// modal the product registers (src/modals/registry.ts), each opened the way a player opens it. Then keyboard only:
// sign-in, one pick and one league join with nothing but key presses, and focus back on the opener when a modal closes.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { adminNewsCalls } from "../../contract/calls.news";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { paths } from "../../src/config/paths";
import { modalComponents } from "../../src/app/modalRegistry";
import { axeViolations, settle } from "./axe";
import { createPlayer, openSignedIn, signInContext, type Player } from "./accounts";
import { overflowingElements } from "./overflow";
import { latestMail, launchBrowser, startProduct, type Product } from "./harness";
import { api as callApi } from "./api";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
const WIDTHS = [1280, 375] as const;
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

/** Every path of the route table with its parameters filled in, plus a path no route knows. */
function routeList(params: Record<string, string>): string[] {
  const out = Object.values(paths).map((p) =>
    p.replace(/:(\w+)/g, (_, name: string) => {
      const value = params[name];
      if (!value)
        throw new Error(`the route ${p} has a parameter :${name} this test cannot fill: add it to the params`);
      return encodeURIComponent(value);
    }),
  );
  return [...new Set(out), "/no-such-page"];
}

/** Fails with every violation of every place at once, rule id and target first. */
function report(found: Map<string, string[]>): string {
  return [...found].map(([where, lines]) => `${where}:\n  ${lines.join("\n  ")}`).join("\n");
}

async function auditAtWidths(
  page: Page,
  where: string,
  found: Map<string, string[]>,
  widths: readonly number[] = WIDTHS,
) {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    const v = await axeViolations(page);
    if (v.length) found.set(`${where} @${width}px`, v);
  }
  if (original) await page.setViewportSize(original);
}

const dialog = (page: Page) => page.getByRole("dialog").last();

/** Opens a modal with `open`, waits for its dialog, audits it at both widths and records the kind as seen. */
async function auditModal(
  page: Page,
  kind: string,
  open: () => Promise<unknown>,
  seen: Set<string>,
  found: Map<string, string[]>,
) {
  await open();
  await expect.poll(() => page.getByRole("dialog").count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await settle(page);
  await auditAtWidths(page, `modal ${kind}`, found);
  seen.add(kind);
}

/** Clicks the first rider the open chooser offers (enabled, not the current one), skipping `skip` of them. */
async function chooseRider(page: Page, skip = 0) {
  const riders = dialog(page).getByRole("list").getByRole("button");
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

/**
 * The modals of the areas merged after the first audit (a11y2), each opened as a player opens it: the welcome after
 * the e-mail link (FirstModal), a bonus question's Answer (ChooseAnswer), a prize card (Prize), the landing's guru
 * speak show with an episode the operator published (NewsModal) and a Store purchase while it works (Processing).
 */
async function auditLaterModals(me: Player, seen: Set<string>, found: Map<string, string[]>) {
  // FirstModal: a new player follows the confirmation link from the outbox.
  const name = `axefirst${Date.now().toString(36)}`;
  const email = `${name}@example.com`;
  await api(null, "POST", "/auth/sign-up", {
    name,
    email,
    password: "Paddock#2026",
    confirmPassword: "Paddock#2026",
    agree: true,
  });
  const link = /https?:\/\/\S+\?token=\S+/.exec((await latestMail(product.url, email)).text)?.[0];
  expect(link).toBeTruthy();
  const newcomer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await auditModal(
    newcomer,
    "FirstModal",
    async () => {
      await newcomer.goto(link!);
      await dialog(newcomer).getByTestId("first-deadline").waitFor({ timeout: 20_000 });
    },
    seen,
    found,
  );
  await newcomer.context().close();

  const page = await openSignedIn(browser, product.url, me, "/bonus-questions");
  await settle(page);
  await auditModal(
    page,
    "ChooseAnswer",
    () =>
      page
        .getByRole("button", { name: /^Answer: / })
        .first()
        .click({ timeout: 20_000 }),
    seen,
    found,
  );
  await page.keyboard.press("Escape");

  await page.goto(`${product.url}/prizes`);
  await settle(page);
  await auditModal(
    page,
    "Prize",
    () =>
      page
        .getByRole("button", { name: /^How to win: / })
        .first()
        .click({ timeout: 20_000 }),
    seen,
    found,
  );
  await page.keyboard.press("Escape");

  // NewsModal: the operator publishes an episode; the landing's guru speak show block opens it.
  await operator.send(adminNewsCalls.addNews, {
    body: { url: "https://www.youtube.com/@MotoGP/videos", title: "Guru speak show: axe in the paddock" },
    admin: true,
  });
  await page.goto(`${product.url}/`);
  await settle(page);
  await auditModal(
    page,
    "NewsModal",
    () => page.getByRole("button", { name: "Watch the episode" }).click({ timeout: 20_000 }),
    seen,
    found,
  );
  await page.keyboard.press("Escape");

  // Processing: shown while the purchase works; the order's creation is held until axe has read the modal.
  await page.goto(`${product.url}/shop`);
  await settle(page);
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/diamonds/transactions/external", async (route) => {
    await held;
    await route.abort();
  });
  await page
    .getByRole("button", { name: /^Buy \d+ diamonds for / })
    .first()
    .click();
  await expect.poll(() => page.getByRole("dialog").count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.waitForTimeout(450);
  await auditAtWidths(page, "modal Processing", found);
  seen.add("Processing");
  release?.();
  await page.context().close();
}

describe("axe-core: 0 violations", () => {
  let player: Player;
  let params: Record<string, string>;

  beforeAll(async () => {
    player = await createPlayer(product.url);
    const riders = await api<{ data: { id: string }[] }>(null, "GET", "/riders?page=1&take=1");
    const league = await api<{ id: string }>(player, "POST", "/leagues", {
      name: `Axe${Date.now() % 100000}`,
      type: "PUBLIC",
    });
    expect(riders.data[0]).toBeDefined();
    params = { leagueId: league.id, riderId: riders.data[0]!.id };
  }, 60_000);

  for (const who of ["guest", "signed in"] as const) {
    it(`every route at ${WIDTHS.join(" and ")} px, ${who}`, async () => {
      const page =
        who === "guest"
          ? await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage()
          : await openSignedIn(browser, product.url, player, "/");
      const found = new Map<string, string[]>();
      const routes = routeList(params);
      expect(routes.length).toBeGreaterThan(20);
      for (const route of routes) {
        await page.goto(`${product.url}${route}`);
        await settle(page);
        await auditAtWidths(page, `${route} (${who})`, found);
      }
      await page.context().close();
      expect(found.size, report(found)).toBe(0);
    }, 600_000);
  }

  it("a past weekend's timeline, its sessions over and one canceled, at both widths", async () => {
    // A weekend before the demo's current one (the keyboard test below picks on the current one): every session is
    // over, and its FP1 is canceled by the operator.
    const calendar = await api<{ data: { id: string; round: number }[] }>(null, "GET", "/races?page=1&take=30");
    const next = await api<{ id: string; round: number }[]>(null, "GET", "/races/next?take=1");
    const past = calendar.data.find((r) => r.round === next[0]!.round - 1)!;
    await operator.enterResult(past.id, { session: "FP1", canceled: true });
    const page = await openSignedIn(browser, product.url, player, "/predictions");
    await page.getByRole("combobox", { name: "Race", exact: true }).selectOption(past.id);
    await expect
      .poll(() => page.getByText("Canceled", { exact: true }).count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await settle(page);
    const found = new Map<string, string[]>();
    await auditAtWidths(page, `/predictions, round ${past.round}`, found);
    expect(found.size, report(found)).toBe(0);
  }, 120_000);

  it("the rider chart fits 375 px: every round drawn, no sideways scroll", async () => {
    const page = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    await page.goto(`${product.url}/rider/${params.riderId}`);
    const chart = page.locator("figure").first();
    await expect.poll(() => chart.count(), { timeout: 20_000 }).toBe(1);
    const fit = await chart.evaluate((figure) => {
      const svg = figure.querySelector("svg")!.getBoundingClientRect();
      return {
        scroll: figure.scrollWidth - figure.clientWidth,
        svgRight: svg.right,
        page: document.documentElement.scrollWidth,
        width: window.innerWidth,
      };
    });
    expect(fit.scroll).toBe(0);
    expect(fit.svgRight).toBeLessThanOrEqual(fit.width);
    expect(fit.page).toBeLessThanOrEqual(fit.width);
    await page.context().close();
  }, 60_000);

  it("every modal the product registers, opened as a player opens it, at both widths", async () => {
    const seen = new Set<string>();
    const found = new Map<string, string[]>();
    const [race] = await api<{ id: string; name: string }[]>(null, "GET", "/races/next?take=1");
    expect(race).toBeDefined();

    // A guest: sign-in, sign-up, password recovery.
    const guest = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await guest.goto(`${product.url}/`);
    await settle(guest);
    await auditModal(
      guest,
      "SignIn",
      () => guest.getByRole("button", { name: "Play now" }).first().click(),
      seen,
      found,
    );
    await auditModal(
      guest,
      "SignUp",
      () => dialog(guest).getByRole("button", { name: "Sign up" }).click(),
      seen,
      found,
    );
    await guest.keyboard.press("Escape");
    await auditModal(
      guest,
      "RecoveryPassword",
      async () => {
        await guest.getByRole("button", { name: "Play now" }).first().click();
        await dialog(guest).getByRole("button", { name: "Forgot password?" }).click();
      },
      seen,
      found,
    );
    await guest.context().close();

    // A signed-in player with a league of their own, a rival's league and bets open on the next race.
    const me = await createPlayer(product.url);
    const rival = await createPlayer(product.url);
    const mine = await api<{ id: string }>(me, "POST", "/leagues", {
      name: `Mine${Date.now() % 100000}`,
      type: "PUBLIC",
    });
    await api(rival, "POST", "/leagues", { name: `Rival${Date.now() % 100000}`, type: "PUBLIC" });
    const { riders } = await operator.raceRiders(race!.id);
    await operator.setOdds(race!.id, {
      odds: riders.filter((r) => r.available).map((r) => ({ riderId: r.id, odds: 3 })),
    });
    const page = await openSignedIn(browser, product.url, me, "/edit-profile");
    await settle(page);
    await auditModal(
      page,
      "ChangePassword",
      () => page.getByRole("button", { name: "Change password" }).first().click(),
      seen,
      found,
    );
    await page.keyboard.press("Escape");

    await page.goto(`${product.url}/leagues/${mine.id}`);
    await settle(page);
    await auditModal(page, "Invite", () => page.getByRole("button", { name: "Invite players" }).click(), seen, found);
    await page.keyboard.press("Escape");
    await page.goto(`${product.url}/leagues/all-leagues`);
    await settle(page);
    await auditModal(
      page,
      "MembersByLeague",
      () =>
        page
          .getByRole("button", { name: /members$/ })
          .first()
          .click(),
      seen,
      found,
    );
    await page.keyboard.press("Escape");
    // An invitation link that is not valid: the Retry modal.
    await auditModal(
      page,
      "Retry",
      () => page.goto(`${product.url}/leagues?data=not-a-link&signature=not-a-signature`),
      seen,
      found,
    );
    await page.keyboard.press("Escape");
    // Signing out asks first: the Confirmation modal.
    await page.goto(`${product.url}/leagues`);
    await settle(page);
    await auditModal(
      page,
      "Confirmation",
      async () => {
        await page
          .getByRole("button", { name: `Account menu for ${me.name}` })
          .first()
          .click();
        await page.getByRole("button", { name: "Sign Out" }).click();
      },
      seen,
      found,
    );
    await page.keyboard.press("Escape");

    // Bets: a bet on a rider (its modal and the across-the-grid help), then the player's bets.
    await page.goto(`${product.url}/bets`);
    await settle(page);
    await auditModal(
      page,
      "BetOnRider",
      () =>
        page
          .getByRole("button", { name: /^Bet Win on / })
          .first()
          .click(),
      seen,
      found,
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await auditModal(
      page,
      "AcrossInfo",
      () => page.getByRole("button", { name: "How across the grid works" }).first().click(),
      seen,
      found,
    );
    await page.keyboard.press("Escape");
    await auditModal(page, "AllUserBets", () => page.getByTestId("open-all-bets").click(), seen, found);
    await page.keyboard.press("Escape");

    // Predictions: the chooser, a saved pick, its upgrade and the upgrade's outcome.
    await page.goto(`${product.url}/predictions`);
    await settle(page);
    await auditModal(
      page,
      "ChooseRider",
      () => page.getByRole("button", { name: "Choose rider (Race winner)" }).click(),
      seen,
      found,
    );
    await chooseRider(page, 0);
    await page.getByRole("button", { name: "Choose rider (Pole position)" }).click();
    await chooseRider(page, 1);
    await page.getByRole("button", { name: "Save predictions" }).click();
    await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    await auditModal(
      page,
      "Upgrade",
      () => page.getByRole("button", { name: /^×2 · \d+ \(Race winner\)$/ }).click(),
      seen,
      found,
    );
    await auditModal(
      page,
      "UpgradeFinal",
      async () => {
        await dialog(page)
          .getByRole("button", { name: /^Buy for \d+ diamonds$/ })
          .click();
        await expect
          .poll(() => dialog(page).getByText("×2 is active for Race winner").count(), { timeout: 15_000 })
          .toBe(1);
      },
      seen,
      found,
    );
    await dialog(page).getByRole("button", { name: "OK" }).click();
    // The race winner pick's rider: their form and how many picked the category (the spread only after lock).
    await auditModal(
      page,
      "PredictionRider",
      () => page.getByRole("button", { name: "Form and picks (Race winner)" }).click(),
      seen,
      found,
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // The race winner pick's rider is injured: the notice opens on its own, live.
    const picks = await api<{ data: { category: string; riderId: string }[] }>(
      me,
      "GET",
      `/predictions/races/${race!.id}`,
    );
    const injured =
      picks.data.find((p) => p.category === "RACE_FIRST" || p.category === "RACE_WINNER") ?? picks.data[0]!;
    await auditModal(page, "NotificationWithImage", () => operator.injure(injured.riderId, race!.id), seen, found);
    await page.keyboard.press("Escape");

    // An unsaved FP1 pick saved after FP1 started: "Race has already started".
    const fp1 = (
      await api<{ sessions: { type: string; startsAt: string }[] }[]>(null, "GET", "/races/next?take=1")
    )[0]!.sessions.find((s) => s.type === "FP1")!;
    await page.getByRole("button", { name: "Choose rider (Fastest in FP1)" }).click();
    await chooseRider(page, 2);
    try {
      await api(null, "POST", "/dev/clock", { now: new Date(Date.parse(fp1.startsAt) + 2 * 60_000).toISOString() });
      await auditModal(
        page,
        "ImageAndTitle",
        () => page.getByRole("button", { name: "Save predictions" }).click(),
        seen,
        found,
      );
      // A paid change of the saved pole pick: the ChangePrediction modal.
      await page.reload();
      await settle(page);
      await page.getByRole("button", { name: /^Change · \d+ \(Pole position\)$/ }).click();
      await auditModal(page, "ChangePrediction", () => chooseRider(page), seen, found);
    } finally {
      await api(null, "POST", "/dev/clock", { reset: true });
    }
    await page.context().close();

    // --- The second audit (a11y2): the modals of the areas merged later (store, bonus, prizes, news). ---
    await auditLaterModals(me, seen, found);

    const registered = Object.keys(modalComponents).toSorted();
    expect([...seen].toSorted(), "every registered modal kind is opened and checked here").toEqual(registered);
    expect(found.size, report(found)).toBe(0);
  }, 600_000);
});

// Japanese at 375 px: longer labels in a script without spaces. Every route once at 375 px (not both widths: the
// English passes above cover 1280 px, and a second full pass would double this file's time), axe and the overflow
// check on each, then the modals most often opened on a phone. German and Thai get the overflow check in
// overflow.test.ts.
describe("in Japanese at 375 px: axe-core finds nothing and no text runs past its box", () => {
  it("every route, signed in, then the sign-out confirmation, a problem report's answer and a bet's modal", async () => {
    const player = await createPlayer(product.url);
    const riders = await api<{ data: { id: string }[] }>(null, "GET", "/riders?page=1&take=1");
    const league = await api<{ id: string }>(player, "POST", "/leagues", {
      name: `Ja${Date.now() % 100000}`,
      type: "PUBLIC",
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    await signInContext(context, product.url, player);
    await context.addInitScript(() => localStorage.setItem("lng", "ja"));
    const page = await context.newPage();
    const found = new Map<string, string[]>();
    const audit = async (where: string) => {
      const lines = [...(await axeViolations(page)), ...(await overflowingElements(page)).map((o) => `overflow: ${o}`)];
      if (lines.length) found.set(`${where} (ja @375px)`, lines);
    };
    for (const route of routeList({ leagueId: league.id, riderId: riders.data[0]!.id })) {
      await page.goto(`${product.url}${route}`);
      await settle(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("ja");
      await audit(route);
    }
    const openModal = async (where: string, open: () => Promise<unknown>) => {
      await open();
      await expect.poll(() => page.getByRole("dialog").count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await settle(page);
      await audit(where);
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    };
    await page.goto(`${product.url}/leagues`);
    await settle(page);
    const menu = () =>
      page
        .getByRole("button", { name: new RegExp(player.name) })
        .first()
        .click();
    await openModal("modal Confirmation (sign out)", async () => {
      await menu();
      await page.locator("header li button").last().click();
    });
    await openModal("modal Confirmation (problem report)", async () => {
      await menu();
      await page.locator("header li button").nth(-2).click();
      await expect.poll(() => dialog(page).locator("p").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    });
    await page.goto(`${product.url}/bets`);
    await settle(page);
    await openModal("modal BetOnRider", () => page.locator("button[class*=oddsButton]:enabled").first().click());
    await context.close();
    expect(found.size, report(found)).toBe(0);
  }, 600_000);
});

/** What a screen reader would announce first for the focused element: its label, else its text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return "";
    const label =
      el.getAttribute("aria-label") ??
      (el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null) ??
      el.textContent ??
      "";
    return label.replace(/\s+/g, " ").trim();
  });

/** Presses Tab until the focused element's name matches, failing after `max` presses. */
async function tabTo(page: Page, name: RegExp, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (name.test(await focused(page))) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${name} (last: "${await focused(page)}")`);
}

describe("keyboard only", () => {
  it("signs in, makes a pick and joins a league without the mouse; focus returns to the opener", async () => {
    const player = await createPlayer(product.url);
    const owner = await createPlayer(product.url);
    const leagueName = `Keys${Date.now() % 100000}`;
    const league = await api<{ id: string }>(owner, "POST", "/leagues", { name: leagueName, type: "PUBLIC" });
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(`${product.url}/`);
    await settle(page);

    // Sign-in: Play now opens the modal; Escape gives focus back to Play now; then the form by keys.
    await tabTo(page, /^Play now$/);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => focused(page)).toBe("Play now");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await tabTo(page, /^E-mail/);
    await page.keyboard.type(player.email);
    await tabTo(page, /^Password/);
    await page.keyboard.type(player.password);
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/predictions");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    // One pick: open the chooser, Escape (focus back on the card's button), open again, choose, save.
    await settle(page);
    await tabTo(page, /^Choose rider ?\(Fastest in FP1\)$/, 200);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(1);
    await page.keyboard.press("Escape");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await expect.poll(() => focused(page)).toMatch(/^Choose rider ?\(Fastest in FP1\)$/);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").getByRole("list").getByRole("button").count()).toBeGreaterThan(3);
    await tabTo(page, /^\d+\s*\p{L}/u);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await tabTo(page, /^Save predictions$/, 200);
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    const saved = await api<{ data: { category: string }[] }>(
      {
        ...player,
        tokens: await api<Player["tokens"]>(null, "POST", "/auth/sign-in", {
          login: player.email,
          password: player.password,
        }),
      },
      "GET",
      `/predictions/races/${(await api<{ id: string }[]>(null, "GET", "/races/next?take=1"))[0]!.id}`,
    );
    expect(saved.data.map((p) => p.category)).toEqual(["FP1"]);

    // One league join.
    await page.goto(`${product.url}/leagues/${league.id}`);
    await settle(page);
    await tabTo(page, new RegExp(`^Join ${leagueName}$`), 200);
    await page.keyboard.press("Enter");
    await expect
      .poll(() => page.getByRole("button", { name: `Leave league: ${leagueName}` }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 300_000);
});
