import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PredictionCategory, SessionType } from "../contract/enums";
import { duplicateOf, mergeSaved, samePicks, unsavedCategories, type Picks } from "../contract/weekendRules/form";
import { categories, categoriesOf } from "../contract/weekendRules/structure";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

export type Refusal =
  | { reason: "duplicate"; category: PredictionCategory; riderId: string; heldBy: PredictionCategory }
  /** A saved prediction changes only through Change Predictions. */
  | { reason: "saved"; category: PredictionCategory; riderId: string };

/** What the last save's 418 said: the sessions that had started, and the unsaved choices it dropped. */
export type LateSave = { sessions: SessionType[]; dropped: PredictionCategory[] };

export type PredictionFormContext = {
  raceId: string;
  picks: Picks;
  saved: Picks;
  version: number;
  /** Categories whose session has started by the weekend's clock (the contract's lock rule): nothing more is saved there. */
  closed: PredictionCategory[];
  /** Every session a 418 named: closed even while the tab's clock says otherwise (the server's clock decides). */
  started: SessionType[];
  late: LateSave | null;
  refusal: Refusal | null;
  error: ErrorBody | null;
};

export type PredictionFormInput = {
  raceId?: string;
  saved?: Picks;
  version?: number;
  /** Choices not saved when the weekend was last left (kept by the weekend's owner): restored where still open. */
  draft?: Picks;
  closed?: PredictionCategory[];
};

export type PredictionFormEvent =
  | { type: "form.choose"; category: PredictionCategory; riderId: string }
  | { type: "form.save" }
  | { type: "form.retry" }
  | { type: "form.dismiss" }
  /** The race's predictions as the server has them (a reload, an injured rider's refunded picks removed). */
  | { type: "form.sync"; saved: Picks; version: number }
  /** The categories whose session has started now (the weekend's clock moved, or fresh data came). */
  | { type: "form.close"; categories: PredictionCategory[] };

/** POST (first save) or PUT /predictions/races/{raceId} with data and version. */
export type SaveInput = {
  raceId: string;
  version: number;
  first: boolean;
  data: Array<{ category: PredictionCategory; riderId: string }>;
};
export type SaveOutput = { version: number };

const hasSaved = (saved: Picks) => Object.keys(saved).length > 0;

/** The picks without the unsaved choices of `closed` categories (a saved pick stays: it is the server's). */
function withoutClosed(picks: Picks, saved: Picks, closed: readonly PredictionCategory[]): Picks {
  const kept = { ...picks };
  for (const c of unsavedCategories(picks, saved)) if (closed.includes(c)) delete kept[c];
  return kept;
}
const dropsChoice = (picks: Picks, saved: Picks, closed: readonly PredictionCategory[]) =>
  unsavedCategories(picks, saved).some((c) => closed.includes(c));

/** The sessions a 418 named (contract/common.ts `ErrorBody.sessions`); none when it named none. */
const sessionsOf = (error: unknown): SessionType[] => toErrorBody(error).sessions ?? [];

