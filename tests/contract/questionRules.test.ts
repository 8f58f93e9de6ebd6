import { describe, expect, it } from "vitest";
import {
  answerSetOf,
  answerTabQuery,
  answeringOpen,
  gradeAnswer,
  manufacturerAnswers,
  optionIds,
  planAnswer,
  planCorrectAnswer,
  pointsOf,
  resultOf,
  sameAnswer,
  tabQuery,
  timeLeft,
} from "../../contract/questionRules";
import { AnswerBody, NewQuestionBody, QuestionsQuery } from "../../contract/questions";

const options = optionIds(["1", "2", "3"]);
const facts = { now: 1000, closesAt: 2000, type: "ABOUT_RIDERS" as const, options: [] };

describe("bonus question rules", () => {
  it("takes answers strictly before the deadline", () => {
    expect(answeringOpen(1999, 2000)).toBe(true);
    expect(answeringOpen(2000, 2000)).toBe(false);
    expect(timeLeft(1500, 2000)).toBe(500);
    expect(timeLeft(2500, 2000)).toBe(0);
    expect(planAnswer({ ...facts, now: 2000 }, { text: "x" })).toEqual({
      ok: false,
      refusal: { status: 418, code: "answerExpired" },
    });
  });

  it("stores a free-text answer trimmed and a choice as its option's text", () => {
    expect(planAnswer(facts, { text: "  Ann  " })).toEqual({ ok: true, value: { text: "Ann", optionId: null } });
    const general = { ...facts, type: "ABOUT_GENERAL" as const, options };
    expect(planAnswer(general, { text: "whatever", id: "b" })).toEqual({
      ok: true,
      value: { text: "2", optionId: "b" },
    });
    expect(planAnswer(general, { text: "2" })).toEqual({
      ok: false,
      refusal: { status: 400, code: "answerNotAnOption" },
    });
    expect(planAnswer(general, { text: "2", id: "x" })).toMatchObject({ ok: false });
  });

  it("grades by equal text, ignoring case, Unicode form and spaces only", () => {
    expect(sameAnswer(" Marc  MÁRQUEZ ", "marc márquez")).toBe(true);
    expect(sameAnswer("Marc Marquez", "Marc Márquez")).toBe(false);
    expect(gradeAnswer("ducati", "Ducati")).toBe("CORRECT");
    expect(gradeAnswer("KTM", "Ducati")).toBe("WRONG");
    expect(resultOf("Ducati", null)).toBe("WAITING");
    expect(resultOf(null, "Ducati")).toBe("WAITING");
    expect(resultOf("Ducati", "ducati")).toBe("CORRECT");
    expect(pointsOf("CORRECT", 15)).toBe(15);
    expect(pointsOf("WRONG", 15)).toBe(0);
    expect(pointsOf("WAITING", 15)).toBe(0);
  });

  it("checks an operator's correct answer against a choice's options", () => {
    expect(planCorrectAnswer("ABOUT_GENERAL", options, "c")).toEqual({ ok: true, value: "3" });
    expect(planCorrectAnswer("ABOUT_GENERAL", options, "2")).toEqual({ ok: true, value: "2" });
    expect(planCorrectAnswer("ABOUT_GENERAL", options, "4")).toMatchObject({
      ok: false,
      refusal: { code: "answerNotAnOption" },
    });
    expect(planCorrectAnswer("ABOUT_RIDERS", [], " Ann ")).toEqual({ ok: true, value: "Ann" });
  });

  it("maps the tabs to the calls' filters", () => {
    expect(tabQuery("new")).toEqual({ isNew: "true" });
    expect(tabQuery("all")).toEqual({});
    expect(tabQuery("answered")).toEqual({ isAnswered: "true" });
    expect(answerTabQuery("successful")).toEqual({ result: "CORRECT" });
    expect(answerTabQuery("all")).toEqual({});
  });

  it("validates the bodies and queries", () => {
    expect(AnswerBody.safeParse({ text: "" }).success).toBe(false);
    expect(AnswerBody.safeParse({ text: "x".repeat(201) }).success).toBe(false);
    expect(NewQuestionBody.safeParse({ type: "ABOUT_GURU", points: 20, text: "Guru?" }).success).toBe(true);
    expect(NewQuestionBody.safeParse({ type: "ABOUT_GURU", points: 21, text: "Guru?" }).success).toBe(false);
    expect(QuestionsQuery.parse({ isNew: "true", isAnswered: "false" })).toMatchObject({
      isNew: true,
      isAnswered: false,
      page: 1,
      take: 50,
    });
    expect(QuestionsQuery.safeParse({ filter: "OTHER" }).success).toBe(false);
  });
});

describe("an answer from a known set is chosen from it: riders, manufacturers, or the question's own options", () => {
  it("names the set of each category, the others in free text", () => {
    expect(answerSetOf("ABOUT_GENERAL")).toBe("options");
    expect(answerSetOf("ABOUT_RIDERS")).toBe("riders");
    expect(answerSetOf("ABOUT_MANUFACTURER")).toBe("manufacturers");
    expect(answerSetOf("ABOUT_GRAN_PRIX")).toBe("free");
    expect(answerSetOf("ABOUT_GURU")).toBe("free");
  });

  it("offers the manufacturers as a manufacturer question's correct answer spells them", () => {
    expect(manufacturerAnswers).toEqual(["Ducati", "Aprilia", "KTM", "Honda", "Yamaha"]);
    expect(gradeAnswer(manufacturerAnswers[2]!, "KTM")).toBe("CORRECT");
  });
});
