import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Tables of migrations/025_push.sql (the SQL is the source of truth).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [index("push_subscriptions_user").on(t.userId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

export const pushPreferences = pgTable("push_preferences", {
  userId: uuid("user_id").primaryKey(),
  reminder: text("reminder").notNull(),
  results: boolean("results").notNull(),
  payouts: boolean("payouts").notNull(),
  leagueRequests: boolean("league_requests").notNull(),
  updatedAt: at("updated_at").notNull(),
});

export const pushSent = pgTable(
  "push_sent",
  {
    userId: uuid("user_id").notNull(),
    key: text("key").notNull(),
    sentAt: at("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
