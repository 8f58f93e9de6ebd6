// The predictionWeekend machine's driver: the real Predictions screen and its owner (`weekendActor`,
// src/features/predictions/weekendActor.ts, the app's one weekend) with the modal host, against the predictions fake
// of the views tests (tests/views/predictions/predictionFixtures.ts): FP1 saved on Marco Bellini (a paid change), FP2
// saved on the injured Kenji Sato (a free re-pick), the rest open, a day before FP1. The screen opens the weekend when
// it mounts and closes it when the player leaves; the weekend's first read is held until the path's data step answers
// it. The card the path presses decides its guards: Practice fastest's Choose rider (a form choice), FP1's Change
// (the change flow; Marco Bellini pressed again changes nothing) or FP2's free re-pick (its PUT held). The clock moves
// by a race event pushed on the live socket (the app's live module mock), or by the weekend's own timer with the
// server's clock six seconds before FP1.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { changeTiers } from "../../../contract/rules";
import { predictionWeekendMachine } from "../../../machines/predictionWeekend.machine";
import type { QaPath } from "../../../scripts/paths";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { push } from "../liveMock";
import { pick, RACE_ID, routes, startOf, T0 } from "../predictions/predictionFixtures";
import type { Call } from "../screens/stubRoutes";
import { refusal } from "./heldApi";
import {
  boardShown,
  card,
  chooserList,
  chooserOpen,
  forgetWeekend,
  PREDICTION,
  pressCardAction,
  renderPredictions,
  riderOn,
  saveMessage,
  stubPredictions,
  type Screen,
} from "./predictionsSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

const READY = "open.ready.clock.waiting + open.ready.flow.idle";
const FP1 = "Fastest in FP1";
const FP2 = "Fastest in FP2";
const PF = "Practice fastest";
const FP1_STARTS = startOf("FP1");
/** The weekend's timer is waited for in real time: the server's clock is this far before FP1's start. */
const TIMER_SOON_MS = 6000;

/** The card a path presses: the one whose mode its steps need. */
type Card = { category: string; action: string };
const cards = {
  choose: { category: PF, action: "Choose rider" },
  change: { category: FP1, action: `Change · ${changeTiers.BEFORE.cost}` },
  repick: { category: FP2, action: "Choose another rider (free)" },
} satisfies Record<string, Card>;

function cardOf(path: QaPath): Card {
  const states = path.steps.map((s) => s.state);
  if (states.some((s) => s.endsWith("flow.repicking"))) return cards.repick;
  if (states.some((s) => s.endsWith("flow.changing"))) return cards.change;
  if (path.steps.some((s) => s.event === "done chooser" && s.otherwise)) return cards.change;
  return cards.choose;
}

type World = Pick<Screen, "api" | "server"> & {
  navigate: Screen["navigate"] | null;
  card: Card;
  /** The weekend's first read was answered (later reads are the fake's at once). */
  loaded: boolean;
  balance: number;
};

const gets = (world: World) => world.api.calls.filter((c) => c.path === PREDICTION && c.method === "GET");
const puts = (world: World) => world.api.calls.filter((c) => c.path === PREDICTION && c.method === "PUT");
const dialog = () => screen.queryByRole("dialog");
const started = (category: string) => within(card(category)).queryAllByText("Session started").length > 0;

/** The board as the data has it: the saved picks, each card's action. */
async function boardAsLoaded() {
  await boardShown();
  expect(riderOn(FP1)).toContain("Marco Bellini");
  expect(riderOn(FP2)).toContain("Kenji Sato");
  expect(riderOn(PF)).toBeNull();
  for (const c of Object.values(cards))
    expect(screen.getByRole("button", { name: `${c.action} (${c.category})` })).toBeTruthy();
  expect(dialog()).toBeNull();
}

