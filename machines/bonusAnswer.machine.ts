import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { QuestionCategory } from "../contract/enums";
import { formatMessage } from "../contract/messages";
import { answeringOpen, isChoice, planAnswer } from "../contract/questionRules";
import type { Question, QuestionOption } from "../contract/questions";
import { refuse, type Verdict } from "../contract/verdict";
import { MAX_TIMER_MS } from "./predictionChange.machine";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

// One answer to a bonus question, from the ChooseAnswer modal: typing it (or choosing an option), sending, and the
// outcome. The rules (the deadline, an ABOUT_GENERAL answer is one of its options) are the contract's
// `planAnswer`; the machine adds the flow and closes itself at the deadline from the injected clock.

export type BonusAnswerInput = {
  questionId: string;
  type: QuestionCategory;
  options: readonly QuestionOption[];
  /** When answers close (epoch ms). */
  closesAt: number;
  /** The player's answer so far (changing it), or none. */
  text?: string | null;
  optionId?: string | null;
};

export type BonusAnswerContext = Omit<BonusAnswerInput, "text" | "optionId"> & {
  text: string;
  optionId: string | null;
  /** The injected clock's last reading (epoch ms). */
  now: number;
  error: ErrorBody | null;
  /** The question as the server answered it after the answer was stored. */
  answered: Question | null;
};

export type BonusAnswerEvent =
  | { type: "answer.text"; text: string }
  | { type: "answer.choose"; optionId: string }
  | { type: "answer.send" }
  | { type: "answer.retry" };

export type SendAnswerInput = { questionId: string; text: string; optionId: string | null };

/**
 * Tags the ChooseAnswer modal reads: `editing` (typing or choosing), `busy` (sending), `refused` (the rules or the
 * server said no: the message shows beside the field), `failed` (retry), and the outcomes `sent` and `expired`.
 */
export type BonusAnswerTag = "editing" | "busy" | "refused" | "failed" | "sent" | "expired";

/** The contract's verdict on the answer as it stands (an empty free-text answer is 'This is a required field'). */
export function answerVerdict(c: BonusAnswerContext): Verdict<unknown> {
  if (!isChoice(c.type) && c.text.trim() === "") return refuse(400, "required");
  const chosen = c.options.find((o) => o.id === c.optionId);
  return planAnswer(
    { now: c.now, closesAt: c.closesAt, type: c.type, options: c.options },
    { text: isChoice(c.type) ? (chosen?.text ?? "") : c.text, ...(c.optionId ? { id: c.optionId } : {}) },
  );
}

const statusOf = (error: unknown) => toErrorBody(error).statusCode;
const withError = {
  type: "setError",
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

export const bonusAnswerMachine = setup({
  types: {
    context: {} as BonusAnswerContext,
    events: {} as BonusAnswerEvent,
    input: {} as BonusAnswerInput,
    tags: {} as BonusAnswerTag,
  },
  actors: {
    /** POST /questions/{id}/user-answer; answers the question with the stored answer. */
    sendAnswer: fromPromise<Question, SendAnswerInput>(notProvided("sendAnswer")),
  },
  guards: {
    expiredNow: ({ context }) => !answeringOpen(context.now, context.closesAt),
    allowed: ({ context }) => answerVerdict(context).ok,
    /** The server's clock says the deadline has passed (418). */
    expiredOnServer: (_, params: { error: unknown }) => isRaceStarted(params.error),
    refusedOnServer: (_, params: { error: unknown }) => statusOf(params.error) === 400,
  },
  actions: {
    /** The clock is a service: the app provides its server-aligned clock, tests a fake one. */
    readClock: assign({ now: () => Date.now() }),
    setText: assign(({ context, event }) => ({ text: event.type === "answer.text" ? event.text : context.text })),
    choose: assign(({ context, event }) => ({
      optionId: event.type === "answer.choose" ? event.optionId : context.optionId,
    })),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    setRefusal: assign({
      error: ({ context }) => {
        const v = answerVerdict(context);
        return v.ok
          ? null
          : { statusCode: v.refusal.status, code: v.refusal.code, message: formatMessage(v.refusal.code) };
      },
    }),
    clearError: assign({ error: null }),
    setAnswered: assign((_, params: { answered: Question }) => ({ answered: params.answered })),
  },
  delays: {
    /** Until answers close: the modal closes the flow then, whatever it shows. */
    untilDeadline: ({ context }) => Math.min(MAX_TIMER_MS, Math.max(0, context.closesAt - context.now)),
  },
}).createMachine({
  id: "bonusAnswer",
  description:
    "One bonus answer in the ChooseAnswer modal: type it (or choose one of an ABOUT_GENERAL question's options), send, then sent, refused (the reason beside the field), a failure with retry, or expired at the deadline (the flow closes itself then).",
  initial: "open",
  context: ({ input }) => ({
    questionId: input.questionId,
    type: input.type,
    options: input.options,
    closesAt: input.closesAt,
    text: input.text ?? "",
    optionId: input.optionId ?? null,
    now: 0,
    error: null,
    answered: null,
  }),
  states: {
    open: {
      initial: "starting",
      states: {
        starting: {
          entry: "readClock",
          always: [{ guard: "expiredNow", target: "#bonusAnswer.expired" }, { target: "editing" }],
        },
        editing: {
          after: { untilDeadline: "starting" },
          initial: "ready",
          states: {
            ready: {
              tags: "editing",
              description: "The question, its countdown and the answer field (or its options).",
              on: {
                "answer.text": { actions: "setText" },
                "answer.choose": { actions: "choose" },
                "answer.send": { target: "#bonusAnswer.open.checking", actions: "readClock" },
              },
            },
            refused: {
              tags: ["editing", "refused"],
              description: "The answer is refused (empty, not one of the options): changing it clears the message.",
              on: {
                "answer.text": { target: "ready", actions: ["setText", "clearError"] },
                "answer.choose": { target: "ready", actions: ["choose", "clearError"] },
              },
            },
            failed: {
              tags: "failed",
              description:
                "The request failed (network, server): its message and Try Again, which checks the rules again first.",
              on: { "answer.retry": { target: "#bonusAnswer.open.checking", actions: "readClock" } },
            },
          },
        },
        checking: {
          always: [
            { guard: "expiredNow", target: "#bonusAnswer.expired" },
            { guard: "allowed", target: "sending" },
            { target: "editing.refused", actions: "setRefusal" },
          ],
        },
        sending: {
          tags: "busy",
          entry: "clearError",
          invoke: {
            id: "sendAnswer",
            src: "sendAnswer",
            input: ({ context }) => ({
              questionId: context.questionId,
              text: isChoice(context.type)
                ? (context.options.find((o) => o.id === context.optionId)?.text ?? "")
                : context.text,
              optionId: context.optionId,
            }),
            onDone: {
              target: "#bonusAnswer.sent",
              actions: { type: "setAnswered", params: ({ event }) => ({ answered: event.output }) },
            },
            onError: [
              {
                guard: { type: "expiredOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "#bonusAnswer.expired",
                actions: withError,
              },
              {
                guard: { type: "refusedOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "editing.refused",
                actions: withError,
              },
              { target: "editing.failed", actions: withError },
            ],
          },
        },
      },
    },
    sent: { type: "final", tags: "sent", description: "The answer is stored; it can be changed until the deadline." },
    expired: { type: "final", tags: "expired", description: "'The time to answer this question has expired'." },
  },
});
