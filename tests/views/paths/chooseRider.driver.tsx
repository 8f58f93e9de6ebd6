// The chooseRider machine's driver: the ChooseRider modal of the real Predictions screen, on the chooser the
// weekend's owner (`weekendActor`, src/features/predictions/weekendActor.ts) spawns when the player presses a card's
// action, here FP1's. The chooser's options come from the contract (tests/views/predictions/predictionFixtures.ts:
// five riders, Kenji Sato injured). What decides `choosable` is the rider pressed: Luca Ferri is offered; Marco
// Bellini, when he is already the FP1 choice, changes nothing.
import { screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { chooseRiderMachine } from "../../../machines/chooseRider.machine";
import type { QaPath } from "../../../scripts/paths";
import {
  choose,
  chooserList,
  chooserOpen,
  forgetWeekend,
  openPredictions,
  pressCardAction,
  riderOn,
  saveMessage,
  type Screen,
} from "./predictionsSupport";
import type { ViewDriver } from "./walkInJsdom";

const FP1 = "Fastest in FP1";
/** The path picks the rider already chosen. */
const picksSame = (path: QaPath) => path.steps[0]!.otherwise;

type World = Screen & { same: boolean };

export const chooseRiderDriver: ViewDriver<World> = {
  machine: chooseRiderMachine,

  async arrange(path) {
    const same = picksSame(path);
    const world = { ...(await openPredictions()), same };
    // The rider already chosen is there to be pressed again.
    if (same) await choose(FP1, "Marco Bellini");
    return world;
  },

  act: {
    async "chooser.pick"({ world }) {
      pressCardAction(world.same ? "Choose another" : "Choose rider", FP1);
      const list = await chooserList(FP1);
      expect(screen.getByRole("heading", { name: `${FP1}: choose a rider` })).toBeTruthy();
      // The injured rider is offered disabled, with the reason.
      const injured = within(list).getByRole<HTMLButtonElement>("button", { name: /Kenji Sato/ });
      expect(injured.disabled).toBe(true);
      expect(injured.textContent).toContain("Injured");
      const rider = within(list).getByRole<HTMLButtonElement>("button", {
        name: new RegExp(world.same ? "Marco Bellini" : "Luca Ferri"),
      });
      expect(rider.getAttribute("aria-pressed")).toBe(String(world.same));
      rider.click();
    },
  },

  shows: {
    // The modal closes and the pick is the card's unsaved choice.
    async picked() {
      await expect.poll(chooserOpen).toBe(false);
      expect(riderOn(FP1)).toContain("Luca Ferri");
      expect(within(screen.getByRole("listitem", { name: FP1 })).getByText("Not saved")).toBeTruthy();
      expect(saveMessage()).toBe("Choices not saved yet: 1");
    },
    // The modal closes and nothing changed: the same choice, no refusal in the save bar.
    async left() {
      await expect.poll(chooserOpen).toBe(false);
      expect(riderOn(FP1)).toContain("Marco Bellini");
      expect(saveMessage()).toBe("Choices not saved yet: 1");
    },
  },

  cleanup: forgetWeekend,
};
