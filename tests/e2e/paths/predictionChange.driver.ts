// The predictionChange machine's UI driver: the paid change of a saved FP1 pick through the
// ChangePrediction modal on the Predictions screen. Each path gets a fresh player whose FP1 pick is saved through
// the API before the session; the server clock (`POST /api/dev/clock`) and the page's clock (Playwright's
// page.clock) are set to the same moment of FP1's weekend and always move together: the tier the modal shows is
// the one the server charges. Balances move through the ledger (`POST /api/dev/diamonds`), which tells the page
// live, as a purchase or a spend in another tab would. The server's refusals are real: its clock moved or the
// diamonds were spent while the submit was on its way (the request is held in flight, then let through).
import type { Browser, Page, Route } from "playwright-core";
import { expect } from "vitest";
import { changeTiers } from "../../../contract/rules";
import { predictionChangeMachine } from "../../../machines/predictionChange.machine";
import type { QaPath } from "../../../scripts/paths";
import { createPlayer, signInContext, type Player } from "../accounts";
import type { Step, UiDriver } from "./walkInBrowser";
import { api } from "../api";
import { chooseAnotherRider } from "../chooser";

const MINUTE = 60_000;
const SECOND = 1000;
const CATEGORY = "FP1";
const CATEGORY_NAME = "Fastest in FP1";

/** Where the path starts on FP1's clock, from the guard the first check must meet. */
type Scenario = "confirm" | "poor" | "between" | "over";

type Window = { startsAt: number; endsAt: number };

export type ChangeWorld = {
  url: string;
  player: Player;
  userId: string;
  raceId: string;
  fp1: Window;
  scenario: Scenario;
  /** The player's balance on the server, as the ledger last answered. */
  balance: number;
  /** The submit (PUT) held in flight until the step after it decides what the server answers. */
  submit: Promise<Route> | null;
  /** The server refused the submit with 418 (the app's race-started modal is up). */
  refused418: boolean;
};

const call = <T>(url: string, method: string, path: string, body?: unknown, token?: string) =>
  api<T>(url, token ?? null, method, path, body);

/** Moves the server's clock; answers where it is now. */
const setServerClock = async (url: string, at: number) =>
  Date.parse((await call<{ now: string }>(url, "POST", "/dev/clock", { now: new Date(at).toISOString() })).now);

/** The player's id: the access token's subject. */
const userIdOf = (player: Player) =>
  (JSON.parse(Buffer.from(player.tokens.accessToken.split(".")[1]!, "base64url").toString()) as { sub: string }).sub;

function scenarioOf(path: QaPath): Scenario {
  const first = path.steps[1];
  if (first?.guard === "sessionOver") return "over";
  if (first?.guard === "betweenTiers") return "between";
  if (first?.guard === "cannotAfford") return "poor";
  return "confirm";
}

/** The moment each scenario opens the page: BEFORE two minutes ahead of FP1, the last 90 seconds of EARLY or of LATE. */
const startOf = (scenario: Scenario, fp1: Window) =>
  scenario === "between"
    ? fp1.startsAt + changeTiers.EARLY.minutesAfterStart * MINUTE - 90 * SECOND
    : scenario === "over"
      ? fp1.endsAt - 90 * SECOND
      : fp1.startsAt - 2 * MINUTE;

/** The price on FP1's card when the player opens the change. */
const cardCost = (scenario: Scenario) =>
  scenario === "between"
    ? changeTiers.EARLY.cost
    : scenario === "over"
      ? changeTiers.LATE.cost
      : changeTiers.BEFORE.cost;

/** Both clocks to `at`: the server first, so a request the page's timers make on the way already reads the new time. */
async function moveClocks(world: ChangeWorld, page: Page, at: number): Promise<void> {
  await setServerClock(world.url, at);
  const now = await page.evaluate(() => Date.now());
  if (at > now) await page.clock.fastForward(at - now);
}

