import { bigint, boolean, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { PaymentState } from "../../contract/store";
import type { PaymentProviderName } from "../../contract/store";

// Tables of migrations/010_store.sql (the SQL is the source of truth, with its CHECKs).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const diamondPacks = pgTable("diamond_packs", {
  id: uuid("id").primaryKey(),
  diamonds: integer("diamonds").notNull(),
  priceCents: integer("price_cents").notNull(),
  currency: text("currency").notNull(),
  active: boolean("active").notNull(),
  createdAt: at("created_at").notNull(),
  updatedAt: at("updated_at").notNull(),
});

export const paymentOrders = pgTable("payment_orders", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  packId: uuid("pack_id").notNull(),
  diamonds: integer("diamonds").notNull(),
  priceCents: integer("price_cents").notNull(),
  currency: text("currency").notNull(),
  provider: text("provider").$type<PaymentProviderName>().notNull(),
  providerOrderId: text("provider_order_id"),
  approveUrl: text("approve_url"),
  state: text("state").$type<PaymentState>().notNull(),
  captureId: text("capture_id"),
  createdAt: at("created_at").notNull(),
  updatedAt: at("updated_at").notNull(),
});
export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

export const paymentOrderSteps = pgTable("payment_order_steps", {
  id: bigint("id", { mode: "number" }).generatedAlwaysAsIdentity(),
  orderId: uuid("order_id").notNull(),
  state: text("state").$type<PaymentState>().notNull(),
  source: text("source").notNull(),
  at: at("at").notNull(),
});

export const sandboxPayments = pgTable("sandbox_payments", {
  id: text("id").primaryKey(),
  payerId: uuid("payer_id").notNull(),
  referenceId: text("reference_id").notNull(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status").$type<PaymentState>().notNull(),
  returnUrl: text("return_url").notNull(),
  cancelUrl: text("cancel_url").notNull(),
  captureId: text("capture_id"),
  requestIds: text("request_ids").array().notNull(),
  createdAt: at("created_at").notNull(),
  updatedAt: at("updated_at").notNull(),
});
export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;
