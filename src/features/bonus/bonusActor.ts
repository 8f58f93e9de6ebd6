import { useSelector } from "@xstate/react";
import { assign, createActor, fromPromise } from "xstate";
import { bonusAnswerMachine, type SendAnswerInput } from "../../../machines/bonusAnswer.machine";
import { bonusQuestionsMachine } from "../../../machines/bonusQuestions.machine";
import type { Question } from "../../../contract/questions";
import { serverClock } from "../../api/serverClock";
import { queryClient } from "../../api/queryClient";
import { refreshQuestions, sendAnswer } from "../../api/questions";
import { modals } from "../../runtime/hooks";
import { observeFlows } from "../../runtime/flowReporter";

// The Bonus questions screens' owner with the real services: the API, the server-aligned clock and the
// ChooseAnswer modal. Created once, at module level (React StrictMode would start a component's actor twice).

const ANSWER_MODAL_ID = "answer";

const liveAnswer = bonusAnswerMachine.provide({
  actions: { readClock: assign({ now: () => serverClock.now() }) },
  actors: {
    sendAnswer: fromPromise<Question, SendAnswerInput>(({ input }) =>
      sendAnswer(input.questionId, { text: input.text, ...(input.optionId ? { id: input.optionId } : {}) }),
    ),
  },
});

export const bonusActor = createActor(
  bonusQuestionsMachine.provide({
    actors: { bonusAnswer: liveAnswer },
    actions: {
      readClock: assign({ now: () => serverClock.now() }),
      refetch: () => void refreshQuestions(queryClient),
      // Closed with its buttons, Escape or an outside click; closing ends the flow (an answer not sent is not kept).
      openAnswerModal: ({ self }) =>
        void modals.open(
          "ChooseAnswer",
          {},
          { id: ANSWER_MODAL_ID, showClose: true, reply: { to: self, closed: { type: "answer.closed" } } },
        ),
    },
  }),
  { inspect: observeFlows },
);
bonusActor.start();

/** A question's Answer button: the owner opens ChooseAnswer if the question still takes answers. */
export const answerQuestion = (question: Question) => bonusActor.send({ type: "question.answer", question });

/** The answer flow the ChooseAnswer modal shows (null once closed). */
export const useAnswerFlow = () => useSelector(bonusActor, (s) => s.context.answer);
/** The question being answered (its text, points and countdown in the modal). */
export const useAnsweredQuestion = () => useSelector(bonusActor, (s) => s.context.question);
