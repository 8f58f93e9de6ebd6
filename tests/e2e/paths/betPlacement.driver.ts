// The betPlacement machine's driver for walkInBrowser. A fresh player per path opens /bets on the next
// race and bets on its first bettable rider in the BetOnRider modal; what the path's guards need is made true
// through the product: the player's own bets through the API (balance, a bet already placed), another player's
// donation (the live balance), the server's dev clock (the race has started), the page's clock (the player's
// clock passes the deadline), the operator's session move (the race session an hour later, put back after the
// path), and the bet's request held on its way to the server while the server's side changes, or dropped for a
// network failure. Nothing the server answers is faked.
import { randomUUID } from "node:crypto";
import type { Browser, Page, Route } from "playwright-core";
import { expect } from "vitest";
import type { RaceBets } from "../../../contract/bets";
import { ADMIN_TOKEN_HEADER } from "../../../contract/calls.results";
import { isBettable } from "../../../contract/betRules";
import { betPlacementMachine } from "../../../machines/betPlacement.machine";
import type { QaPath } from "../../../scripts/paths";
import { createPlayer, signInContext, type Player } from "../accounts";
import type { Step, UiDriver } from "./walkInBrowser";
import { api } from "../api";

export type BetWorld = {
  url: string;
  player: Player;
  raceId: string;
  closesAt: number;
  /** The rider bet on in the modal, and others the API bets on. */
  rider: { id: string; number: number; name: string };
  others: { id: string; number: number }[];
  /** The bet's POST, held until the step after `placing` lets it go (or drops it). */
  held: Promise<Route> | null;
  adminToken: string;
  /** The server's dev clock was moved (put back after the path). */
  clockMoved: boolean;
  /** The race session's start before the operator moved it (put back after the path); null: not moved. */
  movedFrom: number | null;
};

const guards = (path: QaPath) => path.steps.map((s) => s.guard);
const POLL = { timeout: 15_000 };
const modal = (page: Page) => page.getByRole("dialog");
const placeButton = (page: Page) => modal(page).getByRole("button", { name: /^Place bet: \d+$/ });

/** A bet as the player, through the API (the server debits its stake). */
const betByApi = (w: BetWorld, riderId: string, type = "WIN") =>
  api(w.url, w.player, "POST", `/bets/circuits/${w.raceId}`, { riderId, type, amount: 30 });

/** The player's balance drops to 10, under the minimum stake of 30: three WIN bets of 30 on other riders. */
async function spendDown(w: BetWorld) {
  for (const other of w.others) await betByApi(w, other.id);
}

/** The Bets screen's balance (the live channel's), which the modal follows. */
const pageBalance = async (page: Page) => Number(await page.getByTestId("balance").textContent());

/** Holds the next bet request on its way to the server; the returned promise gives its route. */
function holdBet(w: BetWorld, page: Page) {
  w.held = new Promise<Route>((resolve) => {
    void page.route(
      (u) => u.pathname === `/api/bets/circuits/${w.raceId}`,
      (route) => {
        if (route.request().method() !== "POST") return route.continue();
        resolve(route);
      },
      { times: 1 },
    );
  });
}

async function releaseBet(w: BetWorld, how: "continue" | "abort") {
  const route = await w.held!;
  w.held = null;
  if (how === "continue") await route.continue();
  else await route.abort("failed");
}

/** Another player gives this one 10 diamonds: the live channel brings the new balance to the open modal. */
async function donateTo(w: BetWorld, page: Page) {
  const before = await pageBalance(page);
  const giver = await createPlayer(w.url);
  const me = await api<{ id: string }>(w.url, w.player, "GET", "/users/profile");
  await api(w.url, giver, "POST", "/diamonds/transactions/internal", {
    data: { toUserId: me.id, amount: 10 },
    idempotencyKey: randomUUID(),
  });
  await expect
    .poll(
      () =>
        modal(page)
          .getByText(`Balance: ${before + 10} →`)
          .count(),
      POLL,
    )
    .toBe(1);
}

