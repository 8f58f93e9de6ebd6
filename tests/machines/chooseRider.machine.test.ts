import { describe, expect, it } from "vitest";
import { createActor, createMachine } from "xstate";
import { chooserFor, type Chooser } from "../../contract/weekendRules/view";
import { chooseRiderMachine } from "../../machines/chooseRider.machine";
import { allTransitions, coverageLine, missing, runPath, transitionPaths } from "./modelWalk";

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
const machine = createMachine(
  { ...chooseRiderMachine.config, context: { chooser, picked: null } } as never,
  chooseRiderMachine.implementations as never,
) as unknown as typeof chooseRiderMachine;

describe("chooseRider.machine: every transition, walked on a real actor", () => {
  const events = [
    { type: "chooser.pick", riderId: "d" },
    { type: "chooser.pick", riderId: "a" },
    { type: "chooser.pick", riderId: "c" },
    { type: "chooser.cancel" },
  ];
  const paths = transitionPaths(machine, { events });
  const all = allTransitions(chooseRiderMachine);
  const covered = new Set<string>();

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    (await runPath(path, () => ({ machine, pending: new Map() }))).forEach((k) => covered.add(k));
  });

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("chooseRider.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

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
