import { integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";

/** One rider's result in one round of one season (migration 006). */
export const riderPerformances = pgTable(
  "rider_performances",
  {
    riderId: uuid("rider_id").notNull(),
    season: integer("season").notNull(),
    round: integer("round").notNull(),
    raceName: text("race_name").notNull(),
    position: integer("position"),
    points: integer("points").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.riderId, t.season, t.round] })],
);
export type RiderPerformanceRow = typeof riderPerformances.$inferSelect;
