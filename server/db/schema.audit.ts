// The operators' audit log (migration 018): append-only, enforced by a trigger.
import { bigint, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const auditLog = pgTable("audit_log", {
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  at: at("at").notNull(),
  actorUserId: uuid("actor_user_id"),
  channel: text("channel").notNull(),
  action: text("action").notNull(),
  raceId: uuid("race_id"),
  target: text("target").notNull(),
  before: jsonb("before"),
  after: jsonb("after"),
});
export type AuditRow = typeof auditLog.$inferSelect;
