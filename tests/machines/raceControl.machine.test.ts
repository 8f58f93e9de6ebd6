import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import type { RaceControl } from "../../contract/operations";
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

// Race control's paths are walked on the staff's race-control page and its real owner
// (tests/views/paths/raceControl.paths.test.tsx), with the coverage of every transition; these are the verdicts and
// the one-flow-at-a-time rule its paths do not spell out.

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
    // No flow here talks to the server: the machine's own services are never called.
    const actor = createActor(raceControlMachine).start();
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
