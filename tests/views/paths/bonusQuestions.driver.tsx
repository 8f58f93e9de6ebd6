// The bonusQuestions machine's driver: the real Bonus questions screen and its owner (`bonusActor`,
// src/features/bonus/bonusActor.ts) with the modal host, against a stubbed network for one free-text question whose
// answer call is held until the path's step answers it. The player presses the question's Answer button; the
// owner's guard reads the tab's server clock, so the question is closed on it when the tab's clock has passed the
// deadline (a race event's `at` aligns it) before the card's own countdown took the button away. The flow ends when
// the player's answer is stored; the player closes the modal with its Close button.
import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import type { Question } from "../../../contract/questions";
import { bonusQuestionsMachine } from "../../../machines/bonusQuestions.machine";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { bonusActor } from "../../../src/features/bonus/bonusActor";
import BonusQuestionsScreen from "../../../src/screens/bonusQuestions/BonusQuestionsScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, type HeldApi } from "./heldApi";
import type { ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; question: Question };

const QUESTIONS = "/api/questions";
const ANSWER = "/api/questions/q1/user-answer";
const TEXT = "Who will take pole position at the Czech Grand Prix?";
const TYPED = "Marco Bezzecchi";
const HOUR = 3_600_000;

const dialog = () => screen.queryByRole("dialog");
const inModal = () => within(dialog()!);
const answerButton = () => screen.queryByRole("button", { name: `Answer: ${TEXT}` });
/** How often the screen asked for the questions: the owner's refetch is one more. */
const reads = (world: World) => world.api.calls.filter((c) => c.path === QUESTIONS && c.method === "GET").length;

export const bonusQuestionsDriver: ViewDriver<World & { readsBefore: number }> = {
  machine: bonusQuestionsMachine,

  async arrange() {
    await signInForTest();
    const question: Question = {
      id: "q1",
      points: 10,
      text: TEXT,
      type: "ABOUT_GRAN_PRIX",
      userAnswer: null,
      correctAnswer: null,
      result: "WAITING",
      raceId: "R1",
      raceName: "Czech Grand Prix",
      closesAt: new Date(Date.now() + 26 * HOUR).toISOString(),
      open: true,
      options: [],
      userAnswerId: null,
    };
    const world = { api: null as never as HeldApi, question, readsBefore: 0 };
    world.api = heldApi((call) => {
      if (call.path === QUESTIONS && call.method === "GET")
        // The server's clock is the one the tab aligns to: past the deadline once the path moved it there.
        return ok({
          data: [world.question],
          page: 1,
          pages: 1,
          count: 1,
          now: new Date(serverClock.now()).toISOString(),
        });
      if (call.path === ANSWER && call.method === "POST") return "hold";
      return undefined;
    });
    renderWithApp(
      <>
        <Route path="/bonus-questions">
          <BonusQuestionsScreen tab="new" />
        </Route>
        <ModalHost />
      </>,
      { path: "/bonus-questions" },
    );
    await screen.findByTestId("question");
    return world;
  },

  act: {
    // The Answer button; the owner's check follows at once (the `always` step needs no action).
    "question.answer": ({ world, next }) => {
      world.readsBefore = reads(world);
      if (next?.otherwise) serverClock.alignTo(new Date(Date.parse(world.question.closesAt) + 1000).toISOString());
      fireEvent.click(answerButton()!);
    },
    // The player types an answer and sends it; the server stores it.
    "done answer": async ({ world }) => {
      world.readsBefore = reads(world);
      fireEvent.change(inModal().getByRole("textbox", { name: "Answer" }), { target: { value: TYPED } });
      fireEvent.click(inModal().getByRole("button", { name: "Send answer" }));
      world.question = { ...world.question, userAnswer: TYPED };
      await world.api.answer("POST", ANSWER, ok(world.question));
    },
    "answer.closed": () => fireEvent.click(inModal().getByRole("button", { name: "Close" })),
  },

  shows: {
    // Passed through at once: the owner decides in the same move.
    checking: null,
    async answering({ world, step }) {
      const modal = await screen.findByRole("dialog");
      if (step.event === "done answer") {
        // The answer stays shown in the modal, and the list behind it is read again with it.
        expect((await within(modal).findByTestId("answer-sent")).textContent).toBe("Your answer is saved");
        await expect.poll(() => reads(world)).toBe(world.readsBefore + 1);
        await expect.poll(() => screen.getByTestId("question-answer").textContent).toBe(TYPED);
      } else {
        expect(await within(modal).findByText(TEXT)).toBeTruthy();
        expect(within(modal).getByRole<HTMLInputElement>("textbox", { name: "Answer" }).value).toBe("");
        expect(within(modal).getByRole("button", { name: "Send answer" })).toBeTruthy();
      }
    },
    async idle({ world, step }) {
      await expect.poll(dialog).toBeNull();
      if (step.event === "always") {
        // Closed on the tab's clock: no modal, the list is read again and the card says so.
        await expect.poll(() => reads(world)).toBe(world.readsBefore + 1);
        await expect.poll(answerButton).toBeNull();
        expect(within(screen.getByTestId("question")).getByText("Closed")).toBeTruthy();
      } else {
        // Closed by the player: nothing sent, the question still takes an answer.
        expect(world.api.calls.filter((c) => c.path === ANSWER)).toEqual([]);
        expect(answerButton()).toBeTruthy();
        expect(screen.getByTestId("question-answer").textContent).toBe("Not answered");
      }
    },
  },

  cleanup() {
    // Back to the tab's own clock, and no flow left open for the next path.
    serverClock.alignTo(new Date().toISOString());
    bonusActor.send({ type: "answer.closed" });
  },
};
