import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import { EntryNewRider, type EntryBody } from "../contract/operations";
import { formatMessage } from "../contract/messages";
import { fieldErrors, type FieldError } from "../contract/validation";
import { notProvided, toErrorBody } from "./serviceErrors";

// Race control's one-step actions, each confirmed before it is sent: confirming the weekend (its results final,
// the paddock-experience winners drawn), a rider injured for this race (the injured-rider rule: refunds, a free
// re-pick), and a substitute in place of a rider who is out or a wildcard added to the entry list: an existing
// rider, or a new one the entry makes (EntryNewRider, as the CLI's --name --team --country).

/** A new rider as the operator types them: the race number as typed, the team and country as chosen ('' for none). */
export type NewRiderDraft = { name: string; number: string; teamId: string; country: string };
export const EMPTY_NEW_RIDER: NewRiderDraft = { name: "", number: "", teamId: "", country: "" };

export type ControlAction =
  | { kind: "confirm"; raceId: string }
  | { kind: "injure"; raceId: string; riderId: string }
  | {
      kind: "entry";
      raceId: string;
      role: "SUBSTITUTE" | "WILDCARD";
      riderId: string | null;
      replaces: string | null;
      newRider: NewRiderDraft | null;
    };

/** The figures the page shows after the action (whichever call answered). */
export type ActionReport = { replayed: boolean; figures: Record<string, number> };

export type ActionContext = { action: ControlAction; report: ActionReport | null; error: ErrorBody | null };

export type ActionEvent =
  | { type: "action.set"; riderId?: string | null; replaces?: string | null; newRider?: NewRiderDraft | null }
  | { type: "action.confirm" }
  | { type: "action.retry" };

/** Tags the page reads: `asking` (what it will do, confirm offered), `busy`, `failed`, `done`. */
export type ActionTag = "asking" | "busy" | "failed" | "done";

export type NewRiderCheck =
  | { ok: true; rider: EntryNewRider }
  | { ok: false; errors: Partial<Record<keyof NewRiderDraft, FieldError>> };

/**
 * The draft against the contract's EntryNewRider, its errors by field. A field left empty says "required": the
 * schema's own rule for it (a minimum length, a code's pattern) would name a rule the operator never got to.
 */
export function checkNewRider(draft: NewRiderDraft): NewRiderCheck {
  const number = draft.number.trim();
  const result = EntryNewRider.safeParse({
    name: draft.name,
    number: number === "" ? undefined : Number(number),
    country: draft.country,
    teamId: draft.teamId,
  });
  if (result.success) return { ok: true, rider: result.data };
  const errors: Partial<Record<keyof NewRiderDraft, FieldError>> = {};
  for (const [field, error] of Object.entries(fieldErrors(result.error)) as [keyof NewRiderDraft, FieldError][]) {
    errors[field] =
      draft[field].trim() === ""
        ? { code: "required", params: { field }, message: formatMessage("required", { field }) }
        : error;
  }
  return { ok: false, errors };
}

/** Whether the action names everyone it needs: a substitute needs the rider and whom they replace; a new rider, every field valid. */
export function actionReady(a: ControlAction): boolean {
  if (a.kind !== "entry") return true;
  if (a.newRider !== null && !checkNewRider(a.newRider).ok) return false;
  return a.riderId !== null && (a.role === "WILDCARD" || (a.replaces !== null && a.replaces !== a.riderId));
}

/** POST …/entries' body for a ready entry; a new rider goes with the id they are made under. */
export function entryBody(a: Extract<ControlAction, { kind: "entry" }>): EntryBody {
  const checked = a.newRider ? checkNewRider(a.newRider) : null;
  const newRider = checked?.ok ? { newRider: checked.rider } : {};
  return a.role === "SUBSTITUTE"
    ? { role: "SUBSTITUTE", riderId: a.riderId ?? "", replaces: a.replaces ?? "", ...newRider }
    : { role: "WILDCARD", riderId: a.riderId ?? "", ...newRider };
}

/** An entry's rider (existing, or new with its draft) or the rider replaced, as the operator picks them (other actions name their rider up front). */
function withChoice(action: ControlAction, event: Extract<ActionEvent, { type: "action.set" }>): ControlAction {
  if (action.kind !== "entry") return action;
  return {
    ...action,
    riderId: event.riderId === undefined ? action.riderId : event.riderId,
    replaces: event.replaces === undefined ? action.replaces : event.replaces,
    newRider: event.newRider === undefined ? action.newRider : event.newRider,
  };
}

export const raceControlActionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
    input: {} as { action: ControlAction },
    tags: {} as ActionTag,
  },
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
        "action.set": {
          actions: assign({ action: ({ context, event }) => withChoice(context.action, event), error: null }),
        },
        "action.confirm": { guard: "ready", target: "sending" },
      },
    },
    sending: {
      tags: ["busy", "asking"],
      invoke: {
        src: "perform",
        id: "perform",
        input: ({ context }) => context.action,
        onDone: {
          target: "done",
          actions: [assign({ report: ({ event }) => event.output, error: null }), "performed"],
        },
        onError: { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ["failed", "asking"],
      description: "Refused (its code is shown) or out of reach: the operator may change the choice and confirm again.",
      on: {
        "action.retry": { guard: "ready", target: "sending" },
        "action.set": {
          target: "asking",
          actions: assign({ action: ({ context, event }) => withChoice(context.action, event), error: null }),
        },
      },
    },
    done: { tags: ["done"], type: "final" },
  },
});