/** What the ready weekend shows after each step that leaves it idle. */
async function ready({ world, step, path, index }: Step<World>) {
  switch (step.event) {
    case "weekend.data":
      if (!world.loaded) throw new Error("the weekend's first read is not answered");
      if (index === path.steps.findIndex((s) => s.event === "weekend.data")) return boardAsLoaded();
      // A save's answer is the weekend's fresh data: the card saved.
      await expect.poll(saveMessage).toBe("Predictions saved");
      expect(within(card(PF)).getByText("Saved")).toBeTruthy();
      return;
    case "weekend.balance":
      await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.balance));
      return;
    // The server's clock was past a start (418): the weekend is read again, the choice kept to be saved again.
    case "weekend.reload":
      await expect.poll(() => gets(world).length).toBe(2);
      expect(riderOn(PF)).toContain("Luca Ferri");
      return;
    // FP1 has started: its card closes, the others still choose.
    case "weekend.clock":
    case `xstate.after.untilNextMoment.predictionWeekend.open.ready.clock.waiting`:
      await expect.poll(() => started(FP1)).toBe(true);
      expect(started(PF)).toBe(false);
      return;
    // Marco Bellini again: nothing to change, the modal gone, nothing sent.
    case "done chooser":
      await expect.poll(chooserOpen).toBe(false);
      expect(riderOn(FP1)).toContain("Marco Bellini");
      expect(puts(world)).toEqual([]);
      return;
    case "chooser.closed":
      await expect.poll(chooserOpen).toBe(false);
      expect(riderOn(PF)).toBeNull();
      return;
    // The pick is the form's choice, not saved yet.
    case "always":
      await expect.poll(() => riderOn(PF)).toContain("Luca Ferri");
      expect(within(card(PF)).getByText("Not saved")).toBeTruthy();
      expect(saveMessage()).toBe("Choices not saved yet: 1");
      return;
    // The change was made and its modal closed with OK.
    case "change.closed":
      await expect.poll(dialog).toBeNull();
      await expect.poll(() => riderOn(FP1)).toContain("Luca Ferri");
      return;
    case "done repick":
      await expect.poll(() => riderOn(FP2)).toContain("Luca Ferri");
      expect(dialog()).toBeNull();
      return;
    // A refusal other than a 418 is said in a modal.
    case "error repick":
      await expect.poll(() => dialog()?.textContent ?? "").toContain("Rider has been Injured");
      expect(riderOn(FP2)).toContain("Kenji Sato");
      return;
    default:
      throw new Error(`no check after ${step.event}`);
  }
}

const changeModal = () => within(dialog()!);

