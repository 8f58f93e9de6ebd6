import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Tables of migrations/013_prizes.sql (the SQL is the source of truth, with its CHECKs).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const prizeDraws = pgTable("prize_draws", {
  season: integer("season").primaryKey(),
  commitment: text("commitment").notNull(),
  committedAt: at("committed_at").notNull(),
  seed: text("seed"),
  drawnAt: at("drawn_at"),
  ticketCount: integer("ticket_count"),
  ticketsDigest: text("tickets_digest"),
  winningIndex: integer("winning_index"),
  winnerUserId: uuid("winner_user_id"),
  winnerRaceId: uuid("winner_race_id"),
});
export type PrizeDrawRow = typeof prizeDraws.$inferSelect;

export const prizeDrawTickets = pgTable(
  "prize_draw_tickets",
  {
    season: integer("season").notNull(),
    position: integer("position").notNull(),
    raceId: text("race_id").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.season, t.position] })],
);
