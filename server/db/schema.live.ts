import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { NotificationValue } from "../../contract/notifications";
import type * as z from "zod";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const notifications = pgTable("notifications", {
  id: uuid("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  userId: uuid("user_id").notNull(),
  type: text("type").notNull(),
  value: jsonb("value").$type<z.infer<typeof NotificationValue>>().notNull(),
  isRead: boolean("is_read").notNull().default(false),
  createdAt: at("created_at").notNull(),
  deliveredAt: at("delivered_at"),
});
export type NotificationRow = typeof notifications.$inferSelect;

export const raceEvents = pgTable(
  "race_events",
  {
    sessionId: uuid("session_id").notNull(),
    event: text("event").notNull(),
    emittedAt: at("emitted_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.event] })],
);
