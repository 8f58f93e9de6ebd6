// QA's path catalogue (scripts/paths.ts): generated from every machine, current in docs/qa, every
// transition taken by a path, and each path a walk the machine can really make.
import { describe, expect, it } from "vitest";
import { createMachine, type AnyStateNode } from "xstate";
import { loadMachines } from "../../scripts/flows";
import {
  catalogueProblems,
  coverageOf,
  describeConfiguration,
  generatePaths,
  initialConfiguration,
  machineTransitions,
  pathInWords,
  renderAllPaths,
  takeTransition,
  transitionKey,
} from "../../scripts/paths";
import { allTransitions } from "./transitions";

describe("The catalogue in docs/qa", () => {
  it("is current and every machine is 100% covered (run `npm run paths` to fix)", async () => {
    expect(await catalogueProblems()).toEqual([]);
  });

  it("renders the same text every time", async () => {
    expect((await renderAllPaths()).files).toEqual((await renderAllPaths()).files);
  });
});

describe("Every machine's paths", async () => {
  // Every machine in machines/ (the registry `npm run flows` uses): a new one is checked without touching this file.
  const machines = await loadMachines();

  it.each([...machines])("%s: the transitions counted are those the model walk measures", (_name, machine) => {
    expect(new Set(machineTransitions(machine).map(transitionKey))).toEqual(allTransitions(machine));
  });

  it.each([...machines])(
    "%s: each path starts at the start and takes each step from a state that is active",
    (_name, machine) => {
      for (const path of generatePaths(machine)) {
        let active = initialConfiguration(machine);
        expect(path.start).toBe(describeConfiguration(active));
        for (const step of path.steps) {
          const source = step.transition.source as AnyStateNode;
          expect(
            source === machine.root || active.has(source),
            `${pathInWords(path)}: ${step.event} from ${source.id}`,
          ).toBe(true);
          active = takeTransition(machine, active, step.transition);
          expect(describeConfiguration(active)).toBe(step.state);
        }
        expect(transitionKey(path.steps.at(-1)!.transition)).toBe(path.key);
      }
    },
  );
});

describe("The generator on a small machine", () => {
  const machine = createMachine({
    id: "sample",
    initial: "idle",
    states: {
      idle: { on: { go: [{ guard: "ready", target: "busy" }, { target: "refused" }] } },
      refused: { on: { back: "idle" } },
      busy: {
        type: "parallel",
        states: {
          upload: { initial: "sending", states: { sending: { on: { sent: "sent" } }, sent: {} } },
          clock: { initial: "ticking", states: { ticking: { on: { tick: { reenter: true, target: "ticking" } } } } },
        },
        on: { cancel: "idle" },
      },
      never: { on: { wake: "idle" } },
    },
  });

  it("walks each transition by the shortest way, entering every region of a parallel state", () => {
    const words = generatePaths(machine).map(pathInWords);
    expect(words).toEqual([
      "start in `idle` → `go` when `ready` → expect `busy.clock.ticking + busy.upload.sending`",
      "start in `idle` → `go` otherwise → expect `refused`",
      "start in `idle` → `go` otherwise → `refused` → `back` → expect `idle`",
      "start in `idle` → `go` when `ready` → `busy.clock.ticking + busy.upload.sending` → `cancel` → expect `idle`",
      "start in `idle` → `go` when `ready` → `busy.clock.ticking + busy.upload.sending` → `sent` → expect `busy.clock.ticking + busy.upload.sent`",
      "start in `idle` → `go` when `ready` → `busy.clock.ticking + busy.upload.sending` → `tick` → expect `busy.clock.ticking + busy.upload.sending`",
    ]);
  });

  it("reports a transition no walk reaches as not covered", () => {
    const paths = generatePaths(machine);
    expect(coverageOf("sample", machine, paths)).toEqual({ machine: "sample", paths: 6, transitions: 7, covered: 6 });
  });
});
