import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { chooserFor, type Chooser } from "../../contract/weekendRules/view";
import { chooseRiderMachine } from "../../machines/chooseRider.machine";

// The chooser's paths are walked in the Predictions screen's ChooseRider modal (tests/views/paths/chooseRider.paths.test.tsx),
// with the coverage of every transition; these are the riders the rules offer or not, which the paths do not spell out.

const riders = [
  { id: "a", available: true },
  { id: "b", available: true },
  { id: "c", available: false },
  { id: "d", available: true },
];
// Changing the race winner: b holds second (a swap), a is the current pick, c is injured.
const chooser: Chooser = chooserFor(
  "RACE_FIRST",
  "change",
  { RACE_FIRST: "a", RACE_SECOND: "b" },
  { RACE_FIRST: "a", RACE_SECOND: "b" },
  riders,
);
/** The chooser's outcome after one pick. */
function run(riderId: string) {
  const actor = createActor(chooseRiderMachine, { input: { chooser } }).start();
  actor.send({ type: "chooser.pick", riderId });
  return actor.getSnapshot().output;
}

describe("ChooseRider: a rider the rules offer is picked, anything else leaves", () => {
  it("a free rider, or one who swaps places, is the outcome", () => {
    expect(run("d")).toEqual({ riderId: "d" });
    expect(run("b")).toEqual({ riderId: "b" });
  });
  it("the current pick, an injured rider or an unknown one changes nothing", () => {
    expect(run("a")).toBeNull();
    expect(run("c")).toBeNull();
    expect(run("zz")).toBeNull();
  });
});
