// The predictionForm machine's driver: the save bar and the cards of the real Predictions screen, on the form the
// weekend's owner (`weekendActor`, src/features/predictions/weekendActor.ts) spawns when its data arrives, against
// the predictions fake of the views tests (tests/views/predictions/predictionFixtures.ts) with the save's POST held
// until the path's step answers it; a day before FP1, nothing saved. A form starts dirty when the weekend kept a
// draft: the player chose Luca Ferri for Practice fastest, left Predictions and came back. A choice is a card's
// action and a rider in the ChooseRider modal. What decides the guards: a category the player saved on another
// device, or a podium rider taken there, while the chooser is open (the picks are read again when an injured-rider
// notice arrives on the live socket); Practice Fastest starting (a race event pushed on the socket: its unsaved
// choice goes); the save's answer (stored, a 418 naming Practice Fastest, a 500). The live balance push makes the
// weekend hand the form the closed categories again while nothing closes.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import type { SessionType } from "../../../contract/enums";
import { predictionFormMachine } from "../../../machines/predictionForm.machine";
import type { QaPath } from "../../../scripts/paths";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { paths } from "../../../src/config/paths";
import { json } from "../fixtures";
import { push } from "../liveMock";
import { pick, RACE_ID, routes, startOf } from "../predictions/predictionFixtures";
import { refusal } from "./heldApi";
import {
  boardShown,
  card,
  choose,
  chooserList,
  chooserOpen,
  forgetWeekend,
  openPredictions,
  PREDICTION,
  pressCardAction,
  riderOn,
  saveMessage,
  saves,
  type Screen,
} from "./predictionsSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

const PF = "Practice fastest";
const FP1 = "Fastest in FP1";
const FP2 = "Fastest in FP2";
const POLE = "Pole position";
const RACE_WINNER = "Race winner";
const RACE_SECOND = "Race 2nd place";
const LATE_SAVE = "Already started: Practice Fastest. What you chose there was not saved; your other choices are kept.";

type World = Screen & { balance: number; notices: number };

const startsDirty = (path: QaPath) => !path.steps[0]!.otherwise;
const saveButton = () => screen.queryByRole<HTMLButtonElement>("button", { name: "Save predictions" });
const notSaved = (category: string) => within(card(category)).queryByText("Not saved") !== null;
const started = (category: string) => within(card(category)).queryAllByText("Session started").length > 0;

/** A race event on the live socket: a session has started on the server's clock. */
const sessionStarts = (session: SessionType) =>
  push("races", {
    type: "RACE_STARTED",
    raceId: RACE_ID,
    sessionId: `s-${session}`,
    session,
    raceName: "Czech Grand Prix",
    circuitType: "FLOWING",
    version: 3,
    at: new Date(startOf(session) + 30_000).toISOString(),
  });

/** The live balance push: the weekend hands its form the closed categories again, and nothing has closed. */
async function balanceMoves(world: World) {
  world.balance += 50;
  world.server.balance = world.balance;
  await act(() => applyBalanceUpdate(queryClient, { balance: String(world.balance) }));
}

/**
 * The player's other device saved `category` on `riderId`; an injured-rider notice comes on the live socket and the
 * weekend reads its picks again, with the modal still open.
 */
async function savedElsewhere(world: World, category: Parameters<typeof pick>[0], riderId: string, shown: string) {
  world.server.picks.push(pick(category, riderId));
  world.notices += 1;
  await push("notifications", [
    {
      id: `n${world.notices}`,
      type: "INJURED_RIDER_PREDICTIONS",
      value: { riderName: "Kenji Sato", riderId: "r3", raceName: "Czech Grand Prix", refunded: 0 },
      createdAt: new Date().toISOString(),
      isRead: false,
    },
  ]);
  await expect.poll(() => within(card(shown)).queryByText("Saved")).not.toBeNull();
}

/** The save bar asks to save the draft's one choice. */
async function asksToSave(count = 1) {
  await expect.poll(saveMessage).toBe(`Choices not saved yet: ${count}`);
  expect(saveButton()?.disabled).toBe(false);
  expect(saveButton()?.getAttribute("aria-busy")).not.toBe("true");
}

/** The failed save: the server's message, Close and Try Again. */
async function saveFailed() {
  await expect.poll(() => screen.queryByText("Something went wrong.")?.getAttribute("role")).toBe("alert");
  expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
  expect(screen.getByRole("button", { name: "Close" })).toBeTruthy();
  expect(saveButton()).toBeNull();
}

/** Nothing to save: no save bar, Practice fastest's choice gone with its session. */
async function nothingLeft() {
  await expect.poll(saveMessage).toBeNull();
  expect(saveButton()).toBeNull();
  expect(riderOn(PF)).toBeNull();
}

