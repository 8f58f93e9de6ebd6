import { customType, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Drizzle's view of migrations/004_leagues.sql (the SQL is the source of truth).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const leagues = pgTable("leagues", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description"),
  type: text("type").$type<"PRIVATE" | "PUBLIC" | "VIP">().notNull(),
  endDate: at("end_date"),
  criteria: text("criteria"),
  country: text("country"),
  image: text("image"),
  ownerId: uuid("owner_id").notNull(),
  maxMembers: integer("max_members").notNull().default(100),
  /** Kept by a trigger on league_members; never written by the application. */
  membersCount: integer("members_count").notNull().default(0),
  createdAt: at("created_at").notNull(),
  updatedAt: at("updated_at").notNull(),
});
export type LeagueRow = typeof leagues.$inferSelect;

export const leagueMembers = pgTable(
  "league_members",
  {
    leagueId: uuid("league_id").notNull(),
    userId: uuid("user_id").notNull(),
    status: text("status").$type<"ACCEPTED" | "PENDING" | "INVITED" | "FOLLOWING">().notNull(),
    invitedBy: uuid("invited_by"),
    createdAt: at("created_at").notNull(),
    updatedAt: at("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leagueId, t.userId] })],
);
export type LeagueMemberRow = typeof leagueMembers.$inferSelect;

/** PostgreSQL bytea: node-postgres answers a Buffer, PGlite a Uint8Array; both come back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const uploads = pgTable("uploads", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  contentType: text("content_type").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: at("created_at").notNull(),
});
