// The predictionChange machine's driver: the paid change of a saved FP1 pick through the ChangePrediction modal of
// the real Predictions screen, with the app's weekend owner (`weekendActor`, src/features/predictions/weekendActor.ts)
// that spawns the change flow when the player picks another rider in change mode, and the modal host. The server is
// the predictions fake of the views tests (tests/views/predictions/predictionFixtures.ts) with the change's PUT held
// until the path's step answers it. The tab's server clock (`serverClock`, aligned by every weekend answer) is where
// the path needs it: two minutes before FP1 (BEFORE), the last seconds of EARLY, of LATE, or a second and a half
// before a tier ends for the flow's own timer; a jump of it while the modal is open is a sleeping laptop (no timer
// fired). The balance moves by the live balance push.
import { act, configure, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import { changeTiers } from "../../../contract/rules";
import { predictionChangeMachine } from "../../../machines/predictionChange.machine";
import type { QaPath } from "../../../scripts/paths";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import {
  pick,
  RACE_ID,
  routes,
  sessions,
  world as predictionWorld,
  type World as Server,
} from "../predictions/predictionFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

// The Predictions screen joins its board in a transition once its data is in: a second is not always enough here.
configure({ asyncUtilTimeout: 4000 });

const SECOND = 1000;
const MINUTE = 60_000;
/** The flow's own timer: set this long before its tier ends, short enough to wait for in a test. */
const TIMER_SOON_MS = 1500;
const CATEGORY = "Fastest in FP1";
const PREDICTION = `/api/predictions/races/${RACE_ID}`;
const fp1 = sessions.find((s) => s.type === "FP1")!;
const START = Date.parse(fp1.startsAt);
const END = Date.parse(fp1.endsAt);
const EARLY_ENDS = START + changeTiers.EARLY.minutesAfterStart * MINUTE;
const LATE_OPENS = END - changeTiers.LATE.minutesBeforeEnd * MINUTE;

/** Where the path starts on FP1's clock, from the guard the first check must meet. */
type Scenario = "confirm" | "poor" | "between" | "over";

type World = {
  api: HeldApi;
  server: Server;
  scenario: Scenario;
  /** The weekend was read once: later reads answer the tab's server clock (its jumps are the server's too). */
  loaded: boolean;
  /** The PUT answered 418: the app's race-started modal is over the change. */
  refused418: boolean;
};

function scenarioOf(path: QaPath): Scenario {
  const first = path.steps[1];
  if (first?.guard === "sessionOver") return "over";
  if (first?.guard === "betweenTiers") return "between";
  if (first?.guard === "cannotAfford") return "poor";
  return "confirm";
}
const waitsForTimer = (path: QaPath) => path.steps.some((s) => s.event.startsWith("xstate.after."));

/** The moment each scenario opens the page: BEFORE two minutes ahead of FP1, the last 90 seconds of EARLY or of LATE. */
const openAt = (scenario: Scenario) =>
  scenario === "between" ? EARLY_ENDS - 90 * SECOND : scenario === "over" ? END - 90 * SECOND : START - 2 * MINUTE;

/** The price on FP1's card when the player opens the change. */
const cardCost = (scenario: Scenario) =>
  scenario === "between"
    ? changeTiers.EARLY.cost
    : scenario === "over"
      ? changeTiers.LATE.cost
      : changeTiers.BEFORE.cost;

/** Where the player lingers in the chooser until: a tier closed, the session over, or a tier about to end. */
function lingerUntil(scenario: Scenario, timer: boolean): number | null {
  if (scenario === "between") return timer ? LATE_OPENS - TIMER_SOON_MS : EARLY_ENDS + 5 * SECOND;
  if (scenario === "over") return END + 5 * SECOND;
  return timer ? START - TIMER_SOON_MS : null;
}

/** The tab's server clock jumps (no timer fires): the server's is there too. */
const jumpTo = (at: number) => serverClock.alignTo(new Date(at).toISOString());

/** The ChangePrediction modal (the race-started modal may be over it). */
const changeModal = () =>
  screen
    .queryAllByRole("dialog")
    .find(
      (d) =>
        !within(d).queryByRole("list", { name: /^Riders for/ }) &&
        !/race has already started/i.test(d.textContent ?? ""),
    ) ?? null;
const inModal = () => within(changeModal()!);
const confirmButton = () => inModal().queryByRole<HTMLButtonElement>("button", { name: /^Change for \d+ diamonds$/ });
const tierName: Record<keyof typeof changeTiers, string> = {
  BEFORE: "Before the session:",
  EARLY: "First minutes of the session:",
  LATE: "Last minutes of the session:",
};
const costLine = (tier: keyof typeof changeTiers) =>
  `${changeTiers[tier].cost} diamonds per changed pick × 1 = ${changeTiers[tier].cost} diamonds`;

/** The modal asks to confirm the tier's price, its button ready. */
async function asksToConfirm(world: World, tier: keyof typeof changeTiers, repriced: boolean) {
  await expect.poll(() => confirmButton()?.textContent).toBe(`Change for ${changeTiers[tier].cost} diamonds`);
  await expect.poll(() => confirmButton()?.getAttribute("aria-busy") ?? null).toBeNull();
  expect(inModal().getByRole("heading", { name: "Change your prediction?" })).toBeTruthy();
  expect(inModal().getByText("Fastest in FP1: #63 Marco Bellini → #51 Luca Ferri")).toBeTruthy();
  expect(inModal().getByText(tierName[tier])).toBeTruthy();
  expect(inModal().getByText(costLine(tier))).toBeTruthy();
  const balance = world.server.balance;
  expect(
    inModal().getByText(`Balance: ${balance} → ${balance - changeTiers[tier].cost} diamonds after this`),
  ).toBeTruthy();
  if (repriced)
    expect(inModal().getByRole("alert").textContent).toBe(
      "The price has changed since you opened this. Please check it and confirm again.",
    );
  else expect(inModal().queryByRole("alert")).toBeNull();
}

async function tooPoor(world: World, tier: keyof typeof changeTiers) {
  await expect.poll(() => changeModal()?.querySelector("h2, [role=heading]")?.textContent).toBe("Not enough diamonds");
  expect(inModal().getByRole("alert").textContent).toBe(
    `This change costs ${changeTiers[tier].cost} diamonds and your balance is ${world.server.balance} diamonds.`,
  );
  expect(confirmButton()).toBeNull();
  expect(inModal().getByRole("button", { name: "Cancel" })).toBeTruthy();
}

async function closedNow() {
  await expect.poll(() => changeModal()?.textContent ?? "").toContain("Changes are closed right now");
  expect(inModal().getByRole("status").textContent).toMatch(
    /^Changes open again at .+, in the last minutes of the session\.$/,
  );
  expect(confirmButton()).toBeNull();
}

/** A press on the dimmed backdrop around the dialog, where a player clicks to dismiss it (Radix's outside press). */
function pressOutside(dialog: HTMLElement) {
  const overlay = [...document.querySelectorAll<HTMLElement>("[data-state=open]")].find(
    (el) => el !== dialog && !dialog.contains(el),
  );
  const target = overlay ?? document.body;
  fireEvent.pointerDown(target, { button: 0 });
  fireEvent.pointerUp(target, { button: 0 });
  fireEvent.click(target, { button: 0 });
}

/** The change PUTs the server was sent (held or answered). */
const changePuts = (world: World) => world.api.calls.filter((c) => c.path === PREDICTION && c.method === "PUT");

/** The board's weekend left as the app leaves it for the next player: nobody's draft, the tab's own clock. */
function forgetWeekend() {
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
  serverClock.alignTo(new Date().toISOString());
}

export const predictionChangeDriver: ViewDriver<World> = {
  machine: predictionChangeMachine,

  async arrange(path) {
    await signInForTest();
    const scenario = scenarioOf(path);
    const server = predictionWorld({
      now: openAt(scenario),
      balance: scenario === "poor" ? 5 : 100,
      picks: [pick("FP1", "r1")],
    });
    const world: World = { api: null as never, server, scenario, loaded: false, refused418: false };
    const fake = routes(server);
    world.api = heldApi((call) => {
      if (call.path === PREDICTION && call.method === "PUT") return "hold";
      if (call.path === PREDICTION && call.method === "GET") {
        if (world.loaded) server.now = serverClock.now();
        world.loaded = true;
      }
      return fake(call);
    });
    renderWithApp(
      <>
        <Route path={paths.predictions}>
          <PredictionsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/predictions" },
    );
    await screen.findByRole("button", { name: `Change · ${cardCost(scenario)} (${CATEGORY})` });
    return world;
  },

  act: {
    // Step 0: the player presses Change on FP1's card and picks another rider; the weekend spawns the change flow.
    async always({ world, index, path }: Step<World>) {
      if (index !== 0) return;
      fireEvent.click(screen.getByRole("button", { name: `Change · ${cardCost(world.scenario)} (${CATEGORY})` }));
      const chooser = await screen.findByRole("list", { name: /^Riders for/ });
      const until = lingerUntil(world.scenario, waitsForTimer(path));
      if (until !== null) jumpTo(until);
      fireEvent.click(within(chooser).getByRole("button", { name: /Luca Ferri/ }));
    },
    "change.cancel": () => fireEvent.click(inModal().getByRole("button", { name: "Cancel" })),
    "change.retry": () => fireEvent.click(inModal().getByRole("button", { name: "Try Again" })),
    // Diamonds arrive (bought in another tab, an operator's grant): the live balance push.
    "change.balance": async ({ world }) => {
      world.server.balance += 100;
      await act(() => applyBalanceUpdate(queryClient, { balance: String(world.server.balance) }));
    },
    "change.confirm": ({ next }) => {
      // The device slept while the modal stayed open and woke in FP1's first minute: no timer fired.
      if (next?.event === "always" && next.otherwise) jumpTo(START + MINUTE);
      fireEvent.click(confirmButton()!);
    },
    // The player waits with the modal open while the tier ends (the clock is a second and a half before it).
    "xstate.after.untilTierEnds.predictionChange.confirming": () => {},
    "xstate.after.untilTierEnds.predictionChange.insufficient": () => {},
    "xstate.after.untilLateOpens.predictionChange.between": () => {},
    "done submitChange": async ({ world }) => {
      await world.api.answer("PUT", PREDICTION, (call) => routes(world.server)(call)!);
    },
    "error submitChange": async ({ world, step }) => {
      if (step.guard === "raceStarted") {
        // The server's clock was past the session's start when the change arrived.
        world.refused418 = true;
        await world.api.answer("PUT", PREDICTION, refusal(418, "raceStarted", "Race has already started"));
      } else if (step.guard === "priceMoved") {
        // The server's clock was in EARLY: the BEFORE price confirmed is not its price.
        await world.api.answer(
          "PUT",
          PREDICTION,
          refusal(409, "changeConfirmation", "The price of the change has changed. Please check it and confirm again"),
        );
      } else {
        // The diamonds were spent in another tab meanwhile: the ledger refuses.
        await world.api.answer("PUT", PREDICTION, refusal(402, "notEnoughDiamonds", "You don't have enough diamonds"));
      }
    },
  },

  shows: {
    // The flow starts as the chooser closes and decides at once.
    idle: null,
    // Transient: the rules decide again; where a path ends here, the modal shows what they decided.
    async checking({ world, step, index }) {
      if (index === 0) return;
      switch (step.event) {
        // Woken in EARLY: the new price to confirm, with the reason.
        case "always":
          return asksToConfirm(world, "EARLY", true);
        // Enough diamonds now (or more than enough): the same price, the new balance.
        case "change.balance":
          return asksToConfirm(world, "BEFORE", false);
        case "xstate.after.untilTierEnds.predictionChange.confirming":
          return asksToConfirm(world, "EARLY", true);
        case "xstate.after.untilTierEnds.predictionChange.insufficient":
          return tooPoor(world, "EARLY");
        case "xstate.after.untilLateOpens.predictionChange.between":
          return asksToConfirm(world, "LATE", false);
        // The server priced it otherwise; on this tab's clock the price is still BEFORE's: confirmed again.
        case "error submitChange":
          expect(changePuts(world)).toHaveLength(1);
          return asksToConfirm(world, "BEFORE", false);
        default:
          throw new Error(`no check after ${step.event}`);
      }
    },
    async rechecking({ world, next }) {
      // The price no longer holds: nothing is sent, the next step shows the new one.
      if (next?.otherwise) return;
      await expect.poll(() => confirmButton()?.getAttribute("aria-busy")).toBe("true");
      await expect.poll(() => changePuts(world).length).toBeGreaterThan(0);
    },
    async confirming({ world }) {
      await asksToConfirm(world, "BEFORE", false);
      expect(changePuts(world)).toEqual([]);
    },
    async insufficient({ world }) {
      await tooPoor(world, "BEFORE");
      expect(changePuts(world)).toEqual([]);
    },
    async between({ step }) {
      await closedNow();
      if (step.event === "change.balance") expect(screen.getByTestId("balance").textContent).toBe("200");
    },
    async submitting({ world }) {
      await expect.poll(() => confirmButton()?.getAttribute("aria-busy")).toBe("true");
      expect(inModal().getByRole<HTMLButtonElement>("button", { name: "Cancel" }).disabled).toBe(true);
      await expect
        .poll(() => world.api.held.map((h) => h.call.body))
        .toEqual([
          {
            version: 3,
            data: [{ category: "FP1", riderId: "r4" }],
            change: { tier: "BEFORE", cost: changeTiers.BEFORE.cost },
          },
        ]);
    },
    async changed({ world }) {
      await expect.poll(() => inModal().queryByRole("status")?.textContent).toBe("Prediction changed");
      expect(inModal().getByText(`Your balance is now ${world.server.balance} diamonds`)).toBeTruthy();
      expect(inModal().getByRole("button", { name: "OK" })).toBeTruthy();
    },
    async expired({ world }) {
      if (world.refused418) {
        // Spec §8: a 418 opens the app's race-started modal over the change (no button); a press beside it closes it.
        const started = await screen.findByRole("dialog", { name: /race has already started/i });
        await act(() => new Promise((r) => setTimeout(r, 0)));
        pressOutside(started);
        await expect.poll(() => screen.queryByRole("dialog", { name: /race has already started/i })).toBeNull();
      }
      await expect
        .poll(() => changeModal()?.querySelector("[role=alert]")?.textContent)
        .toBe("The time to make the prediction has expired");
      expect(inModal().getByRole("button", { name: "OK" })).toBeTruthy();
      if (!world.refused418) expect(changePuts(world)).toEqual([]);
    },
    async failed({ world, step }) {
      await expect
        .poll(() => changeModal()?.querySelector("[role=alert]")?.textContent)
        .toBe("You don't have enough diamonds");
      expect(inModal().getByRole("button", { name: "Try Again" })).toBeTruthy();
      expect(inModal().getByRole("button", { name: "Cancel" })).toBeTruthy();
      if (step.event === "change.balance")
        expect(screen.getByTestId("balance").textContent).toBe(String(world.server.balance));
    },
    async canceled({ world, path }) {
      await expect.poll(changeModal).toBeNull();
      expect(screen.queryByRole("dialog")).toBeNull();
      // Only the change the server refused was sent.
      expect(changePuts(world)).toHaveLength(path.steps.some((st) => st.event === "error submitChange") ? 1 : 0);
      // The saved pick stays.
      expect(within(screen.getByRole("listitem", { name: CATEGORY })).getByText("Marco Bellini")).toBeTruthy();
    },
  },

  cleanup: forgetWeekend,
};