export const predictionWeekendDriver: ViewDriver<World> = {
  machine: predictionWeekendMachine,

  async arrange(path) {
    const waitsForTimer = path.steps.some((s) => s.event.startsWith("xstate.after."));
    const reloads = path.steps.some((s) => s.event === "weekend.reload");
    const world: World = {
      api: null as never,
      server: null as never,
      navigate: null,
      card: cardOf(path),
      loaded: false,
      balance: 100,
    };
    const stubbed = await stubPredictions({
      picks: [pick("FP1", "r1"), pick("FP2", "r3")],
      now: waitsForTimer ? FP1_STARTS - TIMER_SOON_MS : T0,
      hold: (call) =>
        call.path === PREDICTION &&
        ((call.method === "GET" && !world.loaded) || (call.method === "PUT" && world.card === cards.repick)),
    });
    Object.assign(world, stubbed);
    // The server's clock has passed a start this tab's has not: it refuses the save.
    if (reloads)
      world.server.extra = (call) =>
        call.path === PREDICTION && call.method === "POST"
          ? refusal(418, "raceStarted", "Race has already started")
          : undefined;
    return world;
  },

  act: {
    // The player opens Predictions (the screen opens the weekend once the race's heading is on screen).
    "weekend.open": ({ world }) => {
      world.navigate = renderPredictions();
    },
    // The player leaves Predictions.
    "weekend.close": ({ world }) => world.navigate!("/leagues"),
    // The weekend's first read comes back.
    "weekend.data": async ({ world }) => {
      if (!world.loaded) {
        world.loaded = true;
        await world.api.answer("GET", PREDICTION, (call) => fakeAnswer(world, call));
        return;
      }
      // Later data: the player saves a choice, and the save's answer is the weekend's fresh data.
      await choosePractice();
      fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    },
    // The live balance push (diamonds bought in another tab).
    "weekend.balance": async ({ world }) => {
      world.balance += 50;
      world.server.balance = world.balance;
      await act(() => applyBalanceUpdate(queryClient, { balance: String(world.balance) }));
    },
    // A save the server refuses with 418 makes the app read the weekend again.
    "weekend.reload": async () => {
      await choosePractice();
      fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    },
    // A race event on the live socket: FP1 has started on the server's clock, ahead of the tab's timer.
    "weekend.clock": () =>
      push("races", {
        type: "RACE_STARTED",
        raceId: RACE_ID,
        sessionId: "s-FP1",
        session: "FP1",
        raceName: "Czech Grand Prix",
        circuitType: "FLOWING",
        version: 3,
        at: new Date(FP1_STARTS + 30_000).toISOString(),
      }),
    // The player waits for FP1's start with the screen open.
    "xstate.after.untilNextMoment.predictionWeekend.open.ready.clock.waiting": () => {},
    "card.press": ({ world }) => pressCardAction(world.card.action, world.card.category),
    // Marco Bellini is FP1's saved pick: pressed in the change chooser, nothing changes.
    "done chooser": async ({ world, step }) => {
      const list = await chooserList(world.card.category);
      const rider = step.otherwise ? "Marco Bellini" : "Luca Ferri";
      fireEvent.click(within(list).getByRole("button", { name: new RegExp(rider) }));
    },
    "chooser.closed": async ({ world }) => {
      await chooserList(world.card.category);
      fireEvent.keyDown(dialog()!, { key: "Escape" });
    },
    "done change": () => fireEvent.click(changeModal().getByRole("button", { name: "Cancel" })),
    // The change is confirmed, made, and its outcome closed with OK.
    "change.closed": async () => {
      const confirm = await screen.findByRole("button", { name: `Change for ${changeTiers.BEFORE.cost} diamonds` });
      fireEvent.click(confirm);
      await expect.poll(() => changeModal().queryByRole("status")?.textContent).toBe("Prediction changed");
      fireEvent.click(changeModal().getByRole("button", { name: "OK" }));
    },
    "done repick": async ({ world }) => {
      await world.api.answer("PUT", PREDICTION, (call) => fakeAnswer(world, call));
    },
    // The rider was injured too meanwhile: the server refuses.
    "error repick": async ({ world }) => {
      await world.api.answer("PUT", PREDICTION, refusal(409, "riderInjured", "Rider has been Injured"));
    },
  },

  shows: {
    async closed() {
      await expect.poll(() => screen.queryByRole("heading", { level: 2, name: "Czech Grand Prix" })).toBeNull();
      expect(screen.queryByText("Loading the race weekend…")).toBeNull();
      expect(screen.queryByRole("listitem", { name: PF })).toBeNull();
    },
    // The race's heading, and the weekend loading under it.
    async "open.loading"() {
      await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" });
      expect(screen.getByText("Loading the race weekend…")).toBeTruthy();
      expect(screen.queryByRole("listitem", { name: PF })).toBeNull();
    },
    [READY]: ready,
    async "open.ready.clock.waiting + open.ready.flow.choosing"({ world }) {
      const list = await chooserList(world.card.category);
      expect(screen.getByRole("heading", { name: `${world.card.category}: choose a rider` })).toBeTruthy();
      expect(within(list).getAllByRole("button")).toHaveLength(5);
    },
    // Passed through at once: the chooser has closed; the next step shows where the pick went.
    async "open.ready.clock.waiting + open.ready.flow.deciding"() {
      await expect.poll(chooserOpen).toBe(false);
    },
    async "open.ready.clock.waiting + open.ready.flow.changing"({ step }) {
      // Canceled: the modal goes, the saved pick stays.
      if (step.event === "done change") {
        await expect.poll(dialog).toBeNull();
        expect(riderOn(FP1)).toContain("Marco Bellini");
        return;
      }
      await expect
        .poll(() => dialog()?.textContent ?? "")
        .toContain("Fastest in FP1: #63 Marco Bellini → #51 Luca Ferri");
      expect(changeModal().getByRole("heading", { name: "Change your prediction?" })).toBeTruthy();
    },
    // The free re-pick is on its way: FP2 to Luca Ferri, at the weekend's version, with no price.
    async "open.ready.clock.waiting + open.ready.flow.repicking"({ world }) {
      await expect.poll(chooserOpen).toBe(false);
      await expect
        .poll(() => world.api.held.map((h) => h.call.body))
        .toEqual([{ version: 3, data: [{ category: "FP2", riderId: "r4" }] }]);
    },
  },

  cleanup: forgetWeekend,

  unplayable(path) {
    const last = path.steps.at(-1)!;
    // The screen closes a weekend before it opens another: useWeekendOpen's effect cleans up before it runs again.
    if (last.event === "weekend.open" && path.steps.length > 1)
      return "the screen closes its weekend before it opens another (useWeekendOpen's cleanup)";
    return null;
  },
};

/** The fake's own answer to a held call. */
const fakeAnswer = (world: World, call: Call) => routes(world.server)(call)!;

async function choosePractice() {
  pressCardAction(cards.choose.action, PF);
  const list = await chooserList(PF);
  fireEvent.click(within(list).getByRole("button", { name: /Luca Ferri/ }));
  await expect.poll(chooserOpen).toBe(false);
}
