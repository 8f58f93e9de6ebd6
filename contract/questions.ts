import * as z from "zod";
import { QuestionCategory, QuestionResult } from "./enums";
import { Id } from "./common";
import { required } from "./validation";

export const Question = z.object({
  id: Id,
  points: z.number().int(),
  text: z.string(),
  type: QuestionCategory,
  userAnswer: z.string().nullable(),
  correctAnswer: z.string().nullable(),
  result: QuestionResult,
});
/** A bonus answer is compared with the correct one as typed: one line of free text (contract/text.ts). */
export const AnswerBody = z.object({ text: required().max(200, { error: "maxLength" }), id: z.string().max(64, { error: "maxLength" }).optional() });
