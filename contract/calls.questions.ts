import { call } from "./calls";
import {
  AdminQuestion,
  AnswerBody,
  AnswersQuery,
  GradeBody,
  GradeFromResults,
  GradeReport,
  NewQuestionBody,
  Question,
  QuestionsPage,
  QuestionsQuery,
} from "./questions";
import * as z from "zod";

const NOT_FOUND = { 404: ["notFound"] } as const;

// Spec section 7 "Other": bonus questions, paths word for word. A player reads only their own answers; the
// correct answer shows once graded.
export const questionsCalls = {
  list: call({ method: "GET", path: "/questions", auth: true, query: QuestionsQuery, result: QuestionsPage }),
  answers: call({ method: "GET", path: "/questions/answers", auth: true, query: AnswersQuery, result: QuestionsPage }),
  /** Refusals of contract/questionRules.ts `planAnswer`, in its order. */
  answer: call({
    method: "POST",
    path: "/questions/:id/user-answer",
    auth: true,
    body: AnswerBody,
    result: Question,
    errors: { 400: ["answerNotAnOption"], ...NOT_FOUND, 418: ["answerExpired"] },
  }),
} as const;

/** Operators (the x-admin-token header): publish a weekend's questions, read them, enter the correct answers. */
export const adminQuestionsCalls = {
  add: call({
    method: "POST",
    path: "/admin/races/:raceId/questions",
    auth: false,
    body: NewQuestionBody,
    result: AdminQuestion,
    errors: { 400: ["answerNotAnOption"], ...NOT_FOUND },
  }),
  list: call({
    method: "GET",
    path: "/admin/races/:raceId/questions",
    auth: false,
    result: z.array(AdminQuestion),
    errors: NOT_FOUND,
  }),
  /** Grades every answer exactly once; the same answer again is a replay, another one 409 questionGraded. */
  grade: call({
    method: "POST",
    path: "/admin/questions/:id/answer",
    auth: false,
    body: GradeBody,
    result: GradeReport,
    errors: { 400: ["answerNotAnOption"], ...NOT_FOUND, 409: ["questionGraded", "questionOpen"] },
  }),
  /** The race's questions with a source (the demo's), graded from its entered results; those still missing a result wait. */
  gradeFromResults: call({
    method: "POST",
    path: "/admin/races/:raceId/questions/grade",
    auth: false,
    result: GradeFromResults,
    errors: { 400: ["answerNotAnOption"], ...NOT_FOUND },
  }),
} as const;
