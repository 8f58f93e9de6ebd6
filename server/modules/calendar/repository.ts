import { and, asc, eq, inArray, isNull, max, sql } from "drizzle-orm";
import type { PredictionCategory, SessionType } from "../../../contract/enums";
import type { Db } from "../../db/open";
import { auditLog, calendarFeeds, predictions, races, raceSessions, tracks, users } from "../../db/schema";

/** One session of the season as the feed shows it, with what the operators' moves did to it. */
export type FeedSession = {
  id: string;
  raceId: string;
  raceName: string;
  round: number;
  circuit: string;
  timeZone: string;
  type: SessionType;
  startsAt: number;
  endsAt: number;
  canceled: boolean;
  /** How many times an operator moved it (the audit log's SESSION_MOVE lines), and when it last was. */
  moves: number;
  movedAt: number | null;
};

/** The calendar feeds' queries: the feed row by its token's hash or its player, and what a feed is made of. */
export function calendarRepository(db: Db) {
  return {
    byHash: async (tokenHash: string) =>
      (await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash)))[0],

    /** The player's stored language tag, which the feed's texts are written in. */
    languageOf: async (userId: string) =>
      (await db.select({ lng: users.lng }).from(users).where(eq(users.id, userId)))[0]?.lng ?? null,

    byUser: async (userId: string) =>
      (await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)))[0],

    /** The player's first feed, unless one was made meanwhile (two tabs asking at once keep the same address). */
    create: async (row: typeof calendarFeeds.$inferInsert) => {
      await db.insert(calendarFeeds).values(row).onConflictDoNothing({ target: calendarFeeds.userId });
    },

    /** A new token over the old one: the old hash names nothing from this commit on. */
    replace: async (row: typeof calendarFeeds.$inferInsert) => {
      await db
        .insert(calendarFeeds)
        .values(row)
        .onConflictDoUpdate({
          target: calendarFeeds.userId,
          set: { tokenHash: row.tokenHash, seed: row.seed, createdAt: row.createdAt },
        });
    },

    /** Every session of the latest season with rounds, in running order; a round taken out of the file is left out. */
    async seasonSessions(): Promise<FeedSession[]> {
      const [latest] = await db.select({ season: max(races.season) }).from(races);
      if (latest?.season == null) return [];
      const rows = await db
        .select({ race: races, track: tracks, session: raceSessions })
        .from(raceSessions)
        .innerJoin(races, eq(races.id, raceSessions.raceId))
        .innerJoin(tracks, eq(tracks.id, races.trackId))
        .where(and(eq(races.season, latest.season), isNull(races.removedAt)))
        .orderBy(asc(races.round), asc(raceSessions.startsAt));
      const ids = [...new Set(rows.map((r) => r.race.id))];
      const moves = ids.length
        ? await db
            .select({
              raceId: auditLog.raceId,
              target: auditLog.target,
              n: sql<number>`count(*)::int`,
              // The drivers differ (Date or text) for an aggregate: read both the same way.
              last: sql<Date>`max(${auditLog.at})`.mapWith((v: string | Date) => new Date(v)),
            })
            .from(auditLog)
            .where(and(eq(auditLog.action, "SESSION_MOVE"), inArray(auditLog.raceId, ids)))
            .groupBy(auditLog.raceId, auditLog.target)
        : [];
      const moveOf = new Map(moves.map((m) => [`${m.raceId} ${m.target}`, m]));
      return rows.map(({ race, track, session }) => {
        const moved = moveOf.get(`${race.id} ${session.type}`);
        return {
          id: session.id,
          raceId: race.id,
          raceName: race.name,
          round: race.round,
          circuit: track.name,
          timeZone: track.timeZone,
          type: session.type as SessionType,
          startsAt: session.startsAt.getTime(),
          endsAt: session.endsAt.getTime(),
          canceled: session.canceled || race.canceledAt !== null,
          moves: moved?.n ?? 0,
          movedAt: moved ? moved.last.getTime() : null,
        };
      });
    },

    /** The categories the player has picked, by race, on the given races. */
    async picked(userId: string, raceIds: readonly string[]): Promise<Map<string, Set<PredictionCategory>>> {
      const byRace = new Map<string, Set<PredictionCategory>>();
      if (raceIds.length === 0) return byRace;
      const rows = await db
        .select({ raceId: predictions.raceId, category: predictions.category })
        .from(predictions)
        .where(and(eq(predictions.userId, userId), inArray(predictions.raceId, [...raceIds])));
      for (const row of rows) {
        const set = byRace.get(row.raceId) ?? new Set<PredictionCategory>();
        set.add(row.category);
        byRace.set(row.raceId, set);
      }
      return byRace;
    },
  };
}

export type CalendarRepository = ReturnType<typeof calendarRepository>;