/** The ledger moves the balance (an ADMIN entry) and publishes it: the page hears it on the live channel. */
async function adjustBalance(world: ChangeWorld, delta: number, page?: Page): Promise<void> {
  const result = await call<{ balance: string }>(world.url, "POST", "/dev/diamonds", { userId: world.userId, delta });
  world.balance = Number(result.balance);
  // The header's balance shows it once the page has it (the same update the change flow hears).
  if (page)
    await expect.poll(() => page.getByTestId("balance").textContent(), { timeout: 15_000 }).toBe(String(world.balance));
}

const dialog = (page: Page) => page.getByRole("dialog");
const confirmButton = (page: Page) => dialog(page).getByRole("button", { name: /^Change for \d+ diamonds$/ });

/** Waits until the chooser offers its riders; a failure says what the page showed instead. */
async function chooserOpen(page: Page, when: string): Promise<void> {
  const riders = dialog(page).getByRole("list").getByRole("button");
  try {
    await expect.poll(() => riders.count(), { timeout: 15_000 }).toBeGreaterThan(3);
  } catch (error) {
    const dialogs = await dialog(page).allInnerTexts();
    throw new Error(`the chooser is not open ${when}; dialogs: ${JSON.stringify(dialogs)}`, { cause: error });
  }
}

/** Picks another rider than the saved one, once the chooser offers its riders. */
async function chooseOther(page: Page): Promise<void> {
  await chooserOpen(page, "when the player picks");
  await chooseAnotherRider(page);
}

/** Holds the next submit (PUT of the race's picks) in flight; the other calls to the same address pass. */
function holdSubmit(world: ChangeWorld, page: Page): void {
  const address = (u: URL) => u.pathname === `/api/predictions/races/${world.raceId}`;
  world.submit = new Promise<Route>((resolve) => {
    let held = false;
    void page.route(address, async (route) => {
      if (held || route.request().method() !== "PUT") return route.continue();
      held = true;
      resolve(route);
    });
  });
}

/** Lets the held submit reach the server (which answers as it now sees things). */
async function releaseSubmit(world: ChangeWorld): Promise<number> {
  if (!world.submit) throw new Error("no submit held");
  const route = await world.submit;
  world.submit = null;
  await route.continue();
  const response = await route.request().response();
  return response?.status() ?? 0;
}

/** Step 0: the player presses Change on FP1's card and picks another rider; the spawned change flow checks the tier. */
async function openChange({ page, world }: Step<ChangeWorld>): Promise<void> {
  await page
    .getByRole("button", { name: `Change · ${cardCost(world.scenario)} (${CATEGORY_NAME})` })
    .click({ timeout: 20_000 });
  await chooserOpen(page, "after pressing Change");
  // The player lingers in the chooser while the tier closes (EARLY) or the session ends (LATE).
  if (world.scenario === "between")
    await moveClocks(world, page, world.fp1.startsAt + changeTiers.EARLY.minutesAfterStart * MINUTE + 5 * SECOND);
  if (world.scenario === "over") await moveClocks(world, page, world.fp1.endsAt + 5 * SECOND);
  await chooseOther(page);
}

type Race = { id: string; sessions: { type: string; startsAt: string; endsAt: string }[] };