export const predictionFormDriver: ViewDriver<World> = {
  machine: predictionFormMachine,

  async arrange(path) {
    const screenWorld = await openPredictions({
      hold: (call) => call.path === PREDICTION && call.method === "POST",
    });
    const world: World = { ...screenWorld, balance: 100, notices: 0 };
    // The notifications list is there to receive the live notices.
    world.server.extra = (call) =>
      call.path === "/api/notifications" && call.method === "GET" ? json(200, { result: [] }) : undefined;
    // The form the first visit spawned took `route` too: the restored draft on the second visit is what the screen shows.
    if (startsDirty(path)) {
      await choose(PF, "Luca Ferri");
      world.navigate("/leagues");
      await expect.poll(() => screen.queryByRole("listitem", { name: PF })).toBeNull();
      world.navigate(paths.predictions);
      await boardShown();
    }
    return world;
  },

  act: {
    async "form.choose"({ world, step }) {
      if (step.guard === "categorySaved") {
        pressCardAction("Choose rider", POLE);
        await chooserList(POLE);
        await savedElsewhere(world, "POLEMAN", "r4", POLE);
        fireEvent.click(within(await chooserList(POLE)).getByRole("button", { name: /Tom Hale/ }));
      } else if (step.guard === "duplicateRider") {
        pressCardAction("Choose rider", RACE_SECOND);
        await chooserList(RACE_SECOND);
        await savedElsewhere(world, "RACE_FIRST", "r4", RACE_WINNER);
        fireEvent.click(within(await chooserList(RACE_SECOND)).getByRole("button", { name: /Luca Ferri/ }));
      } else await choose(FP1, "Marco Bellini");
    },
    // The other device saved FP2: the picks are read again (an injured-rider notice), with news.
    "form.sync": ({ world }) => savedElsewhere(world, "FP2", "r1", FP2),
    async "form.close"({ world, step }) {
      if (step.guard === "closesChoice" || step.guard === "closesAll") await sessionStarts("PF");
      else await balanceMoves(world);
    },
    "form.save": () => fireEvent.click(saveButton()!),
    "form.retry": () => fireEvent.click(screen.getByRole("button", { name: "Try Again" })),
    "form.dismiss": () => fireEvent.click(screen.getByRole("button", { name: "Close" })),
    "done save": async ({ world }) => {
      await world.api.answer("POST", PREDICTION, (call) => routes(world.server)(call)!);
    },
    "error save": async ({ world, step }) => {
      if (step.guard === "raceStarted") {
        // The server's clock has passed Practice Fastest's start, ahead of the tab's.
        world.server.now = startOf("PF") + 60_000;
        await world.api.answer(
          "POST",
          PREDICTION,
          json(418, { statusCode: 418, code: "raceStarted", message: "Race has already started", sessions: ["PF"] }),
        );
      } else await world.api.answer("POST", PREDICTION, refusal(500, "somethingWentWrong", "Something went wrong."));
    },
  },

  shows: {
    // Passed through at once; where a path ends here, what the form came back to is checked.
    async "editing.route"({ step }: Step<World>) {
      switch (step.event) {
        case "form.choose":
          await asksToSave(2);
          expect(riderOn(FP1)).toContain("Marco Bellini");
          expect(notSaved(FP1)).toBe(true);
          return;
        // The fresh data: FP2 saved, the draft's choice still to save.
        case "form.sync":
          await expect.poll(() => riderOn(FP2)).toContain("Marco Bellini");
          await asksToSave();
          return;
        case "form.close":
          await nothingLeft();
          expect(started(PF)).toBe(true);
          return;
        case "error save":
          await expect.poll(() => screen.queryByText(LATE_SAVE)?.getAttribute("role")).toBe("alert");
          expect(riderOn(PF)).toBeNull();
          expect(saveButton()).toBeNull();
          return;
        case "form.dismiss":
          await asksToSave();
          expect(screen.queryByText("Something went wrong.")).toBeNull();
          return;
        default:
          throw new Error(`no check after ${step.event}`);
      }
    },
    async "editing.dirty"({ step, world }) {
      if (step.guard === "categorySaved") {
        await expect.poll(chooserOpen).toBe(false);
        await expect
          .poll(() =>
            screen.queryByText("A saved prediction changes only through Change prediction")?.getAttribute("role"),
          )
          .toBe("alert");
        expect(riderOn(POLE)).toContain("Luca Ferri");
      } else if (step.guard === "duplicateRider") {
        await expect.poll(chooserOpen).toBe(false);
        await expect.poll(saveMessage).toBe("#51 Luca Ferri is already your Race winner pick");
        expect(riderOn(RACE_SECOND)).toBeNull();
      } else {
        if (step.event === "form.close")
          await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.balance));
        await asksToSave();
      }
      expect(riderOn(PF)).toContain("Luca Ferri");
      expect(notSaved(PF)).toBe(true);
    },
    async "editing.clean"() {
      await expect.poll(() => riderOn(PF)).toBeNull();
      expect(saveMessage()).toBeNull();
      expect(saveButton()).toBeNull();
    },
    // The save is on its way: Save busy, every choice sent as POST with the weekend's version.
    async saving({ world, step }) {
      await expect.poll(() => saveButton()?.getAttribute("aria-busy")).toBe("true");
      await expect
        .poll(() => world.api.held.map((h) => h.call.body))
        .toEqual([{ version: 3, data: [{ category: "PRACTICE_FASTEST", riderId: "r4" }] }]);
      if (step.event === "form.retry") expect(saves(world.api)).toHaveLength(2);
      if (step.event === "form.close")
        await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.balance));
    },
    async "editing.saved"() {
      await expect.poll(saveMessage).toBe("Predictions saved");
      expect(within(card(PF)).getByText("Saved")).toBeTruthy();
      expect(saveButton()).toBeNull();
    },
    async failed({ world, step }) {
      await saveFailed();
      if (step.event === "form.close")
        await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.balance));
      expect(riderOn(PF)).toContain("Luca Ferri");
    },
  },

  cleanup: forgetWeekend,
};
