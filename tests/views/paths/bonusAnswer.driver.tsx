// The bonusAnswer machine's driver: the real Bonus questions screen and its owner (`bonusActor`,
// src/features/bonus/bonusActor.ts) with the modal host, so the flow is the one the owner spawns for the ChooseAnswer
// modal when the player presses a question's Answer button, against a stubbed network with the answer's call held
// until the path's step answers it. A path that chooses an option, or that the server refuses (the options changed
// meanwhile), plays an ABOUT_GENERAL question; the others a free-text one. The deadline is met the way it is met in
// play: a question closing two seconds after the modal opens (the flow's own timer), or the tab's server clock
// past the deadline when the answer is sent (a race event's `at` aligns it), before the timer fired.
import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import { optionIds } from "../../../contract/questionRules";
import type { Question } from "../../../contract/questions";
import { bonusAnswerMachine } from "../../../machines/bonusAnswer.machine";
import type { QaPath } from "../../../scripts/paths";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { bonusActor } from "../../../src/features/bonus/bonusActor";
import BonusQuestionsScreen from "../../../src/screens/bonusQuestions/BonusQuestionsScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  question: Question;
  /** The answer in the modal: the typed text, or the chosen option's text. */
  answer: string;
  /** The message the modal must show after a refusal or a failure. */
  error: string | null;
};

const ANSWER = "/api/questions/q1/user-answer";
const TYPED = "Marco Bezzecchi";
const OPTION = "2";
/** Long enough for the screen and the modal to open, short enough to wait for in a test. */
const DEADLINE_SOON_MS = 2500;
const HOUR = 3_600_000;

const waitsForDeadline = (path: QaPath) => path.steps.some((s) => s.event.startsWith("xstate.after."));
const choosesAnOption = (path: QaPath) =>
  path.steps.some((s) => s.event === "answer.choose" || s.guard === "refusedOnServer");

const modal = () => screen.queryByRole("dialog");
const inModal = () => within(modal()!);
const sendButton = () => inModal().getByRole<HTMLButtonElement>("button", { name: "Send answer" });
const isChoice = (world: World) => world.question.type === "ABOUT_GENERAL";

/** The tab's server clock past the deadline (a race event's `at` aligns it), before the flow's timer fired. */
const clockPastDeadline = (world: World) =>
  serverClock.alignTo(new Date(Date.parse(world.question.closesAt) + 1000).toISOString());

/** What a player does to give the answer: types it, or chooses the option. */
function giveAnswer(world: World) {
  if (isChoice(world)) {
    world.answer = OPTION;
    fireEvent.click(inModal().getByRole("radio", { name: OPTION }));
  } else {
    world.answer = TYPED;
    fireEvent.change(inModal().getByRole("textbox", { name: "Answer" }), { target: { value: TYPED } });
  }
}

/** The answer field as the player left it, not busy. */
async function fieldShows(world: World) {
  if (isChoice(world)) {
    await expect
      .poll(() =>
        inModal()
          .getAllByRole<HTMLInputElement>("radio")
          .filter((r) => r.checked)
          .map((r) => r.closest("label")?.textContent),
      )
      .toEqual(world.answer ? [world.answer] : []);
  } else {
    await expect
      .poll(() => inModal().getByRole<HTMLInputElement>("textbox", { name: "Answer" }).value)
      .toBe(world.answer);
  }
  expect(sendButton().disabled).toBe(false);
}

