// The betPlacement machine's driver: the real Bets screen and its owner (`betsActor`, src/features/bets/betsActor.ts)
// with the modal host, so the flow is the one the owner spawns for the BetOnRider modal, against the bets fake of the
// views tests (tests/views/bets/betsFixtures.ts) with the placing call held until the path's step answers it.
// The path's guards are met the way they are met in play: the balance the race answers (under the minimum stake),
// the rider's own button (no type yet), the tab's server clock past the close (aligned by a race event), the race
// read again after a bet from another device or an operator's move of the race session, a live balance push.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import type { BetType } from "../../../contract/bets";
import { betPlacementMachine } from "../../../machines/betPlacement.machine";
import type { QaPath } from "../../../scripts/paths";
import { betKeys } from "../../../src/api/bets";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import BetsScreen from "../../../src/screens/bets/BetsScreen";
import { betOf, betsRoutes, betsWorld, CLOSES, RACE_ID, raceBetsView, T0, type BetsWorld } from "../bets/betsFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

// Radix's slider measures its thumb; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

type World = {
  api: HeldApi;
  bets: BetsWorld;
  /** When bets close, as the race answers it (an operator may move it). */
  closesAt: number;
  type: BetType | null;
  amount: number;
  /** The message the modal must show after a refusal or a failure. */
  error: string | null;
};

const PLACE = `/api/bets/circuits/${RACE_ID}`;
const RIDER = "#63 Marco Bellini";
/** Long enough for the screen and the modal to open, short enough to wait for in a test. */
const DEADLINE_SOON_MS = 2500;
const typeName: Record<BetType, string> = { WIN: "Win", PLACE: "Place", SHOW: "Show", ACROSS: "Across the grid" };

const first = (path: QaPath) => path.steps[0]!;
const waitsForDeadline = (path: QaPath) => path.steps.some((s) => s.event.startsWith("xstate.after."));

const modal = () =>
  screen.getAllByRole("dialog").find((d) => within(d).queryByText(new RegExp(`^Bet on ${RIDER}$`))) ?? null;
const inModal = () => within(modal()!);
/** The type buttons in the modal (the grid behind it has its own "Bet … on" buttons). */
const typeButton = (type: BetType) =>
  within(inModal().getByRole("group", { name: "Bet type" })).getByRole("button", {
    name: new RegExp(`^${typeName[type]}`),
  });
const placeButton = () => inModal().getByRole("button", { name: /^Place bet: \d+$/ });

/** The race read again, as after a notice or a race event: the owner hands the flow the fresh facts and close. */
const readRaceAgain = () => act(() => queryClient.invalidateQueries({ queryKey: betKeys.race("u1", RACE_ID) }));

/** The tab's server clock past the close (a race event's `at` aligns it), before any timer of the tab fired. */
const clockPastClose = (world: World) => serverClock.alignTo(new Date(world.closesAt + 1000).toISOString());

/** Another type than the one chosen, still open on the rider. */
const otherType = (world: World): BetType => (world.type === "PLACE" ? "SHOW" : "PLACE");

