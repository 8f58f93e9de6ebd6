// Drizzle's view of the tables; the SQL migrations in ./migrations are the source of truth.
import {
  bigint,
  boolean,
  integer,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const users = pgTable("users", {
  id: uuid("id").primaryKey(),
  email: text("email"),
  name: text("name").notNull(),
  passwordHash: text("password_hash"),
  emailConfirmedAt: at("email_confirmed_at"),
  mustChangePassword: boolean("must_change_password").notNull().default(false),
  isGuru: boolean("is_guru").notNull().default(false),
  img: text("img"),
  country: text("country"),
  bio: text("bio"),
  favouriteRider: text("favourite_rider"),
  favouriteManufacturer: text("favourite_manufacturer"),
  favouriteCircuit: text("favourite_circuit"),
  twitter: text("twitter"),
  instagram: text("instagram"),
  address: text("address"),
  zipCode: text("zip_code"),
  city: text("city"),
  phone: text("phone"),
  walletAddress: text("wallet_address"),
  noteEmail: text("note_email"),
  lng: text("lng"),
  points: numeric("points", { mode: "number" }).notNull().default(0),
  average: real("average").notNull().default(0),
  wins: integer("wins").notNull().default(0),
  podiums: integer("podiums").notNull().default(0),
  poles: integer("poles").notNull().default(0),
  createdAt: at("created_at").notNull(),
  updatedAt: at("updated_at").notNull(),
});
export type UserRow = typeof users.$inferSelect;

export const emailConfirmations = pgTable("email_confirmations", {
  tokenHash: text("token_hash").primaryKey(),
  userId: uuid("user_id").notNull(),
  expiresAt: at("expires_at").notNull(),
  usedAt: at("used_at"),
  createdAt: at("created_at").notNull(),
});

export const recoveryCodes = pgTable("recovery_codes", {
  userId: uuid("user_id").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: at("expires_at").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: at("created_at").notNull(),
});

export const sessionFamilies = pgTable("session_families", {
  id: uuid("id").primaryKey(),
  userId: uuid("user_id").notNull(),
  revokedAt: at("revoked_at"),
  createdAt: at("created_at").notNull(),
});

export const refreshTokens = pgTable("refresh_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  familyId: uuid("family_id").notNull(),
  expiresAt: at("expires_at").notNull(),
  rotatedAt: at("rotated_at"),
  createdAt: at("created_at").notNull(),
});

export const follows = pgTable(
  "follows",
  {
    followerId: uuid("follower_id").notNull(),
    followeeId: uuid("followee_id").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followeeId] })],
);

export const socialAccounts = pgTable(
  "social_accounts",
  {
    provider: text("provider").notNull(),
    providerUserId: text("provider_user_id").notNull(),
    userId: uuid("user_id").notNull(),
    createdAt: at("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.providerUserId] })],
);

export const outbox = pgTable("outbox", {
  id: uuid("id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
  toAddress: text("to_address").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html").notNull(),
  createdAt: at("created_at").notNull(),
});

export const tracks = pgTable("tracks", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  country: text("country").notNull(),
  lengthKm: numeric("length_km", { mode: "number" }).notNull(),
  circuitType: text("circuit_type").notNull(),
  image: text("image").notNull(),
  /** Migration 019: the season file's key (NULL: made before, named by its id) and the circuit's IANA time zone. */
  key: text("key"),
  timeZone: text("time_zone").notNull().default("UTC"),
});

export const races = pgTable("races", {
  id: uuid("id").primaryKey(),
  season: integer("season").notNull(),
  round: integer("round").notNull(),
  name: text("name").notNull(),
  trackId: uuid("track_id").notNull(),
  circuitType: text("circuit_type").notNull(),
  version: integer("version").notNull().default(1),
  canceledAt: at("canceled_at"),
  key: text("key"),
  /** Migration 019: no longer in the season file (canceled first, kept). */
  removedAt: at("removed_at"),
});

export const raceSessions = pgTable("race_sessions", {
  id: uuid("id").primaryKey(),
  raceId: uuid("race_id").notNull(),
  type: text("type").notNull(),
  startsAt: at("starts_at").notNull(),
  endsAt: at("ends_at").notNull(),
  canceled: boolean("canceled").notNull().default(false),
});

export const teams = pgTable("teams", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  manufacturer: text("manufacturer").notNull(),
  raceClass: text("race_class").notNull(),
  colour: text("colour").notNull(),
  image: text("image").notNull(),
  key: text("key"),
  removedAt: at("removed_at"),
});

export const riders = pgTable("riders", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  number: integer("number").notNull(),
  country: text("country").notNull(),
  status: text("status").notNull(),
  role: text("role").notNull(),
  raceClass: text("race_class").notNull(),
  teamId: uuid("team_id").notNull(),
  image: text("image").notNull(),
  key: text("key"),
  removedAt: at("removed_at"),
});

export const news = pgTable("news", {
  id: uuid("id").primaryKey(),
  url: text("url").notNull(),
  title: text("title").notNull(),
  lang: text("lang"),
  publishedAt: at("published_at").notNull(),
});

// Each later area keeps its tables in its own ./schema.<area>.ts, re-exported below.
export * from "./schema.live";
export * from "./schema.diamonds";
export * from "./schema.races";
export * from "./schema.leagues";
export * from "./schema.predictions";
export * from "./schema.results";
export * from "./schema.bets";
export * from "./schema.store";
export * from "./schema.questions";
export * from "./schema.prizes";
export * from "./schema.audit";
export * from "./schema.staff";
export * from "./schema.calendar";
export * from "./schema.push";
