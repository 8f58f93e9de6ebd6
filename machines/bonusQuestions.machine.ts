import { assign, enqueueActions, setup, type ActorRefFrom } from "xstate";
import { answeringOpen } from "../contract/questionRules";
import type { Question } from "../contract/questions";
import { bonusAnswerMachine } from "./bonusAnswer.machine";

// The owner of answering on the Bonus questions screens: a question's Answer button spawns the short-lived
// bonusAnswer flow and opens the ChooseAnswer modal that shows it; the flow is stopped when the modal closes, and
// the questions are read again once an answer is stored.

export type AnswerRef = ActorRefFrom<typeof bonusAnswerMachine>;

export type BonusQuestionsContext = {
  /** The injected clock's last reading (epoch ms). */
  now: number;
  /** The question whose Answer button was pressed. */
  question: Question | null;
  answer: AnswerRef | null;
};

export type BonusQuestionsEvent =
  /** A question's Answer (or Change answer) button. */
  | { type: "question.answer"; question: Question }
  /** The ChooseAnswer modal was closed. */
  | { type: "answer.closed" };

/** Tags the screens read: `answering` (the ChooseAnswer modal is up). */
export type BonusQuestionsTag = "answering";

export const bonusQuestionsMachine = setup({
  types: {
    context: {} as BonusQuestionsContext,
    events: {} as BonusQuestionsEvent,
    tags: {} as BonusQuestionsTag,
    children: {} as { answer: "bonusAnswer" },
  },
  actors: { bonusAnswer: bonusAnswerMachine },
  guards: {
    /** The question still takes answers on the owner's clock. */
    canAnswer: ({ context }) =>
      context.question !== null && answeringOpen(context.now, Date.parse(context.question.closesAt)),
  },
  actions: {
    readClock: assign({ now: () => Date.now() }),
    setQuestion: assign({
      question: ({ context, event }) => (event.type === "question.answer" ? event.question : context.question),
    }),
    startAnswer: assign(({ context, spawn }) => {
      const q = context.question;
      if (!q) return {};
      return {
        answer: spawn("bonusAnswer", {
          id: "answer",
          input: {
            questionId: q.id,
            type: q.type,
            options: q.options,
            closesAt: Date.parse(q.closesAt),
            text: q.userAnswer,
            optionId: q.userAnswerId,
          },
        }),
      };
    }),
    stopAnswer: enqueueActions(({ context, enqueue }) => {
      if (context.answer) enqueue.stopChild(context.answer);
      enqueue.assign({ answer: null });
    }),
    /** Reads the questions again (an answer stored or refused as expired). */
    refetch: () => {},
    // The app shows the ChooseAnswer modal.
    openAnswerModal: () => {},
  },
}).createMachine({
  id: "bonusQuestions",
  description:
    "The Bonus questions screens' answering: a question's Answer button (while it takes answers) spawns the bonusAnswer flow and opens the ChooseAnswer modal; the questions are read again when it ends; closing the modal stops the flow.",
  initial: "idle",
  context: { now: 0, question: null, answer: null },
  states: {
    idle: {
      on: { "question.answer": { target: "checking", actions: ["readClock", "setQuestion"] } },
    },
    checking: {
      always: [
        { guard: "canAnswer", target: "answering", actions: ["startAnswer", "openAnswerModal"] },
        // Closed meanwhile on the clock: the list is read again, so the button goes.
        { target: "idle", actions: "refetch" },
      ],
    },
    answering: {
      tags: "answering",
      description: "The ChooseAnswer modal shows the flow until the player closes it.",
      on: {
        "xstate.done.actor.answer": { actions: "refetch" },
        "answer.closed": { target: "idle", actions: "stopAnswer" },
      },
    },
  },
});
