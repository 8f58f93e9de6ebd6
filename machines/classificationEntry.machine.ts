import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { ResultKey } from "../contract/results";
import type { ResultPreview } from "../contract/operations";
import { notProvided, toErrorBody } from "./serviceErrors";

// Race control's classification entry (game-rules.md "Results are provisional"): the operator types the race
// numbers in finishing order, the flow resolves them to the weekend's riders, asks the server what the entry would do
// (picks scored, points moved, bets paid, questions graded) and commits only after the operator has seen it. A
// correction is the same flow on an entered classification; a canceled session previews its refunds the same way.

export type EntryMode = "enter" | "correct" | "cancel";
/** A rider of the weekend's entry list, as the numbers are resolved against it. */
export type NumberedRider = { id: string; number: number; name: string; out: boolean };

export type ClassificationInput = {
  raceId: string;
  session: ResultKey;
  mode: EntryMode;
  riders: readonly NumberedRider[];
  text?: string;
};

/** What the typed numbers resolve to: the riders in order, or every problem the operator must fix first. */
export type Resolution = {
  riders: NumberedRider[];
  /** Numbers no rider of the weekend has, tokens that are no number, numbers typed twice, riders out of this race. */
  unknown: string[];
  duplicates: number[];
  out: number[];
};

/** Splits "93 41, 12" on spaces, commas and semicolons and finds each number's rider. Pure: the view shows it as typed. */
export function resolveNumbers(text: string, riders: readonly NumberedRider[]): Resolution {
  const byNumber = new Map(riders.map((r) => [r.number, r]));
  const seen = new Set<number>();
  const result: Resolution = { riders: [], unknown: [], duplicates: [], out: [] };
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const number = /^#?\d{1,3}$/.test(token) ? Number(token.replace("#", "")) : Number.NaN;
    const rider = byNumber.get(number);
    if (!rider) result.unknown.push(token);
    else if (seen.has(number)) {
      if (!result.duplicates.includes(number)) result.duplicates.push(number);
    } else {
      seen.add(number);
      if (rider.out) result.out.push(number);
      result.riders.push(rider);
    }
  }
  return result;
}

export const resolutionValid = (r: Resolution) =>
  r.riders.length > 0 && r.unknown.length === 0 && r.duplicates.length === 0 && r.out.length === 0;

export type PreviewRequest = { raceId: string; session: ResultKey; mode: EntryMode; riderIds: string[] };
/** What a commit answers, whichever call it was (entry, correction, cancellation): the view shows the preview's figures. */
export type CommitOutput = { replayed: boolean };

export type ClassificationContext = ClassificationInput & {
  text: string;
  resolution: Resolution;
  preview: ResultPreview | null;
  error: ErrorBody | null;
  replayed: boolean;
};

export type ClassificationEvent =
  | { type: "entry.type"; text: string }
  | { type: "entry.preview" }
  | { type: "entry.edit" }
  | { type: "entry.commit" }
  | { type: "entry.retry" };

/**
 * Tags the page reads: `editing` (the numbers field), `invalid` (its problems), `busy` (a call in flight),
 * `previewed` (the consequences, commit offered), `refused` (the server refused the preview or the commit),
 * `failed` (the commit failed: retry), `done`.
 */
export type ClassificationTag = "editing" | "invalid" | "busy" | "previewed" | "refused" | "failed" | "done";

export const classificationEntryMachine = setup({
  types: {
    context: {} as ClassificationContext,
    events: {} as ClassificationEvent,
    input: {} as ClassificationInput,
    tags: {} as ClassificationTag,
  },
  actors: {
    /** POST /admin/races/{raceId}/results/preview: the consequences, nothing committed. */
    previewResult: fromPromise<ResultPreview, PreviewRequest>(notProvided("previewResult")),
    /** The results entry, the correction or the cancellation itself. */
    commitResult: fromPromise<CommitOutput, PreviewRequest>(notProvided("commitResult")),
  },
  guards: {
    /** A cancellation has no numbers to type. */
    isCancel: ({ context }) => context.mode === "cancel",
    valid: ({ context }) => context.mode === "cancel" || resolutionValid(context.resolution),
    /** Numbers to go back to (not a cancellation). */
    typed: ({ context }) => context.mode !== "cancel",
  },
  actions: {
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    /** The classification is in: the app reads the weekend and what players see again. */
    committed: () => {},
  },
}).createMachine({
  id: "classificationEntry",
  description:
    "A classification entered by race numbers: typed, resolved to the weekend's riders (unknown, repeated and injured numbers refused), previewed on the server (picks, points, bets, questions), then committed; a correction and a cancellation preview and commit the same way.",
  initial: "start",
  context: ({ input }) => ({
    ...input,
    text: input.text ?? "",
    resolution: resolveNumbers(input.text ?? "", input.riders),
    preview: null,
    error: null,
    replayed: false,
  }),
  states: {
    start: { always: [{ guard: "isCancel", target: "previewing" }, { target: "editing" }] },
    editing: {
      tags: ["editing"],
      on: {
        "entry.type": {
          actions: assign({
            text: ({ event }) => event.text,
            resolution: ({ context, event }) => resolveNumbers(event.text, context.riders),
            error: null,
          }),
        },
        "entry.preview": [{ guard: "valid", target: "previewing" }, { target: "invalid" }],
      },
    },
    invalid: {
      tags: ["editing", "invalid"],
      description: "The numbers do not make a classification yet: the field says which are wrong.",
      on: {
        "entry.type": {
          target: "editing",
          actions: assign({
            text: ({ event }) => event.text,
            resolution: ({ context, event }) => resolveNumbers(event.text, context.riders),
          }),
        },
      },
    },
    previewing: {
      tags: ["busy"],
      invoke: {
        src: "previewResult",
        id: "previewResult",
        input: ({ context }) => ({
          raceId: context.raceId,
          session: context.session,
          mode: context.mode,
          riderIds: context.resolution.riders.map((r) => r.id),
        }),
        onDone: { target: "previewed", actions: assign({ preview: ({ event }) => event.output, error: null }) },
        onError: { target: "refused", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    previewed: {
      tags: ["previewed"],
      on: { "entry.commit": { target: "committing" }, "entry.edit": { guard: "typed", target: "editing" } },
    },
    refused: {
      tags: ["refused"],
      description: "The server refused the classification (its code is shown); the operator edits or tries again.",
      on: { "entry.edit": { guard: "typed", target: "editing" }, "entry.retry": { target: "previewing" } },
    },
    committing: {
      tags: ["busy", "previewed"],
      invoke: {
        src: "commitResult",
        id: "commitResult",
        input: ({ context }) => ({
          raceId: context.raceId,
          session: context.session,
          mode: context.mode,
          riderIds: context.resolution.riders.map((r) => r.id),
        }),
        onDone: {
          target: "done",
          actions: [assign({ replayed: ({ event }) => event.output.replayed, error: null }), "committed"],
        },
        onError: { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ["failed", "previewed"],
      on: { "entry.retry": { target: "committing" }, "entry.edit": { guard: "typed", target: "editing" } },
    },
    done: { tags: ["done"], type: "final" },
  },
});
