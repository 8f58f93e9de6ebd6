import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { SessionType } from "../contract/enums";
import type { RaceControl } from "../contract/operations";
import type { ResultKey } from "../contract/results";
import { classificationEntryMachine, type EntryMode } from "./classificationEntry.machine";
import { raceControlActionMachine, type ControlAction } from "./raceControlAction.machine";
import { sessionMoveMachine } from "./sessionMove.machine";

// Race control's owner (/staff/race-control): follows the chosen weekend's timeline (an invoked callback on the
// query cache), answers which actions the weekend allows now (the verdicts below, which the page asks too), and
// spawns one flow at a time: a classification entry (enter, correct, cancel), a session move, or a one-step action
// (confirm, injure, substitute, wildcard). The server decides again on every call; these verdicts only keep the
// page from offering what it would refuse.

export type EntryRef = ActorRefFrom<typeof classificationEntryMachine>;
export type MoveRef = ActorRefFrom<typeof sessionMoveMachine>;
export type ActionRef = ActorRefFrom<typeof raceControlActionMachine>;
export type FlowRef = EntryRef | MoveRef | ActionRef;
export type FlowKind = "entry" | "move" | "action";

export type RaceControlContext = {
  raceId: string | null;
  data: RaceControl | null;
  error: ErrorBody | null;
  flow: FlowRef | null;
  flowKind: FlowKind | null;
};

export type RaceControlEvent =
  | { type: "control.open"; raceId: string }
  | { type: "control.close" }
  | { type: "control.data"; data: RaceControl }
  | { type: "control.failed"; error: ErrorBody }
  | { type: "control.retry" }
  | { type: "session.move"; session: SessionType }
  | { type: "result.enter"; key: ResultKey }
  | { type: "result.correct"; key: ResultKey }
  | { type: "result.cancel"; key: ResultKey }
  | { type: "weekend.confirm" }
  | { type: "rider.injure"; riderId: string }
  | { type: "entry.substitute"; replaces: string }
  | { type: "entry.wildcard" }
  | { type: "flow.close" };

/** Tags the page reads: `closed`, `loading`, `failed` (the timeline could not be read), `ready`, `flow` (one is open). */
export type RaceControlTag = "closed" | "loading" | "failed" | "ready" | "flow";

// The verdicts: what the weekend allows now, as the timeline says.
const open = (d: RaceControl) => d.confirmedAt === null && !d.canceled;
const sessionOf = (d: RaceControl, type: SessionType) => d.sessions.find((s) => s.type === type);
const resultOf = (d: RaceControl, key: ResultKey) =>
  d.sessions.flatMap((s) => s.results.map((r) => ({ ...r, state: s.state }))).find((r) => r.key === key);

/** A session not started moves; a running one is extended. */
export const canMove = (d: RaceControl, type: SessionType) => {
  const s = sessionOf(d, type);
  return open(d) && s !== undefined && (s.state === "UPCOMING" || s.state === "RUNNING");
};
/** A result is entered once its session has ended. */
export const canEnter = (d: RaceControl, key: ResultKey) => {
  const r = resultOf(d, key);
  return open(d) && r !== undefined && r.state === "ENDED" && !r.entered && !r.canceled;
};
/** An entered classification is corrected until the weekend is confirmed. */
export const canCorrect = (d: RaceControl, key: ResultKey) => {
  const r = resultOf(d, key);
  return open(d) && r !== undefined && r.entered && !r.canceled;
};
/** A session with no result yet may be canceled (its picks void and refunded). */
export const canCancel = (d: RaceControl, key: ResultKey) => {
  const r = resultOf(d, key);
  return open(d) && r !== undefined && !r.entered && !r.canceled;
};
/** The weekend is confirmed once; the server refuses it before the race is classified. */
export const canConfirm = (d: RaceControl) => open(d);
export const canInjure = (d: RaceControl, riderId: string) =>
  open(d) && d.riders.some((r) => r.id === riderId && !r.out);
