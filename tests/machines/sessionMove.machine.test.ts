import { describe, expect, it } from "vitest";
import { createMachine } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { SessionMoveReport } from "../../contract/operations";
import {
  moveBodyOf,
  moveChanges,
  sessionMoveMachine,
  type SessionMoveContext,
} from "../../machines/sessionMove.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, transitionPaths } from "./modelWalk";

const slot = { startsAt: "2026-05-01T08:00:00.000Z", endsAt: "2026-05-01T08:45:00.000Z" };
const later = "2026-05-01T08:30:00.000Z";
const report: SessionMoveReport = {
  raceId: "race",
  session: "FP1",
  before: slot,
  after: { startsAt: later, endsAt: "2026-05-01T09:15:00.000Z" },
  notified: 3,
  replayed: false,
};
const body = (statusCode: number, code: ErrorBody["code"]): ErrorBody => ({ statusCode, code, message: code });

const startedWith = (context: SessionMoveContext) =>
  createMachine(
    { ...sessionMoveMachine.config, context } as never,
    sessionMoveMachine.implementations as never,
  ) as unknown as typeof sessionMoveMachine;

const events = [
  { type: "move.set", to: later },
  { type: "move.set", to: slot.startsAt },
  { type: "move.submit" },
  { type: "move.confirm" },
  { type: "move.back" },
  { type: "move.retry" },
  { type: "xstate.done.actor.moveSession", output: report },
  { type: "xstate.error.actor.moveSession", error: apiError(body(409, "sessionOrder")) },
];
const serializeState = (s: { value: unknown; context: SessionMoveContext }) =>
  JSON.stringify([s.value, s.context.to, s.context.error?.code ?? null]);

describe("sessionMove.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(sessionMoveMachine);
  const covered = new Set<string>();
  for (const running of [false, true]) {
    const machine = startedWith({
      raceId: "race",
      session: "FP1",
      ...slot,
      running,
      to: null,
      report: null,
      error: null,
    });
    const paths = transitionPaths(machine, {
      events,
      serializeState: serializeState as never,
      filterEvents: ((s: { value: unknown }) => s.value !== "done") as never,
    });
    it.each(paths.map((p) => [p.name, p] as const))(`${running ? "running" : "upcoming"}: %s`, async (_n, path) => {
      const taken = await runPath(path, () => {
        const stubs = promiseStubs(["moveSession"]);
        return { machine: machine.provide({ actors: stubs.actors }), pending: stubs.pending };
      });
      taken.forEach((k) => covered.add(k));
    });
  }

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("sessionMove.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

describe("A move's body", () => {
  it("moves a session not started whole, keeping its length, and a running one's end only", () => {
    expect(moveBodyOf({ ...slot, running: false, to: later })).toEqual({
      startsAt: later,
      endsAt: "2026-05-01T09:15:00.000Z",
    });
    expect(moveBodyOf({ ...slot, running: true, to: "2026-05-01T09:00:00.000Z" })).toEqual({
      endsAt: "2026-05-01T09:00:00.000Z",
    });
  });

  it("is no move without a new time", () => {
    expect(moveChanges({ ...slot, running: false, to: null })).toBe(false);
    expect(moveChanges({ ...slot, running: false, to: slot.startsAt })).toBe(false);
    expect(moveChanges({ ...slot, running: true, to: slot.startsAt })).toBe(true);
    expect(moveChanges({ ...slot, running: false, to: "not a time" })).toBe(false);
  });
});
