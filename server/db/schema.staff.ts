// Staff tools (migration 014): roles, transition counts per day, page views, opt-outs, problem reports.
import { bigint, date, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const staffRoles = pgTable(
  "staff_roles",
  { userId: uuid("user_id").notNull(), role: text("role").notNull(), grantedAt: at("granted_at").notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);

export const flowTransitionsDaily = pgTable(
  "flow_transitions_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    machine: text("machine").notNull(),
    fromState: text("from_state").notNull(),
    event: text("event").notNull(),
    toState: text("to_state").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.machine, t.fromState, t.event, t.toState] })],
);

export const pageViews = pgTable("page_views", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid("user_id"),
  path: text("path").notNull(),
  url: text("url").notNull(),
  viewedAt: at("viewed_at").notNull(),
});

export const analyticsOptOuts = pgTable("analytics_opt_outs", {
  userId: uuid("user_id").primaryKey(),
  optedOutAt: at("opted_out_at").notNull(),
});

export const problemReports = pgTable("problem_reports", {
  id: text("id").primaryKey(),
  userId: uuid("user_id"),
  bundle: jsonb("bundle").notNull(),
  createdAt: at("created_at").notNull(),
});
