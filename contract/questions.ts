import * as z from "zod";
import { QuestionCategory, QuestionResult } from "./enums";
import { Id } from "./common";

export const Question = z.object({
  id: Id,
  points: z.number().int(),
  text: z.string(),
  type: QuestionCategory,
  userAnswer: z.string().nullable(),
  correctAnswer: z.string().nullable(),
  result: QuestionResult,
});
export const AnswerBody = z.object({ text: z.string().min(1, { error: "required" }), id: z.string().optional() });
