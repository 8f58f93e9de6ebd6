import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Table of migrations/024_calendar_feeds.sql (the SQL is the source of truth).

export const calendarFeeds = pgTable("calendar_feeds", {
  userId: uuid("user_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  seed: text("seed").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull(),
});
export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