/** Tags the views read: `dirty` (choices to save), `busy`, `saved` (just saved), `failed`. */
export const predictionFormMachine = setup({
  types: {
    context: {} as PredictionFormContext,
    events: {} as PredictionFormEvent,
    input: {} as PredictionFormInput | undefined,
    tags: {} as "dirty" | "busy" | "saved" | "failed",
  },
  actors: {
    save: fromPromise<SaveOutput, SaveInput>(notProvided("save")),
  },
  guards: {
    isDirty: ({ context }) => unsavedCategories(context.picks, context.saved).length > 0,
    categorySaved: ({ context, event }) => event.type === "form.choose" && context.saved[event.category] !== undefined,
    duplicateRider: ({ context, event }) =>
      event.type === "form.choose" && duplicateOf(context.picks, event.category, event.riderId) !== null,
    /** The same data again changes nothing (it would end the "saved" message a save just showed). */
    news: ({ context, event }) =>
      event.type === "form.sync" && (!samePicks(context.saved, event.saved) || context.version !== event.version),
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
    /** The closing categories hold an unsaved choice: it goes, and what is left to save may change. */
    closesChoice: ({ context, event }) =>
      event.type === "form.close" && dropsChoice(context.picks, context.saved, event.categories),
    /** Nothing would be left to try again once the closing categories' choices go. */
    closesAll: ({ context, event }) =>
      event.type === "form.close" &&
      unsavedCategories(withoutClosed(context.picks, context.saved, event.categories), context.saved).length === 0,
  },
  actions: {
    choose: assign(({ context }, params: { category: PredictionCategory; riderId: string }) => ({
      picks: { ...context.picks, [params.category]: params.riderId },
      refusal: null,
    })),
    refuse: assign({ refusal: (_, params: Refusal) => params }),
    applySync: assign(({ context }, params: { saved: Picks; version: number }) => ({
      saved: params.saved,
      version: params.version,
      picks: mergeSaved(context.picks, params.saved),
      refusal: null,
      error: null,
    })),
    markSaved: assign(({ context }, params: SaveOutput) => ({ saved: { ...context.picks }, version: params.version })),
    /** The weekend's clock closed `categories`: their unsaved choices can no longer be saved and go. */
    close: assign(({ context }, params: { categories: PredictionCategory[] }) => ({
      closed: params.categories,
      picks: withoutClosed(context.picks, context.saved, [...params.categories, ...categoriesOf(context.started)]),
    })),
    /** While a save is on its way its choices stay as sent (it may still succeed); its answer decides. */
    noteClosed: assign({ closed: (_, params: { categories: PredictionCategory[] }) => params.categories }),
    /**
     * A 418: the sessions it names have started on the server's clock. Only their categories (and those the clock
     * already closed) lose their unsaved choices; every other choice stays, to be saved again.
     */
    closeStarted: assign(({ context }, params: { error: unknown }) => {
      const started = [...new Set([...context.started, ...sessionsOf(params.error)])];
      const closed = [...context.closed, ...categoriesOf(started)];
      const dropped = unsavedCategories(context.picks, context.saved).filter((c) => closed.includes(c));
      return {
        started,
        picks: withoutClosed(context.picks, context.saved, closed),
        late: { sessions: sessionsOf(params.error), dropped },
        error: toErrorBody(params.error),
      };
    }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null, late: null }),
  },
}).createMachine({
  id: "predictionForm",
  description:
    "The weekend's prediction form: a rider per category (11), one rider per podium place (sprint and race groups), saved picks changed only through Change Predictions, unsaved changes tracked (a draft restored), dropped where their session has started, save; a 418 closes only the sessions it names and keeps the other choices; other errors with retry.",
  initial: "editing",
  context: ({ input }) => {
    const saved = { ...input?.saved };
    const closed = input?.closed ?? [];
    return {
      raceId: input?.raceId ?? "",
      picks: withoutClosed(mergeSaved({ ...input?.draft }, saved), saved, closed),
      saved,
      version: input?.version ?? 0,
      closed,
      started: [],
      late: null,
      refusal: null,
      error: null,
    };
  },
  states: {
    editing: {
      initial: "route",
      on: {
        "form.choose": [
          {
            guard: "categorySaved",
            actions: {
              type: "refuse",
              params: ({ event }) => ({ reason: "saved" as const, category: event.category, riderId: event.riderId }),
            },
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
        "form.sync": { guard: "news", target: ".route", actions: { type: "applySync", params: ({ event }) => event } },
        "form.close": [
          { guard: "closesChoice", target: ".route", actions: { type: "close", params: ({ event }) => event } },
          { actions: { type: "close", params: ({ event }) => event } },
        ],
      },
      states: {
        route: {
          always: [{ guard: "isDirty", target: "dirty" }, { target: "clean" }],
        },
        clean: {},
        dirty: {
          tags: "dirty",
          description:
            "Choices not saved yet: leaving the page warns, Save is enabled; they outlive the screen as the weekend's draft.",
          on: { "form.save": "#predictionForm.saving" },
        },
        saved: { tags: "saved", description: "Just saved: the success message shows until the next choice." },
      },
    },
    saving: {
      tags: "busy",
      entry: "clearError",
      on: { "form.close": { actions: { type: "noteClosed", params: ({ event }) => event } } },
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
            target: "editing",
            actions: { type: "closeStarted", params: ({ event }) => ({ error: event.error }) },
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
        "form.close": [
          {
            guard: "closesAll",
            target: "editing",
            actions: [{ type: "close", params: ({ event }) => event }, "clearError"],
          },
          { actions: { type: "close", params: ({ event }) => event } },
        ],
      },
    },
  },
});

/** The categories a 418 closed, which the tab's clock may not have closed yet. */
export const startedCategories = (context: Pick<PredictionFormContext, "started">) => categoriesOf(context.started);

/** The choices not saved yet, by category (what the weekend keeps as its draft). */
export const unsavedPicks = (context: Pick<PredictionFormContext, "picks" | "saved">): Picks =>
  Object.fromEntries(unsavedCategories(context.picks, context.saved).map((c) => [c, context.picks[c]])) as Picks;

/** Unsaved choices of a form snapshot's context. */
export const unsavedCount = (context: Pick<PredictionFormContext, "picks" | "saved">) =>
  unsavedCategories(context.picks, context.saved).length;
