import { bigint, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DiamondReason } from "../../contract/calls.diamonds";

// Tables of migrations/005_diamonds.sql (the SQL is the source of truth, with its CHECKs and trigger).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
// Diamond amounts stay far below 2^53, so plain numbers are exact.
const amount = (name: string) => bigint(name, { mode: "number" });

export const diamondBalances = pgTable("diamond_balances", {
  userId: uuid("user_id").primaryKey(),
  balance: amount("balance").notNull().default(0),
  updatedAt: at("updated_at").notNull(),
});

export const diamondLedger = pgTable("diamond_ledger", {
  id: uuid("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  userId: uuid("user_id").notNull(),
  delta: amount("delta").notNull(),
  balanceAfter: amount("balance_after").notNull(),
  reason: text("reason").$type<DiamondReason>().notNull(),
  ref: text("ref"),
  idempotencyKey: text("idempotency_key").notNull(),
  createdAt: at("created_at").notNull(),
});
export type DiamondLedgerRow = typeof diamondLedger.$inferSelect;
