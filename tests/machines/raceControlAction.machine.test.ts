import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import type { ErrorBody } from "../../contract/common";
import {
  actionReady,
  checkNewRider,
  entryBody,
  raceControlActionMachine,
  type ActionContext,
  type ControlAction,
  type NewRiderDraft,
} from "../../machines/raceControlAction.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, transitionPaths } from "./modelWalk";

const body = (statusCode: number, code: ErrorBody["code"]): ErrorBody => ({ statusCode, code, message: code });
const startedWith = (action: ControlAction) =>
  createMachine(
    { ...raceControlActionMachine.config, context: { action, report: null, error: null } } as never,
    raceControlActionMachine.implementations as never,
  ) as unknown as typeof raceControlActionMachine;

const NEW_RIDER: NewRiderDraft = { name: "Lorenzo Savadori", number: "32", teamId: "team-aprilia", country: "IT" };
const events = [
  { type: "action.set", riderId: "r99" },
  { type: "action.set", riderId: null },
  // A new rider: first as chosen (nothing typed, so not ready), then typed in full.
  { type: "action.set", riderId: "new1", newRider: { ...NEW_RIDER, number: "" } },
  { type: "action.set", newRider: NEW_RIDER },
  { type: "action.confirm" },
  { type: "action.retry" },
  { type: "xstate.done.actor.perform", output: { replayed: false, figures: { refunded: 10 } } },
  { type: "xstate.error.actor.perform", error: apiError(body(409, "riderOnEntryList")) },
];
const serializeState = (s: { value: unknown; context: ActionContext }) =>
  JSON.stringify([s.value, s.context.action, s.context.error?.code ?? null]);

describe("raceControlAction.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(raceControlActionMachine);
  const covered = new Set<string>();
  const starts: [string, ControlAction][] = [
    ["confirm", { kind: "confirm", raceId: "race" }],
    ["injure", { kind: "injure", raceId: "race", riderId: "r36" }],
    [
      "substitute",
      { kind: "entry", raceId: "race", role: "SUBSTITUTE", riderId: null, replaces: "r36", newRider: null },
    ],
    ["wildcard", { kind: "entry", raceId: "race", role: "WILDCARD", riderId: null, replaces: null, newRider: null }],
  ];
  for (const [name, action] of starts) {
    const machine = startedWith(action);
    const paths = transitionPaths(machine, {
      events,
      serializeState: serializeState as never,
      filterEvents: ((s: { value: unknown }) => s.value !== "done") as never,
    });
    it.each(paths.map((p) => [p.name, p] as const))(`${name}: %s`, async (_n, path) => {
      const taken = await runPath(path, () => {
        const stubs = promiseStubs(["perform"]);
        return { machine: machine.provide({ actors: stubs.actors }), pending: stubs.pending };
      });
      taken.forEach((k) => covered.add(k));
    });
  }

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("raceControlAction.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

describe("An action is ready when it names everyone it needs", () => {
  it("a substitute needs the rider and whom they replace (not themselves); a wildcard the rider", () => {
    expect(actionReady({ kind: "confirm", raceId: "r" })).toBe(true);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: null, replaces: "a", newRider: null }),
    ).toBe(false);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "a", replaces: "a", newRider: null }),
    ).toBe(false);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "b", replaces: "a", newRider: null }),
    ).toBe(true);
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "WILDCARD", riderId: "b", replaces: null, newRider: null }),
    ).toBe(true);
  });

  it("a new rider needs every field valid by the contract's EntryNewRider; empty fields say required", () => {
    expect(
      actionReady({ kind: "entry", raceId: "r", role: "WILDCARD", riderId: "n", replaces: null, newRider: NEW_RIDER }),
    ).toBe(true);
    expect(
      actionReady({
        kind: "entry",
        raceId: "r",
        role: "WILDCARD",
        riderId: "n",
        replaces: null,
        newRider: { ...NEW_RIDER, name: " " },
      }),
    ).toBe(false);
    const empty = checkNewRider({ name: "", number: "", teamId: "", country: "" });
    expect(empty.ok ? {} : Object.fromEntries(Object.entries(empty.errors).map(([k, e]) => [k, e.code]))).toEqual({
      name: "required",
      number: "required",
      teamId: "required",
      country: "required",
    });
    const wrong = checkNewRider({ ...NEW_RIDER, number: "1000", name: "x".repeat(121) });
    expect(
      wrong.ok ? {} : Object.fromEntries(Object.entries(wrong.errors).map(([k, e]) => [k, [e.code, e.params]])),
    ).toEqual({
      number: ["numberMax", { field: "number", max: 999 }],
      name: ["maxLength", { field: "name", max: 121 }],
    });
  });

  it("the entry's body carries the new rider as the contract has it (the number a number, the name trimmed)", () => {
    expect(
      entryBody({
        kind: "entry",
        raceId: "r",
        role: "WILDCARD",
        riderId: "n",
        replaces: null,
        newRider: { ...NEW_RIDER, name: " Lorenzo Savadori " },
      }),
    ).toEqual({
      role: "WILDCARD",
      riderId: "n",
      newRider: { name: "Lorenzo Savadori", number: 32, teamId: "team-aprilia", country: "IT" },
    });
    expect(
      entryBody({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "b", replaces: "a", newRider: null }),
    ).toEqual({ role: "SUBSTITUTE", riderId: "b", replaces: "a" });
    expect(
      entryBody({ kind: "entry", raceId: "r", role: "SUBSTITUTE", riderId: "n", replaces: "a", newRider: NEW_RIDER }),
    ).toEqual({
      role: "SUBSTITUTE",
      riderId: "n",
      replaces: "a",
      newRider: { name: "Lorenzo Savadori", number: 32, teamId: "team-aprilia", country: "IT" },
    });
  });
});
