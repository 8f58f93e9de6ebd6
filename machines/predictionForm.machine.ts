import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PredictionCategory } from "../contract/enums";
import { duplicateOf, mergeSaved, samePicks, unsavedCategories, type Picks } from "../contract/weekendRules/form";
import { categories } from "../contract/weekendRules/structure";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

export type Refusal =
  | { reason: "duplicate"; category: PredictionCategory; riderId: string; heldBy: PredictionCategory }
  /** A saved prediction changes only through Change Predictions. */
  | { reason: "saved"; category: PredictionCategory; riderId: string };

export type PredictionFormContext = {
  raceId: string;
  picks: Picks;
  saved: Picks;
  version: number;
  refusal: Refusal | null;
  error: ErrorBody | null;
};

export type PredictionFormInput = { raceId?: string; saved?: Picks; version?: number };

export type PredictionFormEvent =
  | { type: "form.choose"; category: PredictionCategory; riderId: string }
  | { type: "form.clear"; category: PredictionCategory }
  | { type: "form.save" }
  | { type: "form.retry" }
  | { type: "form.dismiss" }
  /** The race's predictions as the server has them (a reload, an injured rider's refunded picks removed). */
  | { type: "form.sync"; saved: Picks; version: number };

/** POST (first save) or PUT /predictions/races/{raceId} with data and version. */
export type SaveInput = { raceId: string; version: number; first: boolean; data: Array<{ category: PredictionCategory; riderId: string }> };
export type SaveOutput = { version: number };

const hasSaved = (saved: Picks) => Object.keys(saved).length > 0;

/** Tags the views read: `dirty` (choices to save), `busy`, `saved` (just saved), `failed`, `locked` (418). */
export const predictionFormMachine = setup({
  types: {
    context: {} as PredictionFormContext,
    events: {} as PredictionFormEvent,
    input: {} as PredictionFormInput | undefined,
    tags: {} as "dirty" | "busy" | "saved" | "failed" | "locked",
  },
  actors: {
    save: fromPromise<SaveOutput, SaveInput>(notProvided("save")),
  },
  guards: {
    isDirty: ({ context }) => unsavedCategories(context.picks, context.saved).length > 0,
    categorySaved: ({ context, event }) => event.type === "form.choose" && context.saved[event.category] !== undefined,
    duplicateRider: ({ context, event }) => event.type === "form.choose" && duplicateOf(context.picks, event.category, event.riderId) !== null,
    /** Only an unsaved choice can be taken back. */
    clearable: ({ context, event }) =>
      event.type === "form.clear" && context.picks[event.category] !== undefined && context.saved[event.category] === undefined,
    /** The same data again changes nothing (it would end the "saved" message a save just showed). */
    news: ({ context, event }) => event.type === "form.sync" && (!samePicks(context.saved, event.saved) || context.version !== event.version),
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
  },
  actions: {
    choose: assign(({ context }, params: { category: PredictionCategory; riderId: string }) => ({
      picks: { ...context.picks, [params.category]: params.riderId },
      refusal: null,
    })),
    clearPick: assign(({ context }, params: { category: PredictionCategory }) => {
      const picks = { ...context.picks };
      delete picks[params.category];
      return { picks, refusal: null };
    }),
    refuse: assign({ refusal: (_, params: Refusal) => params }),
    applySync: assign(({ context }, params: { saved: Picks; version: number }) => ({
      saved: params.saved,
      version: params.version,
      picks: mergeSaved(context.picks, params.saved),
      refusal: null,
      error: null,
    })),
    markSaved: assign(({ context }, params: SaveOutput) => ({ saved: { ...context.picks }, version: params.version })),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "predictionForm",
  description:
    "The weekend's prediction form: a rider per category (11), one rider per podium place (sprint and race groups), saved picks changed only through Change Predictions, unsaved changes tracked, save, 418 as 'Race has already started', other errors with retry.",
  initial: "editing",
  context: ({ input }) => ({
    raceId: input?.raceId ?? "",
    picks: { ...input?.saved },
    saved: { ...input?.saved },
    version: input?.version ?? 0,
    refusal: null,
    error: null,
  }),
  states: {
    editing: {
      initial: "route",
      on: {
        "form.choose": [
          {
            guard: "categorySaved",
            actions: { type: "refuse", params: ({ event }) => ({ reason: "saved" as const, category: event.category, riderId: event.riderId }) },
          },
          {
            guard: "duplicateRider",
            actions: {
              type: "refuse",
              params: ({ context, event }) => ({
                reason: "duplicate" as const,
                category: event.category,
                riderId: event.riderId,
                heldBy: duplicateOf(context.picks, event.category, event.riderId)!,
              }),
            },
          },
          { target: ".route", actions: { type: "choose", params: ({ event }) => event } },
        ],
        "form.clear": { guard: "clearable", target: ".route", actions: { type: "clearPick", params: ({ event }) => event } },
        "form.sync": { guard: "news", target: ".route", actions: { type: "applySync", params: ({ event }) => event } },
      },
      states: {
        route: {
          always: [{ guard: "isDirty", target: "dirty" }, { target: "clean" }],
        },
        clean: {},
        dirty: {
          tags: "dirty",
          description: "Choices not saved yet: leaving the page warns, Save is enabled.",
          on: { "form.save": "#predictionForm.saving" },
        },
        saved: { tags: "saved", description: "Just saved: the success message shows until the next choice." },
      },
    },
    saving: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => ({
          raceId: context.raceId,
          version: context.version,
          first: !hasSaved(context.saved),
          data: categories.flatMap((category) => {
            const riderId = context.picks[category];
            return riderId === undefined ? [] : [{ category, riderId }];
          }),
        }),
        onDone: { target: "editing.saved", actions: { type: "markSaved", params: ({ event }) => event.output } },
        onError: [
          {
            guard: { type: "raceStarted", params: ({ event }) => ({ error: event.error }) },
            target: "locked",
            actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
          },
          { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      tags: "failed",
      description: "The save failed: the server's message and Try Again; the choices are kept.",
      on: {
        "form.retry": "saving",
        "form.dismiss": { target: "editing", actions: "clearError" },
      },
    },
    locked: {
      tags: "locked",
      description: "'Race has already started': nothing more is saved until fresh data shows what is still open.",
      on: { "form.sync": { target: "editing", actions: { type: "applySync", params: ({ event }) => event } } },
    },
  },
});

/** Unsaved choices of a form snapshot's context. */
export const unsavedCount = (context: Pick<PredictionFormContext, "picks" | "saved">) => unsavedCategories(context.picks, context.saved).length;