/** Moves the stake one step (down from the top, which is the balance or 150, else up) and waits for the slider to show it. */
async function moveStake(page: Page) {
  const slider = modal(page).getByRole("slider");
  const now = Number(await slider.getAttribute("aria-valuenow"));
  const top = Number(await slider.getAttribute("aria-valuemax"));
  await slider.focus();
  await page.keyboard.press(now >= top ? "ArrowLeft" : "ArrowRight");
  await expect.poll(() => slider.getAttribute("aria-valuenow"), POLL).not.toBe(String(now));
}

/** Presses another bet type in the modal: the first one offered that is not the one chosen. */
async function otherType(page: Page) {
  const types = modal(page)
    .getByRole("group", { name: "Bet type" })
    .getByRole("button", { pressed: false, disabled: false });
  await types.first().click();
  await expect
    .poll(
      () => modal(page).getByRole("group", { name: "Bet type" }).getByRole("button", { pressed: true }).count(),
      POLL,
    )
    .toBe(1);
}

/** The path's confirm is refused by the modal's own check (not for the deadline or the balance). */
const refusedAtConfirm = (path: QaPath) =>
  path.steps.some((s, i) => s.event === "always" && s.otherwise && path.steps[i - 1]?.state === "open.checking");

/**
 * The operator injures a rider the player has a bet on while the modal is open: the refund's notice opens 'Rider has
 * been Injured' over it, which the player closes; the page has read the race again when the grid shows the rider out.
 */
async function injure(s: Step<BetWorld>, riderId: string, riderNumber: number) {
  const { page, world } = s;
  const res = await fetch(`${world.url}/api/admin/riders/${riderId}/injury`, {
    method: "POST",
    headers: { "content-type": "application/json", [ADMIN_TOKEN_HEADER]: world.adminToken },
    body: JSON.stringify({ raceId: world.raceId }),
  });
  if (!res.ok) throw new Error(`injury → ${res.status}`);
  const notice = page.getByRole("dialog").filter({ hasText: "Rider has been Injured" });
  await expect.poll(() => notice.count(), POLL).toBe(1);
  await notice.getByRole("button", { name: "Close" }).click();
  await expect.poll(() => page.getByRole("dialog").count(), POLL).toBe(1);
  await expect
    .poll(
      () =>
        page
          .locator(`[data-testid=rider-odds][data-rider="${riderNumber}"]`)
          .getByText("Injured: no bets on this rider")
          .count(),
      POLL,
    )
    .toBe(1);
}

/** The operator's session move (the admin call of race control and `npm run admin -- session move`). */
async function moveRaceSession(w: BetWorld, startsAt: number) {
  const res = await fetch(`${w.url}/api/admin/races/${w.raceId}/sessions/START/move`, {
    method: "POST",
    headers: { "content-type": "application/json", [ADMIN_TOKEN_HEADER]: w.adminToken },
    body: JSON.stringify({ startsAt: new Date(startsAt).toISOString() }),
  });
  if (!res.ok) throw new Error(`session move → ${res.status} ${await res.text()}`);
}

