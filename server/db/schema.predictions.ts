import { integer, numeric, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { PredictionActionType, PredictionCategory, PredictionState } from "../../contract/enums";

// Table of migrations/007_predictions.sql (the SQL is the source of truth, with its CHECKs and indexes).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const predictions = pgTable("predictions", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  raceId: uuid("race_id").notNull(),
  category: text("category").$type<PredictionCategory>().notNull(),
  riderId: uuid("rider_id").notNull(),
  state: text("state").$type<z.infer<typeof PredictionState>>().notNull().default("MADE"),
  points: numeric("points", { mode: "number" }),
  upgrades: text("upgrades").array().$type<z.infer<typeof PredictionActionType>[]>().notNull().default([]),
  changes: integer("changes").notNull().default(0),
  savedAt: at("saved_at").notNull(),
  updatedAt: at("updated_at").notNull(),
  settledAt: at("settled_at"),
});
export type PredictionRow = typeof predictions.$inferSelect;