export const bonusAnswerDriver: ViewDriver<World> = {
  machine: bonusAnswerMachine,

  async arrange(path) {
    await signInForTest();
    const choice = choosesAnOption(path);
    const question: Question = {
      id: "q1",
      points: 10,
      text: choice ? "How many manufacturers on the podium?" : "Who will take pole position at the Czech Grand Prix?",
      type: choice ? "ABOUT_GENERAL" : "ABOUT_GRAN_PRIX",
      userAnswer: null,
      correctAnswer: null,
      result: "WAITING",
      raceId: "R1",
      raceName: "Czech Grand Prix",
      closesAt: new Date(Date.now() + (waitsForDeadline(path) ? DEADLINE_SOON_MS : 26 * HOUR)).toISOString(),
      open: true,
      options: choice ? optionIds(["1", "2", "3"]) : [],
      userAnswerId: null,
    };
    const world: World = { api: null as never, question, answer: "", error: null };
    world.api = heldApi((call) => {
      if (call.path === "/api/questions" && call.method === "GET")
        return ok({ data: [world.question], page: 1, pages: 1, count: 1, now: new Date().toISOString() });
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
    // The first step is the player pressing the question's Answer button: the owner opens ChooseAnswer on the flow.
    always({ index }) {
      if (index !== 0) return;
      fireEvent.click(screen.getByRole("button", { name: /^Answer: / }));
    },
    "answer.text": ({ world }) => {
      world.answer = TYPED;
      world.error = null;
      fireEvent.change(inModal().getByRole("textbox", { name: "Answer" }), { target: { value: TYPED } });
    },
    "answer.choose": ({ world }) => {
      world.answer = OPTION;
      world.error = null;
      fireEvent.click(inModal().getByRole("radio", { name: OPTION }));
    },
    // Sent as it is when the rules must refuse it (nothing typed or chosen); given first otherwise.
    "answer.send": ({ world, next }) => {
      if (next?.guard === "expiredNow") clockPastDeadline(world);
      else if (!next?.otherwise) giveAnswer(world);
      if (next?.otherwise)
        world.error = isChoice(world) ? "Choose one of the answers offered" : "This is a required field";
      fireEvent.click(sendButton());
    },
    "answer.retry": () => fireEvent.click(inModal().getByRole("button", { name: "Try Again" })),
    // The player waits with the modal open until answers close.
    "xstate.after.untilDeadline.bonusAnswer.open.editing": () => {},
    "done sendAnswer": async ({ world }) => {
      world.question = { ...world.question, userAnswer: world.answer };
      await world.api.answer("POST", ANSWER, ok(world.question));
    },
    // The server's clock has passed the deadline (418), the options changed meanwhile (400), or the network fails.
    "error sendAnswer": async ({ world, step }) => {
      if (step.guard === "expiredOnServer") {
        world.error = "The time to answer this question has expired";
        await world.api.answer("POST", ANSWER, refusal(418, "answerExpired", world.error));
      } else if (step.guard === "refusedOnServer") {
        world.error = "Choose one of the answers offered";
        await world.api.answer("POST", ANSWER, refusal(400, "answerNotAnOption", world.error));
      } else {
        world.error = "Something went wrong.";
        await world.api.answer("POST", ANSWER, "network");
      }
    },
  },

  shows: {
    // Passed through at once; after the flow's own timer at the deadline, it closes itself there.
    async "open.starting"({ step }: Step<World>) {
      if (step.event.startsWith("xstate.after."))
        expect((await inModal().findByRole("alert")).textContent).toBe("The time to answer this question has expired");
    },
    // Passed through at once: the rules decide in the same move.
    "open.checking": null,
    async "open.editing.ready"({ world }) {
      expect(await screen.findByRole("dialog")).toBeTruthy();
      expect(await inModal().findByText(world.question.text)).toBeTruthy();
      expect(inModal().getByRole("timer")).toBeTruthy();
      await fieldShows(world);
      expect(inModal().queryByRole("alert")).toBeNull();
    },
    async "open.editing.refused"({ world }) {
      await expect.poll(() => inModal().queryByRole("alert")?.textContent).toBe(world.error);
      await fieldShows(world);
      if (!world.answer) expect(world.api.calls.filter((c) => c.path === ANSWER)).toEqual([]);
    },
    async "open.editing.failed"({ world }) {
      await expect.poll(() => inModal().queryByRole("alert")?.textContent).toBe(world.error);
      expect(inModal().getByRole("button", { name: "Try Again" })).toBeTruthy();
      expect(inModal().queryByRole("button", { name: "Send answer" })).toBeNull();
    },
    async "open.sending"({ world }) {
      await expect.poll(() => sendButton().getAttribute("aria-busy")).toBe("true");
      expect(sendButton().disabled).toBe(true);
      if (isChoice(world)) expect(inModal().getByRole("group").hasAttribute("disabled")).toBe(true);
      else expect(inModal().getByRole<HTMLInputElement>("textbox", { name: "Answer" }).disabled).toBe(true);
      await expect
        .poll(() => world.api.held.map((h) => h.call.body))
        .toEqual([isChoice(world) ? { text: OPTION, id: "b" } : { text: TYPED }]);
    },
    async sent({ world }) {
      expect((await inModal().findByTestId("answer-sent")).textContent).toBe("Your answer is saved");
      expect(inModal().getByText(`“${world.answer}”: you can change it until the deadline.`)).toBeTruthy();
      expect(inModal().getByRole("button", { name: "OK" })).toBeTruthy();
    },
    async expired({ step }) {
      // The server's 418 is the app's too: its race-started modal (no button) comes on top; Escape uncovers the answer.
      if (step.event === "error sendAnswer") {
        expect(await screen.findByRole("heading", { name: "Race has already started" })).toBeTruthy();
        fireEvent.keyDown(modal()!, { key: "Escape" });
      }
      expect((await inModal().findByRole("alert")).textContent).toBe("The time to answer this question has expired");
      expect(inModal().queryByRole("button", { name: "Send answer" })).toBeNull();
      expect(inModal().getByRole("button", { name: "OK" })).toBeTruthy();
    },
  },

  // The owner opens the modal only while the question takes answers on the same clock the flow reads at once, so
  // the flow never starts expired: it gets there when its own timer fires at the deadline, and starts again.
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    if (path.steps.length !== 1 || last.guard !== "expiredNow") return null;
    const timer = all.find((p) => p.steps.at(-1)?.event.startsWith("xstate.after."));
    return timer ? { ...path, steps: [...timer.steps, last] } : null;
  },

  cleanup() {
    // Back to the tab's own clock, and no flow left open for the next path.
    serverClock.alignTo(new Date().toISOString());
    bonusActor.send({ type: "answer.closed" });
  },
};
