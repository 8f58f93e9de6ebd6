import * as z from "zod";
import { LanguageCode, QuestionCategory, QuestionFilter, QuestionResult } from "./enums";
import { Id, IsoDate, paged, PageQuery, PathKey, Uuid } from "./common";
import { required } from "./validation";

// Bonus questions (spec sections 3 and 7): per race weekend, one of five categories, 5 to 20 points,
// open until a deadline. The rules themselves are in contract/questionRules.ts.

export const QUESTION_POINTS_MIN = 5;
export const QUESTION_POINTS_MAX = 20;
export const ANSWER_MAX = 200;
export const QUESTION_TEXT_MAX = 300;
export const QUESTION_OPTIONS_MAX = 8;

/** An ABOUT_GENERAL question's choice: the answer sends its id and text. */
export const QuestionOption = z.object({ id: Id, text: z.string() });
export type QuestionOption = z.infer<typeof QuestionOption>;

/** A question as its player reads it: their own answer, and the correct one only once graded. */
export const Question = z.object({
  id: Id,
  points: z.number().int(),
  text: z.string(),
  type: QuestionCategory,
  userAnswer: z.string().nullable(),
  correctAnswer: z.string().nullable(),
  result: QuestionResult,
  raceId: Id,
  raceName: z.string(),
  /** Answers are taken (and changed) strictly before this moment. */
  closesAt: IsoDate,
  /** Open for answers now, by the server's clock. */
  open: z.boolean(),
  /** ABOUT_GENERAL's choices (empty for the other categories, answered in free text). */
  options: z.array(QuestionOption),
  /** The option the player chose (ABOUT_GENERAL). */
  userAnswerId: z.string().nullable(),
});
export type Question = z.infer<typeof Question>;

/** A page of questions, with the server's clock so countdowns follow it. */
export const QuestionsPage = paged(Question).extend({ now: IsoDate });
export type QuestionsPage = z.infer<typeof QuestionsPage>;

const flag = z.enum(["true", "false"]).transform((v) => v === "true");

/**
 * GET /questions: `isNew` true = still open for answers (false: closed); `isAnswered` true = the player answered
 * (false: not yet); `filter` WITH_ANSWER = the correct answer is published (graded), WITHOUT_ANSWER = not yet;
 * `lng`: the language of the texts (English when a text has no translation).
 */
export const QuestionsQuery = PageQuery.extend({
  isAnswered: flag.optional(),
  isNew: flag.optional(),
  filter: QuestionFilter.optional(),
  lng: LanguageCode.optional(),
});
export type QuestionsQuery = z.input<typeof QuestionsQuery>;

/**
 * GET /questions/answers: the player's answered questions (Results' tabs "successful answers" = `result=CORRECT`,
 * "all answered"), optionally of one race weekend.
 */
export const AnswersQuery = PageQuery.extend({
  result: QuestionResult.optional(),
  filter: QuestionFilter.optional(),
  raceId: Uuid.optional(),
  lng: LanguageCode.optional(),
});
export type AnswersQuery = z.input<typeof AnswersQuery>;

/** A bonus answer is compared with the correct one as typed: one line of free text (contract/text.ts). */
export const AnswerBody = z.object({
  text: required().max(ANSWER_MAX, { error: "maxLength" }),
  id: PathKey.optional(),
});
export type AnswerBody = z.infer<typeof AnswerBody>;

/** Where a demo question's correct answer comes from once the weekend's results are in (the simulator grades them). */
export const QuestionSource = z.enum(["POLE", "SPRINT_WINNER", "RACE_WINNER_MANUFACTURER", "PODIUM_MANUFACTURERS"]);
export type QuestionSource = z.infer<typeof QuestionSource>;

/** POST /admin/races/{raceId}/questions: `text` in English, translations in `texts`; ABOUT_GENERAL needs 2+ options. */
export const NewQuestionBody = z
  .object({
    type: QuestionCategory,
    points: z
      .number()
      .int()
      .min(QUESTION_POINTS_MIN, { error: "numberMin" })
      .max(QUESTION_POINTS_MAX, { error: "numberMax" }),
    text: required().max(QUESTION_TEXT_MAX, { error: "maxLength" }),
    texts: z.partialRecord(LanguageCode, required().max(QUESTION_TEXT_MAX, { error: "maxLength" })).optional(),
    options: z
      .array(required().max(ANSWER_MAX, { error: "maxLength" }))
      .max(QUESTION_OPTIONS_MAX)
      .optional(),
    /** Default: the weekend's first session's scheduled start. */
    closesAt: IsoDate.optional(),
    source: QuestionSource.optional(),
  })
  .strict();
export type NewQuestionBody = z.infer<typeof NewQuestionBody>;

/** A question as operators see it: every translation, the answers so far, the correct answer. */
export const AdminQuestion = z.object({
  id: Id,
  raceId: Id,
  type: QuestionCategory,
  points: z.number().int(),
  texts: z.record(z.string(), z.string()),
  options: z.array(QuestionOption),
  closesAt: IsoDate,
  source: QuestionSource.nullable(),
  correctAnswer: z.string().nullable(),
  gradedAt: IsoDate.nullable(),
  answers: z.number().int(),
  correct: z.number().int(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

/** POST /admin/questions/{id}/answer: the correct answer (an ABOUT_GENERAL question's: one option's text or id). */
export const GradeBody = z.object({ answer: required().max(ANSWER_MAX, { error: "maxLength" }) }).strict();
export type GradeBody = z.infer<typeof GradeBody>;
/** Grading's report: how many answers it graded, how many were right; `replayed` when already graded with the same answer. */
export const GradeReport = z.object({
  questionId: Id,
  correctAnswer: z.string(),
  graded: z.number().int(),
  correct: z.number().int(),
  replayed: z.boolean(),
});
export type GradeReport = z.infer<typeof GradeReport>;
/** POST /admin/races/{raceId}/questions/grade: every question of the race with a source, graded from the entered results. */
export const GradeFromResults = z.object({ raceId: Id, graded: z.array(GradeReport), waiting: z.array(Id) });
export type GradeFromResults = z.infer<typeof GradeFromResults>;
