// A race's entries beyond the season's list (migration 021): substitutes and wildcards for one race, and the
// riders brought in for them who are on no season list. Imported where used (not through ./schema).
import { pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const raceEntries = pgTable(
  "race_entries",
  {
    raceId: uuid("race_id").notNull(),
    riderId: uuid("rider_id").notNull(),
    role: text("role").$type<"SUBSTITUTE" | "WILDCARD">().notNull(),
    replaces: uuid("replaces"),
    addedAt: at("added_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.raceId, t.riderId] })],
);
export type RaceEntryRow = typeof raceEntries.$inferSelect;

export const entryRiders = pgTable("entry_riders", {
  riderId: uuid("rider_id").primaryKey(),
  addedAt: at("added_at").notNull(),
});
