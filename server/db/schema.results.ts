import { boolean, integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ResultKey } from "../../contract/results";

// Tables of migrations/008_results.sql (the SQL is the source of truth, with its CHECKs and indexes).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const sessionResults = pgTable(
  "session_results",
  {
    raceId: uuid("race_id").notNull(),
    resultKey: text("result_key").$type<ResultKey>().notNull(),
    canceled: boolean("canceled").notNull().default(false),
    riderIds: uuid("rider_ids").array().notNull().default([]),
    enteredAt: at("entered_at").notNull(),
    // migrations/020_corrections.sql: set by a correction (the first-entered riders stay for the bets).
    correctedAt: at("corrected_at"),
    enteredRiderIds: uuid("entered_rider_ids").array(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.resultKey] })],
);

export const raceScores = pgTable(
  "race_scores",
  {
    userId: uuid("user_id").notNull(),
    raceId: uuid("race_id").notNull(),
    season: integer("season").notNull(),
    points: numeric("points", { mode: "number" }).notNull().default(0),
    accurate: integer("accurate").notNull().default(0),
    racePodium: integer("race_podium").notNull().default(0),
    sprintPodium: integer("sprint_podium").notNull().default(0),
    pole: integer("pole").notNull().default(0),
    fp2: integer("fp2").notNull().default(0),
    practiceFastest: integer("practice_fastest").notNull().default(0),
    fp1: integer("fp1").notNull().default(0),
    positionsGained: integer("positions_gained").notNull().default(0),
    firstSavedAt: at("first_saved_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.raceId] })],
);

/** One operator's injury of a rider for a race and its report (migrations/017_rider_injuries.sql). */
export const riderInjuries = pgTable(
  "rider_injuries",
  {
    riderId: uuid("rider_id").notNull(),
    raceId: uuid("race_id").notNull(),
    invalidated: integer("invalidated").notNull(),
    players: integer("players").notNull(),
    refunded: integer("refunded").notNull(),
    bets: integer("bets").notNull(),
    injuredAt: at("injured_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.riderId, t.raceId] })],
);