export const betPlacementDriver: ViewDriver<World> = {
  machine: betPlacementMachine,

  async arrange(path) {
    await signInForTest();
    const closesAt = waitsForDeadline(path) ? Date.now() + DEADLINE_SOON_MS : CLOSES;
    // The server's clock: now (the deadline soon), or the fixtures' morning, days before the race.
    const bets = betsWorld({
      now: waitsForDeadline(path) ? Date.now() : T0,
      balance: first(path).guard === "belowMinimum" ? 20 : 100,
    });
    const world: World = { api: null as never, bets, closesAt, type: null, amount: 30, error: null };
    const routes = betsRoutes(bets);
    world.api = heldApi((call) => {
      if (call.path === PLACE && call.method === "POST") return "hold";
      if (call.path === `/api/v2/bets/circuits/${RACE_ID}` && call.method === "GET")
        return ok({
          ...raceBetsView(bets),
          closesAt: new Date(world.closesAt).toISOString(),
          open: bets.now < world.closesAt,
        });
      return routes(call);
    });
    renderWithApp(
      <>
        <Route path={paths.bets}>
          <BetsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/bets" },
    );
    await screen.findByRole("list", { name: "Riders and odds" });
    return world;
  },

  act: {
    // The first step is the player opening the modal on a rider: on a type (WIN), or on the rider for the choice.
    always({ world, index, step }) {
      if (index !== 0) return;
      if (step.guard === "expiredNow") clockPastClose(world);
      if (step.otherwise) {
        fireEvent.click(screen.getByRole("button", { name: new RegExp(`^Bet on ${RIDER}`) }));
        return;
      }
      world.type = "WIN";
      fireEvent.click(screen.getByRole("button", { name: new RegExp(`^Bet Win on ${RIDER} at odds`) }));
    },
    "bet.type": ({ world }) => {
      world.type = world.type === null ? "WIN" : otherType(world);
      fireEvent.click(typeButton(world.type));
    },
    "bet.amount": ({ world }) => {
      world.amount += 1;
      fireEvent.keyDown(inModal().getByRole("slider"), { key: "ArrowRight" });
    },
    async "bet.confirm"({ world, next }) {
      // Bets closed on the tab's clock, its timer not fired yet: the confirm's own check says so.
      if (next?.guard === "expiredNow") clockPastClose(world);
      // The same bet placed from another device meanwhile: the race read again, the rules refuse it at the confirm.
      if (next?.event === "always" && next.otherwise) {
        world.bets.bets = [betOf("r1", world.type!, 30)];
        world.error = "You already have this bet on this rider in this race";
        await readRaceAgain();
        await expect.poll(() => typeButton(world.type!).textContent).toContain("Placed");
      }
      fireEvent.click(placeButton());
    },
    "bet.retry": () => fireEvent.click(inModal().getByRole("button", { name: "Try Again" })),
    // The live balance push (the Store credited, another tab spent).
    "bet.balance": async ({ world }) => {
      world.bets.balance += 25;
      await act(() => applyBalanceUpdate(queryClient, { balance: String(world.bets.balance) }));
    },
    // The race read again after a bet on another rider from another device (the owner hands on changed data only).
    "bet.facts": async ({ world }) => {
      world.bets.bets = [betOf("r2", "WIN", 30), ...world.bets.bets];
      await readRaceAgain();
    },
    // An operator moved the race session an hour later: the race read again carries the new close.
    "bet.closeChanged": async ({ world }) => {
      world.closesAt = Math.max(world.closesAt, serverClock.now()) + 3_600_000;
      await readRaceAgain();
    },
    // The player waits with the modal open until bets close.
    "xstate.after.untilDeadline.betPlacement.open.editing": () => {},
    "done placeBet": async ({ world }) => {
      const routes = betsRoutes(world.bets);
      await world.api.answer("POST", PLACE, (call) => routes(call)!);
    },
    "error placeBet": async ({ world, step }) => {
      const answers: Record<string, [number, string, string]> = {
        raceStarted: [418, "raceStarted", "Race has already started"],
        poorOnServer: [402, "notEnoughDiamonds", "You don't have enough diamonds"],
        refusedOnServer: [409, "betAlreadyPlaced", "You already have this bet on this rider in this race"],
      };
      const [status, code, message] = answers[step.guard ?? ""] ?? [500, "somethingWentWrong", "Something went wrong."];
      world.error = message;
      await world.api.answer("POST", PLACE, refusal(status, code, message));
    },
  },

  shows: {
    "open.starting": null,
    "open.checking": null,
    async "open.editing.choosing"() {
      expect(await screen.findByText("Choose how you want to bet on this rider.")).toBeTruthy();
      expect(inModal().queryByRole("slider")).toBeNull();
      expect(inModal().queryByRole("button", { name: /^Place bet/ })).toBeNull();
    },
    async "open.editing.staking"({ world }: Step<World>) {
      await expect
        .poll(() => modal()?.querySelector("[role=slider]")?.getAttribute("aria-valuenow"))
        .toBe(String(world.amount));
      expect(typeButton(world.type!).getAttribute("aria-pressed")).toBe("true");
      const place = placeButton();
      expect(place.textContent).toBe(`Place bet: ${world.amount}`);
      expect((place as HTMLButtonElement).disabled).toBe(false);
      expect(
        inModal().getByText(
          `Balance: ${world.bets.balance} → ${world.bets.balance - world.amount} diamonds after this bet`,
        ),
      ).toBeTruthy();
      expect(inModal().queryByRole("alert")).toBeNull();
    },
    async "open.editing.insufficient"({ world }) {
      const notice = await screen.findByTestId("insufficient");
      expect(notice.textContent).toContain(
        world.error ?? `You have ${world.bets.balance} diamonds: the minimum stake is 30`,
      );
      expect(within(notice).getByRole("link", { name: "Get diamonds in the Store" })).toBeTruthy();
    },
    async "open.editing.incorrect"({ world }) {
      await expect.poll(() => inModal().queryByRole("alert")?.textContent).toBe(world.error);
      expect((placeButton() as HTMLButtonElement).disabled).toBe(true);
    },
    async "open.editing.failed"({ world }) {
      await expect.poll(() => inModal().queryByRole("alert")?.textContent).toBe(world.error);
      expect(inModal().getByRole("button", { name: "Try Again" })).toBeTruthy();
    },
    async "open.placing"() {
      await expect
        .poll(() => (inModal().getByRole("button", { name: "Cancel" }) as HTMLButtonElement).disabled)
        .toBe(true);
      expect(inModal().getByRole("group", { name: "Bet type" }).hasAttribute("disabled")).toBe(true);
    },
    async placed({ world }) {
      expect((await screen.findByTestId("bet-placed")).textContent).toBe("Bet is placed!");
      expect(screen.getByText(`${world.amount} diamonds on ${typeName[world.type!]} for ${RIDER}.`)).toBeTruthy();
      expect(screen.getByText(`Your balance is now ${world.bets.balance} diamonds.`)).toBeTruthy();
    },
    async expired({ step }) {
      // The server's 418 is the app's too: its RaceStarted modal comes on top of the expired bet.
      if (step.event === "error placeBet") expect(await screen.findByText("Race has already started")).toBeTruthy();
      else expect(await screen.findByText("The time to make the bet has expired")).toBeTruthy();
      expect(screen.queryByRole("slider")).toBeNull();
    },
  },

  cleanup() {
    // Back to the tab's own clock for the next path.
    serverClock.alignTo(new Date().toISOString());
  },
};
