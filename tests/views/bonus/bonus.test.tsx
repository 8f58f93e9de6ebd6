import { configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { formatMessage } from "../../../contract/messages";
import { optionIds, planAnswer } from "../../../contract/questionRules";
import type { Question } from "../../../contract/questions";
import { ModalHost } from "../../../src/app/ModalHost";
import BonusQuestionsScreen from "../../../src/screens/bonusQuestions/BonusQuestionsScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
afterEach(resetApp);
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const NOW = Date.now();
const HOUR = 3_600_000;
const question = (over: Partial<Question>): Question => ({
  id: "q1",
  points: 10,
  text: "Who will take pole position at the Czech Grand Prix?",
  type: "ABOUT_GRAN_PRIX",
  userAnswer: null,
  correctAnswer: null,
  result: "WAITING",
  raceId: "R1",
  raceName: "Czech Grand Prix",
  closesAt: new Date(NOW + 26 * HOUR).toISOString(),
  open: true,
  options: [],
  userAnswerId: null,
  ...over,
});

type World = { questions: Question[]; fail?: boolean };
const ok = (result: unknown) => json(200, { result });
const rider = (id: string, name: string) => ({
  id,
  name,
  number: 1,
  raceClass: "MOTOGP",
  teamName: "Team",
  status: "ACTIVE",
});

/** GET /questions with the tabs' filters and POST /questions/{id}/user-answer, as the server answers them (the contract's rules). */
function routes(w: World) {
  return (call: Call): Response | undefined => {
    if (call.path === "/api/questions" && call.method === "GET") {
      if (w.fail) return json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." });
      const q = new URLSearchParams(call.search);
      const data = w.questions.filter(
        (x) => (q.get("isNew") ? x.open : true) && (q.get("isAnswered") ? x.userAnswer !== null : true),
      );
      return ok({ data, page: 1, pages: data.length ? 1 : 0, count: data.length, now: new Date().toISOString() });
    }
    const m = /^\/api\/questions\/([^/]+)\/user-answer$/.exec(call.path);
    if (m && call.method === "POST") {
      const target = w.questions.find((x) => x.id === m[1])!;
      const body = call.body as { text: string; id?: string };
      const verdict = planAnswer(
        { now: Date.now(), closesAt: Date.parse(target.closesAt), type: target.type, options: target.options },
        body,
      );
      if (!verdict.ok)
        return json(verdict.refusal.status, {
          statusCode: verdict.refusal.status,
          code: verdict.refusal.code,
          message: formatMessage(verdict.refusal.code),
        });
      Object.assign(target, { userAnswer: verdict.value.text, userAnswerId: verdict.value.optionId });
      return ok(target);
    }
    return undefined;
  };
}

async function open(w: World, tab: "new" | "all" | "answered" = "new") {
  await signInForTest();
  const calls = stubRoutes(routes(w));
  renderWithApp(
    <>
      <Route path="/bonus-questions">
        <BonusQuestionsScreen tab={tab} />
      </Route>
      <ModalHost />
    </>,
    { path: "/bonus-questions" },
  );
  return calls;
}

describe("the Bonus questions screens", () => {
  it("lists the open questions with their countdown, and answers one in the ChooseAnswer modal", async () => {
    const w: World = { questions: [question({})] };
    const calls = await open(w);
    const card = await screen.findByTestId("question");
    expect(within(card).getByText("About the Grand Prix")).toBeTruthy();
    expect(within(card).getByRole("timer").textContent).toMatch(/^1d \d\d:\d\d:\d\d$/);
    expect(within(card).getByTestId("question-answer").textContent).toBe("Not answered");
    expect(screen.getByRole("link", { name: "New" }).getAttribute("aria-current")).toBe("page");

    fireEvent.click(within(card).getByRole("button", { name: /^Answer: Who will take pole/ }));
    const modal = await screen.findByRole("dialog");
    fireEvent.click(await within(modal).findByRole("button", { name: "Send answer" }));
    expect(await within(modal).findByText("This is a required field")).toBeTruthy();
    fireEvent.change(within(modal).getByRole("textbox", { name: "Answer" }), { target: { value: "Marco Bezzecchi" } });
    fireEvent.click(within(modal).getByRole("button", { name: "Send answer" }));
    expect(await within(modal).findByTestId("answer-sent")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ text: "Marco Bezzecchi" }]);
    fireEvent.click(within(modal).getByRole("button", { name: "OK" }));
    expect(await screen.findByText("Marco Bezzecchi")).toBeTruthy();
    expect(screen.getByTestId("question-result").textContent).toBe("Waiting for the result");
  });

  it("answers a choice by its option", async () => {
    const w: World = {
      questions: [
        question({
          id: "q2",
          type: "ABOUT_GENERAL",
          text: "How many manufacturers on the podium?",
          options: optionIds(["1", "2", "3"]),
        }),
      ],
    };
    const calls = await open(w);
    fireEvent.click(await screen.findByRole("button", { name: /^Answer: How many/ }));
    const modal = await screen.findByRole("dialog");
    fireEvent.click(await within(modal).findByRole("radio", { name: "2" }));
    fireEvent.click(within(modal).getByRole("button", { name: "Send answer" }));
    expect(await within(modal).findByTestId("answer-sent")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ text: "2", id: "b" }]);
  });

  describe("an answer that is one of a known set is chosen from it, spelt as the grading compares it", () => {
    it("a question about manufacturers offers the five manufacturers", async () => {
      const w: World = {
        questions: [question({ id: "q4", type: "ABOUT_MANUFACTURER", text: "Which manufacturer will win the race?" })],
      };
      const calls = await open(w);
      fireEvent.click(await screen.findByRole("button", { name: /^Answer: Which manufacturer/ }));
      const modal = await screen.findByRole("dialog");
      const choice = await within(modal).findByRole("combobox", { name: "Your answer: a manufacturer" });
      expect(
        within(choice)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Choose a manufacturer", "Ducati", "Aprilia", "KTM", "Honda", "Yamaha"]);
      expect(within(modal).queryByText(/first and last name/)).toBeNull();
      fireEvent.change(choice, { target: { value: "KTM" } });
      fireEvent.click(within(modal).getByRole("button", { name: "Send answer" }));
      expect(await within(modal).findByTestId("answer-sent")).toBeTruthy();
      expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ text: "KTM" }]);
    });

    it("a question about riders offers the riders by name", async () => {
      const w: World = {
        questions: [question({ id: "q5", type: "ABOUT_RIDERS", text: "Which rider will win the Sprint?" })],
      };
      const answers = routes(w);
      await signInForTest();
      const calls = stubRoutes((c) =>
        c.path === "/api/riders/dropdown"
          ? ok([rider("r2", "Pedro Acosta"), rider("r1", "Marco Bezzecchi")])
          : answers(c),
      );
      renderWithApp(
        <>
          <Route path="/bonus-questions">
            <BonusQuestionsScreen tab="new" />
          </Route>
          <ModalHost />
        </>,
        { path: "/bonus-questions" },
      );
      fireEvent.click(await screen.findByRole("button", { name: /^Answer: Which rider/ }));
      const modal = await screen.findByRole("dialog");
      const choice = await within(modal).findByRole("combobox", { name: "Your answer: a rider" });
      await vi.waitFor(() =>
        expect(
          within(choice)
            .getAllByRole("option")
            .map((o) => o.textContent),
        ).toEqual(["Choose a rider", "Marco Bezzecchi", "Pedro Acosta"]),
      );
      fireEvent.change(choice, { target: { value: "Pedro Acosta" } });
      fireEvent.click(within(modal).getByRole("button", { name: "Send answer" }));
      expect(await within(modal).findByTestId("answer-sent")).toBeTruthy();
      expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ text: "Pedro Acosta" }]);
    });
  });

  it("shows a graded question's result and right answer, without an Answer button once closed", async () => {
    const closed = new Date(NOW - HOUR).toISOString();
    await open(
      {
        questions: [
          question({
            closesAt: closed,
            open: false,
            userAnswer: "Marco Bezzecchi",
            correctAnswer: "Marco Bezzecchi",
            result: "CORRECT",
          }),
          question({
            id: "q3",
            closesAt: closed,
            open: false,
            userAnswer: "Ducati",
            correctAnswer: "KTM",
            result: "WRONG",
            type: "ABOUT_MANUFACTURER",
            text: "Which manufacturer?",
          }),
        ],
      },
      "all",
    );
    const cards = await screen.findAllByTestId("question");
    expect(within(cards[0]!).getByTestId("question-result").textContent).toBe("Correct: +10 pts");
    expect(within(cards[1]!).getByTestId("question-result").textContent).toBe("Wrong");
    expect(within(cards[1]!).getByTestId("question-correct").textContent).toBe("KTM");
    expect(screen.queryByRole("button", { name: /Answer/ })).toBeNull();
    expect(within(cards[0]!).getByText("Closed")).toBeTruthy();
  });

  it("says so when there is nothing to show, and offers Try Again when the list cannot be loaded", async () => {
    const w: World = { questions: [], fail: true };
    await open(w, "answered");
    expect(await screen.findByText("The questions could not be loaded.")).toBeTruthy();
    w.fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("You haven't answered any question yet.")).toBeTruthy();
  });
});
