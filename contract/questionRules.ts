import { Manufacturer, type QuestionCategory, type QuestionResult } from "./enums";
import type { AnswerBody, QuestionOption } from "./questions";
import { allow, refuse, type Verdict } from "./verdict";

// Bonus questions' rules, once (spec sections 3–4, game-rules.md "Points"): when a question takes
// answers, what an answer may be, how it is graded and what it shows. The server answers and grades with these;
// the bonusAnswer machine and the Bonus questions screens ask the same functions.

/** Answers are taken strictly before the deadline; at the deadline the question is closed. */
export const answeringOpen = (now: number, closesAt: number) => now < closesAt;

/** Milliseconds left to answer (0 once closed): the countdown each question shows. */
export const timeLeft = (now: number, closesAt: number) => Math.max(0, closesAt - now);

/** ABOUT_GENERAL questions are answered by choosing one of their options; the others in free text. */
export const isChoice = (type: QuestionCategory) => type === "ABOUT_GENERAL";

/**
 * Where an answer comes from: ABOUT_GENERAL's own options; for a question about riders or manufacturers, one of the
 * known riders or manufacturers, offered as a choice (the answer is still its text, graded as typed: choosing only
 * spares the player spelling it); the other categories in free text.
 */
export type AnswerSet = "options" | "riders" | "manufacturers" | "free";
export const answerSetOf = (type: QuestionCategory): AnswerSet =>
  isChoice(type)
    ? "options"
    : type === "ABOUT_RIDERS"
      ? "riders"
      : type === "ABOUT_MANUFACTURER"
        ? "manufacturers"
        : "free";

/** A manufacturer as an answer names it ("Ducati", "KTM"): the text a manufacturer question's correct answer holds. */
export const manufacturerName = (m: string) => (m === "KTM" ? m : m.charAt(0) + m.slice(1).toLowerCase());
/** The manufacturers a manufacturer question is answered with, in the enum's order. */
export const manufacturerAnswers: readonly string[] = Manufacturer.options.map(manufacturerName);

/**
 * "The text equals the correct answer": compared as players type it, without the differences typing makes —
 * Unicode form, letter case, spaces around and between words.
 */
export const normalizeAnswer = (text: string) =>
  text.normalize("NFKC").trim().replace(/\s+/gu, " ").toLocaleLowerCase("en");
export const sameAnswer = (a: string, b: string) => normalizeAnswer(a) === normalizeAnswer(b);

/** An answer's grade against the correct answer: CORRECT when the texts are equal, else WRONG. */
export const gradeAnswer = (answer: string, correct: string): Exclude<QuestionResult, "WAITING"> =>
  sameAnswer(answer, correct) ? "CORRECT" : "WRONG";

/** What a question shows the player: WAITING until graded, then the answer's grade (an unanswered question stays WAITING). */
export const resultOf = (userAnswer: string | null, correctAnswer: string | null): QuestionResult =>
  userAnswer === null || correctAnswer === null ? "WAITING" : gradeAnswer(userAnswer, correctAnswer);

/** The points an answered question earns: its points when CORRECT. */
export const pointsOf = (result: QuestionResult, points: number) => (result === "CORRECT" ? points : 0);

export type AnswerFacts = { now: number; closesAt: number; type: QuestionCategory; options: readonly QuestionOption[] };
export type PlannedAnswer = { text: string; optionId: string | null };

/**
 * Whether an answer may be given (or changed), refusing in order: 418 answerExpired (the deadline has passed),
 * 400 answerNotAnOption (an ABOUT_GENERAL answer whose id names none of its options). A chosen option's text is
 * the one stored, so it equals the option exactly; a free-text answer is stored trimmed.
 */
export function planAnswer(facts: AnswerFacts, body: AnswerBody): Verdict<PlannedAnswer> {
  if (!answeringOpen(facts.now, facts.closesAt)) return refuse(418, "answerExpired");
  if (isChoice(facts.type)) {
    const option = facts.options.find((o) => o.id === body.id);
    if (!option) return refuse(400, "answerNotAnOption");
    return allow({ text: option.text, optionId: option.id });
  }
  return allow({ text: body.text.trim(), optionId: null });
}

/**
 * The correct answer an operator enters, checked before grading: an ABOUT_GENERAL question's must be one of its
 * options (by id or text, stored as the option's text).
 */
export function planCorrectAnswer(
  type: QuestionCategory,
  options: readonly QuestionOption[],
  answer: string,
): Verdict<string> {
  if (!isChoice(type)) return allow(answer.trim());
  const option = options.find((o) => o.id === answer || sameAnswer(o.text, answer));
  return option ? allow(option.text) : refuse(400, "answerNotAnOption");
}

/** The three tabs of spec section 2 (new, all, answered) as GET /questions filters. */
export const questionTabs = ["new", "all", "answered"] as const;
export type QuestionTab = (typeof questionTabs)[number];
export const tabQuery = (tab: QuestionTab): { isNew?: "true"; isAnswered?: "true" } =>
  tab === "new" ? { isNew: "true" } : tab === "answered" ? { isAnswered: "true" } : {};

/** Results' two tabs (spec section 2): successful answers and all answered, as GET /questions/answers filters. */
export const answerTabs = ["successful", "all"] as const;
export type AnswerTab = (typeof answerTabs)[number];
export const answerTabQuery = (tab: AnswerTab): { result?: "CORRECT" } =>
  tab === "successful" ? { result: "CORRECT" } : {};

/** Demo options' ids: a, b, c… in the order given. */
export const optionIds = (texts: readonly string[]): QuestionOption[] =>
  texts.map((text, i) => ({ id: String.fromCharCode(97 + i), text }));
