import { integer, numeric, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BetStatus, BetType, LegType } from "../../contract/bets";

// Tables of migrations/011_bets.sql (the SQL is the source of truth, with its CHECKs and indexes).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const raceOdds = pgTable(
  "race_odds",
  {
    raceId: uuid("race_id").notNull(),
    riderId: uuid("rider_id").notNull(),
    odds: numeric("odds", { mode: "number" }).notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.riderId] })],
);

export const bets = pgTable("bets", {
  id: uuid("id").primaryKey(),
  placementId: uuid("placement_id").notNull(),
  userId: uuid("user_id").notNull(),
  raceId: uuid("race_id").notNull(),
  riderId: uuid("rider_id").notNull(),
  placedAs: text("placed_as").$type<BetType>().notNull(),
  type: text("type").$type<LegType>().notNull(),
  stake: integer("stake").notNull(),
  odds: numeric("odds", { mode: "number" }).notNull(),
  status: text("status").$type<BetStatus>().notNull().default("OPEN"),
  payout: integer("payout"),
  placedAt: at("placed_at").notNull(),
  settledAt: at("settled_at"),
});
export type BetRow = typeof bets.$inferSelect;