/** The modal's countdown in seconds ("2d 04:13:09" or "04:13:09"). */
export async function modalCountdown(page: Page): Promise<number> {
  const text = (await modal(page).getByTestId("bet-modal-countdown").textContent()) ?? "";
  const m = /(?:(\d+)d )?(\d+):(\d+):(\d+)/.exec(text);
  if (!m) return Number.NaN;
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

const HOUR = 3_600_000;

/**
 * The operator moves the race session an hour later while the modal is open: the live update reaches the page, and
 * the modal's countdown (or, once closed, the modal itself) follows without a reload.
 */
async function closeMovesLater(s: Step<BetWorld>) {
  const { page, world } = s;
  const closed =
    (await modal(page).getByRole("alert").filter({ hasText: "The time to make the bet has expired" }).count()) > 0;
  const before = closed ? null : await modalCountdown(page);
  world.movedFrom ??= world.closesAt;
  world.closesAt += HOUR;
  await moveRaceSession(world, world.closesAt);
  if (before === null) {
    await expect.poll(() => modal(page).getByTestId("bet-modal-countdown").count(), POLL).toBe(1);
    await expect
      .poll(
        () => modal(page).getByRole("alert").filter({ hasText: "The time to make the bet has expired" }).count(),
        POLL,
      )
      .toBe(0);
  } else await expect.poll(async () => Math.abs((await modalCountdown(page)) - before - 3600) < 60, POLL).toBe(true);
}

/** Past the race session's start on the page's clock (timers do not fire: the screen has not noticed yet). */
const pastDeadline = (s: Step<BetWorld>) => s.page.clock.setSystemTime(s.world.closesAt + 60_000);

export function betPlacementDriver(getUrl: () => string, adminToken: string): UiDriver<BetWorld> {
  let race: { id: string } | null = null;
  return {
    machine: betPlacementMachine,

    async arrange(browser: Browser, path: QaPath) {
      const url = getUrl();
      race ??= (await api<{ id: string }[]>(url, null, "GET", "/races/next?take=1"))[0]!;
      const player = await createPlayer(url);
      const view = await api<RaceBets>(url, player, "GET", `/v2/bets/circuits/${race.id}?isMobile=false`);
      const bettable = view.riders.filter((r) => isBettable({ available: r.available, odds: r.odds?.WIN ?? null }));
      const [rider, ...rest] = bettable;
      const world: BetWorld = {
        url,
        player,
        raceId: race.id,
        closesAt: Date.parse(view.closesAt!),
        rider: rider!,
        others: rest.slice(0, 3),
        held: null,
        clockMoved: false,
        movedFrom: null,
        adminToken,
      };
      // Not enough diamonds for the smallest stake before the modal opens.
      if (guards(path).includes("belowMinimum")) await spendDown(world);
      // A bet on the rider the operator injures while the modal is open: its refund notice makes the page read the race again.
      if (path.steps.some((s) => s.event === "bet.facts")) await betByApi(world, world.others[0]!.id);
      if (refusedAtConfirm(path)) await betByApi(world, world.rider.id, "PLACE");

      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInContext(context, url, player);
      const page = await context.newPage();
      // The page's clock, for the deadline: it runs as usual until a step moves it.
      if (guards(path).includes("expiredNow") || path.steps.some((s) => s.event.startsWith("xstate.after")))
        await page.clock.install();
      await page.goto(`${url}/bets`);
      await expect
        .poll(
          () =>
            page.getByRole("button", { name: `Bet Win on #${rider!.number} ${rider!.name}`, disabled: false }).count(),
          { timeout: 30_000 },
        )
        .toBe(1);
      return { page, world };
    },

    act: {
      // The first step opens the modal: on a bet type's odds (the type chosen), or on the rider (the type to choose).
      async always(s) {
        if (s.index > 0) return;
        const { page, world } = s;
        if (s.step.guard === "expiredNow") await pastDeadline(s);
        const name = s.step.otherwise
          ? `Bet on #${world.rider.number} ${world.rider.name}`
          : `Bet Win on #${world.rider.number} ${world.rider.name}`;
        await page.getByRole("button", { name, exact: s.step.otherwise }).first().click();
        await expect.poll(() => modal(page).count(), POLL).toBe(1);
      },
      "bet.balance": (s) => donateTo(s.world, s.page),
      "bet.facts": (s) => injure(s, s.world.others[0]!.id, s.world.others[0]!.number),
      "bet.amount": (s) => moveStake(s.page),
      // Opened: the countdown moves an hour on; closed (past the old close on the page's clock): the modal opens again.
      "bet.closeChanged": closeMovesLater,
      "bet.type": (s) => otherType(s.page),
      async "bet.confirm"(s) {
        const next = s.path.steps[s.index + 1];
        if (next?.guard === "expiredNow") await pastDeadline(s);
        if (next?.guard === "allowed") holdBet(s.world, s.page);
        // The rider is injured while the modal is open: the modal's own check refuses the bet.
        if (next?.event === "always" && next.otherwise) await injure(s, s.world.rider.id, s.world.rider.number);
        await placeButton(s.page).click();
      },
      async "bet.retry"(s) {
        await modal(s.page).getByRole("button", { name: "Try Again" }).click();
      },
      "done placeBet": (s) => releaseBet(s.world, "continue"),
      async "error placeBet"(s) {
        const { world } = s;
        if (s.step.guard === "raceStarted") {
          world.clockMoved = true;
          await api(world.url, null, "POST", "/dev/clock", { now: new Date(world.closesAt + 60_000).toISOString() });
        } else if (s.step.guard === "poorOnServer") {
          // Spent elsewhere while the bet is on its way; the modal has the live balance by the time the server refuses.
          await spendDown(world);
          await expect.poll(() => pageBalance(s.page), POLL).toBe(10);
          await expect
            .poll(
              () =>
                modal(s.page)
                  .getByText(/after this bet/)
                  .count(),
              POLL,
            )
            .toBe(0);
        }
        // The same bet from another device while this one is on its way.
        else if (s.step.guard === "refusedOnServer") await betByApi(world, world.rider.id);
        await releaseBet(world, s.step.otherwise ? "abort" : "continue");
      },
      // Bets close while the modal is open: the page's clock reaches the race session's start.
      async "xstate.after.untilDeadline.betPlacement.open.editing"(s) {
        await s.page.clock.fastForward(Math.max(0, s.world.closesAt - Date.now()) + 1_000);
      },
    },

    shows: {
      "open.starting": null,
      "open.checking": null,
      async "open.editing.choosing"({ page }) {
        await expect
          .poll(() => modal(page).getByText("Choose how you want to bet on this rider.").count(), POLL)
          .toBe(1);
        expect(await modal(page).getByRole("slider").count()).toBe(0);
      },
      async "open.editing.staking"({ page }) {
        await expect.poll(() => placeButton(page).and(page.locator(":enabled")).count(), POLL).toBe(1);
        expect(await modal(page).getByRole("slider").count()).toBe(1);
        expect(await modal(page).getByRole("alert").count()).toBe(0);
      },
      // Under the minimum stake: the modal names it and offers the Store; the slider rests, nothing can be placed.
      async "open.editing.insufficient"({ page }) {
        const notice = modal(page).getByTestId("insufficient");
        await expect.poll(() => notice.textContent(), POLL).toContain("You have 10 diamonds: the minimum stake is 30");
        expect(await notice.getByRole("link", { name: "Get diamonds in the Store" }).count()).toBe(1);
        expect(await placeButton(page).isDisabled()).toBe(true);
        expect(await modal(page).getByRole("slider").getAttribute("data-disabled")).not.toBeNull();
        expect(
          await modal(page)
            .getByText(/after this bet/)
            .count(),
        ).toBe(0);
      },
      async "open.editing.incorrect"({ page, step }) {
        // The modal's own check (the rider was injured meanwhile), or the server's refusal (the bet placed elsewhere).
        const why =
          step.event === "always" ? "Rider has been Injured" : "You already have this bet on this rider in this race";
        await expect.poll(() => modal(page).getByRole("alert").textContent(), POLL).toContain(why);
        expect(await placeButton(page).isDisabled()).toBe(true);
      },
      async "open.editing.failed"({ page }) {
        await expect.poll(() => modal(page).getByRole("alert").textContent(), POLL).toContain("Something went wrong.");
        expect(await modal(page).getByRole("button", { name: "Try Again" }).count()).toBe(1);
      },
      async "open.placing"({ page }) {
        await expect.poll(() => placeButton(page).getAttribute("aria-busy"), POLL).toBe("true");
      },
      async placed({ page }) {
        await expect
          .poll(() => modal(page).getByRole("status").filter({ hasText: "Bet is placed!" }).count(), POLL)
          .toBe(1);
      },
      async expired({ page, step }) {
        // The server's 418: the app's own race-started modal (spec: 'Race has already started', no button) comes
        // over the BetOnRider modal.
        if (step.guard === "raceStarted") {
          await expect
            .poll(() => page.getByRole("dialog").filter({ hasText: "Race has already started" }).count(), POLL)
            .toBe(1);
          return;
        }
        await expect
          .poll(
            () => modal(page).getByRole("alert").filter({ hasText: "The time to make the bet has expired" }).count(),
            POLL,
          )
          .toBe(1);
      },
    },

    async cleanup(world, page) {
      if (world.clockMoved) await api(world.url, null, "POST", "/dev/clock", { reset: true });
      if (world.movedFrom !== null) await moveRaceSession(world, world.movedFrom);
      await page.context().close();
    },
  };
}
