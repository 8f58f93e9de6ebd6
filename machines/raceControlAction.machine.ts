import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import { notProvided, toErrorBody } from "./serviceErrors";

// Race control's one-step actions, each confirmed before it is sent: confirming the weekend (its results final,
// the paddock-experience winners drawn), a rider injured for this race (the injured-rider rule: refunds, a free
// re-pick), and a substitute in place of a rider who is out or a wildcard added to the entry list.

export type ControlAction =
  | { kind: "confirm"; raceId: string }
  | { kind: "injure"; raceId: string; riderId: string }
  | { kind: "entry"; raceId: string; role: "SUBSTITUTE" | "WILDCARD"; riderId: string | null; replaces: string | null };

/** The figures the page shows after the action (whichever call answered). */
export type ActionReport = { replayed: boolean; figures: Record<string, number> };

export type ActionContext = { action: ControlAction; report: ActionReport | null; error: ErrorBody | null };

export type ActionEvent =
  | { type: "action.set"; riderId?: string | null; replaces?: string | null }
  | { type: "action.confirm" }
  | { type: "action.retry" };

/** Tags the page reads: `asking` (what it will do, confirm offered), `busy`, `failed`, `done`. */
export type ActionTag = "asking" | "busy" | "failed" | "done";

/** Whether the action names everyone it needs: a substitute needs the rider and whom they replace. */
export function actionReady(a: ControlAction): boolean {
  if (a.kind !== "entry") return true;
  return a.riderId !== null && (a.role === "WILDCARD" || (a.replaces !== null && a.replaces !== a.riderId));
}

/** An entry's rider or the rider replaced, as the operator picks them (other actions name their rider up front). */
function withChoice(action: ControlAction, event: Extract<ActionEvent, { type: "action.set" }>): ControlAction {
  if (action.kind !== "entry") return action;
  return { ...action, riderId: event.riderId === undefined ? action.riderId : event.riderId, replaces: event.replaces === undefined ? action.replaces : event.replaces };
}

export const raceControlActionMachine = setup({
  types: { context: {} as ActionContext, events: {} as ActionEvent, input: {} as { action: ControlAction }, tags: {} as ActionTag },
  actors: {
    /** POST …/confirm, POST /admin/riders/{riderId}/injury or POST …/entries, by the action's kind. */
    perform: fromPromise<ActionReport, ControlAction>(notProvided("perform")),
  },
  guards: { ready: ({ context }) => actionReady(context.action) },
  actions: {
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    /** Done: the app reads the weekend and what players see again. */
    performed: () => {},
  },
}).createMachine({
  id: "raceControlAction",
  description:
    "One confirmed race-control action: the weekend confirmed, a rider injured for the race, or a substitute (in place of a rider who is out) or wildcard added; asked first, then sent, then done or refused with the code.",
  initial: "asking",
  context: ({ input }) => ({ action: input.action, report: null, error: null }),
  states: {
    asking: {
      tags: ["asking"],
      on: {
        "action.set": { actions: assign({ action: ({ context, event }) => withChoice(context.action, event), error: null }) },
        "action.confirm": { guard: "ready", target: "sending" },
      },
    },
    sending: {
      tags: ["busy", "asking"],
      invoke: {
        src: "perform",
        id: "perform",
        input: ({ context }) => context.action,
        onDone: { target: "done", actions: [assign({ report: ({ event }) => event.output, error: null }), "performed"] },
        onError: { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ["failed", "asking"],
      description: "Refused (its code is shown) or out of reach: the operator may change the choice and confirm again.",
      on: {
        "action.retry": { guard: "ready", target: "sending" },
        "action.set": { target: "asking", actions: assign({ action: ({ context, event }) => withChoice(context.action, event), error: null }) },
      },
    },
    done: { tags: ["done"], type: "final" },
  },
});
