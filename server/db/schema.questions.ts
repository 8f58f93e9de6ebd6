import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { QuestionCategory, QuestionResult } from "../../contract/enums";
import type { QuestionOption, QuestionSource } from "../../contract/questions";

// Tables of migrations/012_questions.sql (the SQL is the source of truth, with its CHECKs and indexes).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const questions = pgTable("questions", {
  id: uuid("id").primaryKey(),
  raceId: uuid("race_id").notNull(),
  type: text("type").$type<QuestionCategory>().notNull(),
  points: integer("points").notNull(),
  texts: jsonb("texts").$type<Record<string, string>>().notNull(),
  options: jsonb("options").$type<QuestionOption[]>().notNull().default([]),
  closesAt: at("closes_at").notNull(),
  source: text("source").$type<QuestionSource>(),
  correctAnswer: text("correct_answer"),
  gradedAt: at("graded_at"),
  createdAt: at("created_at").notNull(),
});
export type QuestionRow = typeof questions.$inferSelect;

export const questionAnswers = pgTable(
  "question_answers",
  {
    questionId: uuid("question_id").notNull(),
    userId: uuid("user_id").notNull(),
    text: text("text").notNull(),
    optionId: text("option_id"),
    result: text("result").$type<QuestionResult>().notNull().default("WAITING"),
    answeredAt: at("answered_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);