/** A substitute takes the place of a rider who is out. */
export const canSubstitute = (d: RaceControl, riderId: string) =>
  open(d) && d.riders.some((r) => r.id === riderId && r.out);
export const canAddWildcard = (d: RaceControl) => open(d);

const modeOf = (type: string): EntryMode =>
  type === "result.correct" ? "correct" : type === "result.cancel" ? "cancel" : "enter";

/** The race numbers already entered for a key, so a correction starts from the classification that stands. */
const enteredText = (d: RaceControl, key: ResultKey) => {
  const numbers = new Map(d.riders.map((r) => [r.id, r.number]));
  return (resultOf(d, key)?.riderIds ?? []).map((id) => numbers.get(id) ?? "?").join(" ");
};

/** A flow still talking to the server is not replaced under it. */
const busy = (ref: FlowRef | null) =>
  ref !== null && ref.getSnapshot().status === "active" && ref.getSnapshot().hasTag("busy");

export const raceControlMachine = setup({
  types: {
    context: {} as RaceControlContext,
    events: {} as RaceControlEvent,
    tags: {} as RaceControlTag,
    children: {} as {
      entry: "classificationEntry";
      move: "sessionMove";
      action: "raceControlAction";
      watchControl: "watchControl";
    },
  },
  actors: {
    classificationEntry: classificationEntryMachine,
    sessionMove: sessionMoveMachine,
    raceControlAction: raceControlActionMachine,
    /** Follows the weekend's timeline in the query cache: `control.data` on every answer, `control.failed` when it cannot. */
    watchControl: fromCallback<RaceControlEvent, { raceId: string }>(() => () => {}),
  },
  guards: {
    free: ({ context }) => !busy(context.flow),
    otherRace: ({ context, event }) => event.type === "control.open" && event.raceId !== context.raceId,
    mayMove: ({ context, event }) =>
      event.type === "session.move" &&
      context.data !== null &&
      !busy(context.flow) &&
      canMove(context.data, event.session),
    mayEnter: ({ context, event }) =>
      event.type === "result.enter" &&
      context.data !== null &&
      !busy(context.flow) &&
      canEnter(context.data, event.key),
    mayCorrect: ({ context, event }) =>
      event.type === "result.correct" &&
      context.data !== null &&
      !busy(context.flow) &&
      canCorrect(context.data, event.key),
    mayCancel: ({ context, event }) =>
      event.type === "result.cancel" &&
      context.data !== null &&
      !busy(context.flow) &&
      canCancel(context.data, event.key),
    mayConfirm: ({ context }) => context.data !== null && !busy(context.flow) && canConfirm(context.data),
    mayInjure: ({ context, event }) =>
      event.type === "rider.injure" &&
      context.data !== null &&
      !busy(context.flow) &&
      canInjure(context.data, event.riderId),
    maySubstitute: ({ context, event }) =>
      event.type === "entry.substitute" &&
      context.data !== null &&
      !busy(context.flow) &&
      canSubstitute(context.data, event.replaces),
    mayAddWildcard: ({ context }) => context.data !== null && !busy(context.flow) && canAddWildcard(context.data),
  },
  actions: {
    setData: assign(({ context, event }) =>
      event.type === "control.data" ? { data: event.data, error: null } : context,
    ),
    stopFlow: enqueueActions(({ context, enqueue }) => {
      if (context.flow) enqueue.stopChild(context.flow);
      enqueue.assign({ flow: null, flowKind: null });
    }),
    startEntry: assign(({ context, event, spawn }) => {
      const key = "key" in event ? event.key : "FP1";
      const data = context.data!;
      const mode = modeOf(event.type);
      const riders = data.riders.map((r) => ({ id: r.id, number: r.number, name: r.name, out: r.out }));
      const text = mode === "correct" ? enteredText(data, key) : "";
      return {
        flow: spawn("classificationEntry", {
          id: "entry",
          input: { raceId: data.raceId, session: key, mode, riders, text },
        }),
        flowKind: "entry" as const,
      };
    }),
    startMove: assign(({ context, event, spawn }) => {
      const data = context.data!;
      const s = sessionOf(data, event.type === "session.move" ? event.session : "FP1")!;
      return {
        flow: spawn("sessionMove", {
          id: "move",
          input: {
            raceId: data.raceId,
            session: s.type,
            startsAt: s.startsAt,
            endsAt: s.endsAt,
            running: s.state === "RUNNING",
          },
        }),
        flowKind: "move" as const,
      };
    }),
    startAction: assign(({ context, event, spawn }) => {
      const raceId = context.data!.raceId;
      const action: ControlAction =
        event.type === "rider.injure"
          ? { kind: "injure", raceId, riderId: event.riderId }
          : event.type === "entry.substitute"
            ? { kind: "entry", raceId, role: "SUBSTITUTE", riderId: null, replaces: event.replaces, newRider: null }
            : event.type === "entry.wildcard"
              ? { kind: "entry", raceId, role: "WILDCARD", riderId: null, replaces: null, newRider: null }
              : { kind: "confirm", raceId };
      return { flow: spawn("raceControlAction", { id: "action", input: { action } }), flowKind: "action" as const };
    }),
  },
}).createMachine({
  id: "raceControl",
  description:
    "Race control's owner: follows the chosen weekend's timeline, offers what the weekend allows now, and runs one flow at a time (a classification entered, corrected or canceled; a session moved; the weekend confirmed; a rider injured; a substitute or wildcard added), stopping it when the operator closes it.",
  initial: "closed",
  context: { raceId: null, data: null, error: null, flow: null, flowKind: null },
  states: {
    closed: {
      tags: ["closed"],
      on: {
        "control.open": {
          target: "open",
          actions: assign({ raceId: ({ event }) => event.raceId, data: null, error: null }),
        },
      },
    },
    open: {
      invoke: { src: "watchControl", id: "watchControl", input: ({ context }) => ({ raceId: context.raceId ?? "" }) },
      on: {
        "control.open": {
          guard: "otherRace",
          target: "open",
          reenter: true,
          actions: ["stopFlow", assign({ raceId: ({ event }) => event.raceId, data: null, error: null })],
        },
        "control.close": { target: "closed", actions: ["stopFlow", assign({ raceId: null, data: null, error: null })] },
      },
      initial: "loading",
      states: {
        loading: {
          tags: ["loading"],
          on: {
            "control.data": { target: "ready", actions: "setData" },
            "control.failed": { target: "failed", actions: assign({ error: ({ event }) => event.error }) },
          },
        },
        failed: {
          tags: ["failed"],
          on: {
            "control.data": { target: "ready", actions: "setData" },
            "control.retry": { target: "#raceControl.open", reenter: true },
          },
        },
        ready: {
          tags: ["ready"],
          initial: "idle",
          on: {
            "control.data": { actions: "setData" },
            // A later read failing keeps the timeline it had; the page says it is not fresh.
            "control.failed": { actions: assign({ error: ({ event }) => event.error }) },
            "session.move": { guard: "mayMove", target: ".flow", actions: ["stopFlow", "startMove"] },
            "result.enter": { guard: "mayEnter", target: ".flow", actions: ["stopFlow", "startEntry"] },
            "result.correct": { guard: "mayCorrect", target: ".flow", actions: ["stopFlow", "startEntry"] },
            "result.cancel": { guard: "mayCancel", target: ".flow", actions: ["stopFlow", "startEntry"] },
            "weekend.confirm": { guard: "mayConfirm", target: ".flow", actions: ["stopFlow", "startAction"] },
            "rider.injure": { guard: "mayInjure", target: ".flow", actions: ["stopFlow", "startAction"] },
            "entry.substitute": { guard: "maySubstitute", target: ".flow", actions: ["stopFlow", "startAction"] },
            "entry.wildcard": { guard: "mayAddWildcard", target: ".flow", actions: ["stopFlow", "startAction"] },
          },
          states: {
            idle: {},
            flow: {
              tags: ["flow"],
              on: { "flow.close": { guard: "free", target: "idle", actions: "stopFlow" } },
            },
          },
        },
      },
    },
  },
});
