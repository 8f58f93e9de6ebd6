// Tables of migrations/020_corrections.sql: corrections' history, confirmed weekends and their paddock winners.
import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PredictionState } from "../../contract/enums";
import type { ResultKey } from "../../contract/results";
import type * as z from "zod";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
type State = z.infer<typeof PredictionState>;

export const pickCorrections = pgTable("pick_corrections", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  predictionId: uuid("prediction_id").notNull(),
  resultKey: text("result_key").$type<ResultKey>().notNull(),
  beforeState: text("before_state").$type<State>().notNull(),
  beforePoints: numeric("before_points", { mode: "number" }).notNull(),
  beforeFinished: integer("before_finished"),
  afterState: text("after_state").$type<State>().notNull(),
  afterPoints: numeric("after_points", { mode: "number" }).notNull(),
  correctedAt: at("corrected_at").notNull(),
});

export const weekendConfirmations = pgTable("weekend_confirmations", {
  raceId: uuid("race_id").primaryKey(),
  confirmedAt: at("confirmed_at").notNull(),
  confirmedBy: text("confirmed_by").$type<"operator" | "rule">().notNull(),
});

export const paddockWinnersTable = pgTable(
  "paddock_winners",
  {
    raceId: uuid("race_id").notNull(),
    place: integer("place").notNull(),
    userId: uuid("user_id").notNull(),
    points: numeric("points", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.place] })],
);