export function predictionChangeDriver(productUrl: () => string): UiDriver<ChangeWorld> {
  // The weekend every path plays: the next race on the real clock (read once; the paths move the server's clock).
  let weekend: Promise<Race> | null = null;
  const raceOf = (url: string) =>
    (weekend ??= (async () => {
      await call(url, "POST", "/dev/clock", { reset: true });
      const [race] = await call<Race[]>(url, "GET", "/races/next?take=1");
      if (!race) throw new Error("no race ahead to play the change on");
      return race;
    })());
  return {
    machine: predictionChangeMachine,

    async arrange(browser: Browser, path: QaPath) {
      const url = productUrl();
      const race = await raceOf(url);
      const session = race.sessions.find((s) => s.type === CATEGORY)!;
      const fp1 = { startsAt: Date.parse(session.startsAt), endsAt: Date.parse(session.endsAt) };
      const scenario = scenarioOf(path);

      // A fresh player saves an FP1 pick three minutes before the session (tokens and the save on that clock).
      await setServerClock(url, fp1.startsAt - 3 * MINUTE);
      const player = await createPlayer(url);
      const token = player.tokens.accessToken;
      const riders = await call<{ riders: { id: string; available: boolean }[] }>(
        url,
        "GET",
        `/v2/races/${race.id}/riders`,
      );
      const mine = await call<{ version: number; balance: string }>(
        url,
        "GET",
        `/predictions/races/${race.id}`,
        undefined,
        token,
      );
      const saved = await call<{ balance: string; data: { category: string }[] }>(
        url,
        "POST",
        `/predictions/races/${race.id}`,
        { version: mine.version, data: [{ category: CATEGORY, riderId: riders.riders.find((r) => r.available)!.id }] },
        token,
      );
      expect(saved.data.map((p) => p.category)).toEqual([CATEGORY]);
      const world: ChangeWorld = {
        url,
        player,
        userId: userIdOf(player),
        raceId: race.id,
        fp1,
        scenario,
        balance: Number(saved.balance),
        submit: null,
        refused418: false,
      };
      // Too few diamonds for the BEFORE price: spent down to 5.
      if (scenario === "poor") await adjustBalance(world, 5 - world.balance);

      // Both clocks at the path's start; the page then loads on it.
      const at = await setServerClock(url, startOf(scenario, fp1));
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.clock.install({ time: at });
      await signInContext(context, url, player);
      const page = await context.newPage();
      await page.goto(`${url}/predictions`);
      await expect
        .poll(() => page.getByRole("button", { name: `Change · ${cardCost(scenario)} (${CATEGORY_NAME})` }).count(), {
          timeout: 20_000,
        })
        .toBe(1);
      return { page, world };
    },

    act: {
      always: async (step) => {
        if (step.index === 0) await openChange(step);
      },
      "change.cancel": async ({ page }) => {
        await dialog(page).getByRole("button", { name: "Cancel" }).click();
      },
      "change.retry": async ({ page }) => {
        await dialog(page).getByRole("button", { name: "Try again" }).click();
      },
      // Diamonds arrive (bought in another tab, an operator's grant): the live balance update.
      "change.balance": async ({ world, page }) => adjustBalance(world, 100, page),
      "change.confirm": async ({ page, world, path, index }) => {
        const next = path.steps[index + 1];
        if (next?.otherwise) {
          // The device's clock jumps into EARLY while the modal stays open (a sleeping laptop: no timer fired); the
          // server's clock is there too.
          const at = world.fp1.startsAt + MINUTE;
          await setServerClock(world.url, at);
          await page.clock.setSystemTime(at);
        } else holdSubmit(world, page);
        await confirmButton(page).click();
      },
      "xstate.after.untilTierEnds.predictionChange.confirming": async ({ page, world }) =>
        moveClocks(world, page, world.fp1.startsAt + SECOND),
      "xstate.after.untilTierEnds.predictionChange.insufficient": async ({ page, world }) =>
        moveClocks(world, page, world.fp1.startsAt + SECOND),
      "xstate.after.untilLateOpens.predictionChange.between": async ({ page, world }) =>
        moveClocks(world, page, world.fp1.endsAt - changeTiers.LATE.minutesBeforeEnd * MINUTE + SECOND),
      "done submitChange": async ({ world }) => {
        expect(await releaseSubmit(world)).toBe(200);
      },
      "error submitChange": async ({ page, world, step }) => {
        if (step.guard === "raceStarted")
          // The server's clock is past EARLY when the submit arrives: no tier open, 418.
          await setServerClock(world.url, world.fp1.startsAt + (changeTiers.EARLY.minutesAfterStart + 1) * MINUTE);
        else if (step.guard === "priceMoved")
          // The server's clock is in EARLY when the submit arrives: the BEFORE price confirmed is not the price (409).
          await setServerClock(world.url, world.fp1.startsAt + MINUTE);
        // Otherwise the diamonds were spent in another tab meanwhile: the ledger refuses (402).
        else await adjustBalance(world, 5 - world.balance);
        const status = await releaseSubmit(world);
        expect(status).toBe(step.guard === "raceStarted" ? 418 : step.guard === "priceMoved" ? 409 : 402);
        world.refused418 = status === 418;
        // Re-checked on the page's clock (still BEFORE): the modal asks to confirm again.
        if (step.guard === "priceMoved")
          await expect.poll(() => confirmButton(page).getAttribute("aria-busy"), { timeout: 15_000 }).toBeNull();
      },
    },

    shows: {
      // The change flow starts as the chooser closes and decides at once.
      idle: null,
      checking: null,
      rechecking: null,
      confirming: async ({ page }) => {
        await expect
          .poll(() => dialog(page).getByRole("heading", { name: "Change your prediction?" }).count(), {
            timeout: 15_000,
          })
          .toBe(1);
        await expect.poll(() => dialog(page).getByText("Before the session:").count()).toBe(1);
        expect(
          await dialog(page)
            .getByRole("button", { name: `Change for ${changeTiers.BEFORE.cost} diamonds` })
            .isEnabled(),
        ).toBe(true);
      },
      insufficient: async ({ page, world }) => {
        await expect
          .poll(() => dialog(page).getByRole("heading", { name: "Not enough diamonds" }).count(), { timeout: 15_000 })
          .toBe(1);
        expect(await dialog(page).getByRole("alert").textContent()).toBe(
          `This change costs ${changeTiers.BEFORE.cost} diamonds and your balance is ${world.balance} diamonds.`,
        );
        expect(await confirmButton(page).count()).toBe(0);
      },
      between: async ({ page }) => {
        await expect
          .poll(() => dialog(page).getByRole("heading", { name: "Changes are closed right now" }).count(), {
            timeout: 15_000,
          })
          .toBe(1);
        expect(await dialog(page).getByRole("status").textContent()).toMatch(
          /^Changes open again at .+, in the last minutes of the session\.$/,
        );
        expect(await confirmButton(page).count()).toBe(0);
      },
      submitting: async ({ page, world }) => {
        await world.submit;
        await expect.poll(() => confirmButton(page).getAttribute("aria-busy")).toBe("true");
      },
      changed: async ({ page }) => {
        await expect
          .poll(() => dialog(page).getByRole("status").filter({ hasText: "Prediction changed" }).count(), {
            timeout: 15_000,
          })
          .toBe(1);
      },
      expired: async ({ page, world }) => {
        if (world.refused418) {
          // Spec §8: a 418 opens the app's 'race started' modal (no button) over the change; a click beside it closes it.
          const started = dialog(page).filter({ hasText: /^race has already started$/i });
          await expect.poll(() => started.count(), { timeout: 15_000 }).toBe(1);
          await page.mouse.click(10, 890);
          await expect.poll(() => started.count()).toBe(0);
        }
        await expect
          .poll(
            () =>
              dialog(page)
                .getByRole("alert")
                .filter({ hasText: "The time to make the prediction has expired" })
                .count(),
            { timeout: 15_000 },
          )
          .toBe(1);
        expect(await dialog(page).getByRole("button", { name: "OK" }).count()).toBe(1);
      },
      failed: async ({ page }) => {
        await expect
          .poll(() => dialog(page).getByRole("alert").filter({ hasText: "You don't have enough diamonds" }).count(), {
            timeout: 15_000,
          })
          .toBe(1);
        expect(await dialog(page).getByRole("button", { name: "Try again" }).count()).toBe(1);
      },
      canceled: async ({ page }) => {
        await expect.poll(() => dialog(page).count(), { timeout: 15_000 }).toBe(0);
      },
    },

    async cleanup(_world, page) {
      await page.context().close();
    },
  };
}
