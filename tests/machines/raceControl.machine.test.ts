import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import type { RaceControl } from "../../contract/operations";
import { classificationEntryMachine } from "../../machines/classificationEntry.machine";
import {
  canCancel,
  canConfirm,
  canCorrect,
  canEnter,
  canInjure,
  canMove,
  canSubstitute,
  raceControlMachine,
} from "../../machines/raceControl.machine";
import { raceControlActionMachine } from "../../machines/raceControlAction.machine";
import { sessionMoveMachine } from "../../machines/sessionMove.machine";
import { allTransitions, promiseStubs } from "./modelWalk";
import { expectFull, toOwner, type OwnerStep } from "./ownerWalk";
import { walkOwner } from "./ownerWalk";

const at = (h: number) => `2026-05-01T${String(h).padStart(2, "0")}:00:00.000Z`;
const result = (key: string, entered = false) =>
  ({
    key,
    entered,
    canceled: false,
    corrected: false,
    riderIds: entered ? ["r93", "r41"] : [],
  }) as RaceControl["sessions"][number]["results"][number];
const control: RaceControl = {
  raceId: "race",
  name: "Spanish Grand Prix",
  round: 4,
  season: 2026,
  timeZone: "Europe/Madrid",
  now: at(12),
  canceled: false,
  confirmedAt: null,
  confirmsAt: null,
  sessions: [
    { type: "FP1", startsAt: at(8), endsAt: at(9), state: "ENDED", results: [result("FP1")] },
    { type: "Q2", startsAt: at(10), endsAt: at(11), state: "ENDED", results: [result("Q2", true)] },
    {
      type: "START",
      startsAt: at(14),
      endsAt: at(15),
      state: "UPCOMING",
      results: [result("START"), result("POSITION_GAINED")],
    },
  ],
  riders: [
    { id: "r93", number: 93, name: "Marc Marquez", role: "MAIN", out: false, replaces: null },
    { id: "r41", number: 41, name: "Aleix Espargaro", role: "MAIN", out: false, replaces: null },
    { id: "r36", number: 36, name: "Joan Mir", role: "MAIN", out: true, replaces: null },
  ],
};
const confirmed: RaceControl = { ...control, confirmedAt: at(20) };

function build() {
  const stubs = promiseStubs(["previewResult", "commitResult", "moveSession", "perform"]);
  const machine = raceControlMachine.provide({
    actors: {
      watchControl: fromCallback(() => () => {}),
      classificationEntry: classificationEntryMachine.provide({
        actors: { previewResult: stubs.actors.previewResult, commitResult: stubs.actors.commitResult },
      }),
      sessionMove: sessionMoveMachine.provide({ actors: { moveSession: stubs.actors.moveSession } }),
      raceControlAction: raceControlActionMachine.provide({ actors: { perform: stubs.actors.perform } }),
    },
  });
  return { machine, pending: stubs.pending };
}

const steps: OwnerStep[] = [
  toOwner("control.open", { type: "control.open", raceId: "race" }),
  toOwner("control.open other", { type: "control.open", raceId: "race-2" }),
  toOwner("control.close", { type: "control.close" }),
  toOwner("control.data", { type: "control.data", data: control }),
  toOwner("control.failed", {
    type: "control.failed",
    error: { statusCode: 404, code: "notFound", message: "notFound" },
  }),
  toOwner("control.retry", { type: "control.retry" }),
  toOwner("session.move", { type: "session.move", session: "START" }),
  toOwner("result.enter", { type: "result.enter", key: "FP1" }),
  toOwner("result.correct", { type: "result.correct", key: "Q2" }),
  toOwner("result.cancel", { type: "result.cancel", key: "START" }),
  toOwner("weekend.confirm", { type: "weekend.confirm" }),
  toOwner("rider.injure", { type: "rider.injure", riderId: "r93" }),
  toOwner("entry.substitute", { type: "entry.substitute", replaces: "r36" }),
  toOwner("entry.wildcard", { type: "entry.wildcard" }),
  toOwner("flow.close", { type: "flow.close" }),
];

type Owner = { getSnapshot(): { value: unknown; context: { flowKind: string | null; error: unknown } } };
const key = (actor: Owner) => {
  const s = actor.getSnapshot();
  return JSON.stringify([s.value, s.context.flowKind, s.context.error !== null]);
};

describe("raceControl.machine: every transition, walked on real actors", () => {
  it("covers 100% of the transitions", async () => {
    const { covered } = await walkOwner({ build, steps, key: key as never, maxDepth: 4 });
    expectFull("raceControl.machine", allTransitions(raceControlMachine), covered);
  }, 60_000);
});

describe("Race control's verdicts", () => {
  it("offer what the timeline allows now, and nothing once the weekend is confirmed", () => {
    expect(canMove(control, "START")).toBe(true);
    expect(canMove(control, "FP1")).toBe(false);
    expect(canEnter(control, "FP1")).toBe(true);
    expect(canEnter(control, "START")).toBe(false);
    expect(canCorrect(control, "Q2")).toBe(true);
    expect(canCorrect(control, "FP1")).toBe(false);
    expect(canCancel(control, "START")).toBe(true);
    expect(canCancel(control, "Q2")).toBe(false);
    expect(canInjure(control, "r93")).toBe(true);
    expect(canInjure(control, "r36")).toBe(false);
    expect(canSubstitute(control, "r36")).toBe(true);
    expect(canSubstitute(control, "r93")).toBe(false);
    expect([
      canMove(confirmed, "START"),
      canEnter(confirmed, "FP1"),
      canCorrect(confirmed, "Q2"),
      canConfirm(confirmed),
      canInjure(confirmed, "r93"),
    ]).toEqual([false, false, false, false, false]);
  });

  it("starts a correction from the classification that stands, and keeps one flow at a time", () => {
    const actor = createActor(build().machine).start();
    actor.send({ type: "control.open", raceId: "race" });
    actor.send({ type: "control.data", data: control });
    actor.send({ type: "result.correct", key: "Q2" });
    const entry = actor.getSnapshot().context.flow!;
    expect((entry.getSnapshot().context as { text: string }).text).toBe("93 41");
    actor.send({ type: "session.move", session: "START" });
    expect(entry.getSnapshot().status).toBe("stopped");
    expect(actor.getSnapshot().context.flowKind).toBe("move");
    actor.send({ type: "flow.close" });
    expect(actor.getSnapshot().context.flow).toBeNull();
    expect(actor.getSnapshot().hasTag("ready")).toBe(true);
  });
});
