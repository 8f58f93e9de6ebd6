import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PredictionCategory, SessionType } from "../../../contract/enums";
import {
  DEFAULT_PUSH_PREFERENCES,
  MAX_PUSH_SUBSCRIPTIONS,
  type PushPreferences,
  type ReminderLead,
} from "../../../contract/push";
import type { Db } from "../../db/open";
import {
  notifications,
  predictions,
  pushPreferences,
  pushSent,
  pushSubscriptions,
  races,
  raceSessions,
  users,
  type PushSubscriptionRow,
} from "../../db/schema";

/** A session whose lock comes within the longest reminder lead. */
export type LockingSession = {
  id: string;
  raceId: string;
  raceName: string;
  type: SessionType;
  startsAt: number;
  endsAt: number;
  canceled: boolean;
};

/** A subscribed player with what they chose (the defaults where they never did) and their language tag. */
export type Subscriber = PushPreferences & { userId: string; lng: string | null };

/** Players a statement: one bind parameter each, well under what PostgreSQL takes in one statement. */
const BATCH = 1000;
async function inBatches<T>(ids: readonly string[], read: (batch: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += BATCH) out.push(...(await read(ids.slice(i, i + BATCH))));
  return out;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

const preferencesOf = (row: typeof pushPreferences.$inferSelect | undefined): PushPreferences =>
  row
    ? {
        reminder: row.reminder as ReminderLead,
        results: row.results,
        payouts: row.payouts,
        leagueRequests: row.leagueRequests,
      }
    : { ...DEFAULT_PUSH_PREFERENCES };

export function pushRepository(db: Db) {
  return {
    /** This browser for this player: a new endpoint is added, a known one takes the new keys and player. */
    async saveSubscription(userId: string, s: { endpoint: string; p256dh: string; auth: string }, now: Date) {
      await db
        .insert(pushSubscriptions)
        .values({ id: randomUUID(), userId, ...s, createdAt: now })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId, p256dh: s.p256dh, auth: s.auth, createdAt: now },
        });
      // The job sends to every stored browser: a player keeps a bounded number, the newest.
      await db.execute(sql`
        DELETE FROM push_subscriptions WHERE user_id = ${userId}::uuid AND id NOT IN (
          SELECT id FROM push_subscriptions WHERE user_id = ${userId}::uuid
          ORDER BY created_at DESC, id DESC LIMIT ${MAX_PUSH_SUBSCRIPTIONS})`);
    },

    removeSubscription: async (userId: string, endpoint: string) => {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** A subscription the push service said is gone (404/410). */
    dropSubscription: async (id: string) => {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    },

    subscriptionsOf: (userIds: readonly string[]): Promise<PushSubscriptionRow[]> =>
      inBatches(userIds, (batch) =>
        db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, batch)),
      ),

    preferences: async (userId: string) =>
      preferencesOf((await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId)))[0]),

    async setPreferences(userId: string, p: PushPreferences, now: Date) {
      await db
        .insert(pushPreferences)
        .values({ userId, ...p, updatedAt: now })
        .onConflictDoUpdate({ target: pushPreferences.userId, set: { ...p, updatedAt: now } });
    },

    /** Every player with at least one subscription, with their preferences (one row each). */
    async subscribers(): Promise<Subscriber[]> {
      const rows = await db
        .selectDistinctOn([pushSubscriptions.userId], {
          userId: pushSubscriptions.userId,
          lng: users.lng,
          prefs: pushPreferences,
        })
        .from(pushSubscriptions)
        .innerJoin(users, eq(users.id, pushSubscriptions.userId))
        .leftJoin(pushPreferences, eq(pushPreferences.userId, pushSubscriptions.userId))
        .orderBy(asc(pushSubscriptions.userId));
      return rows.map((r) => ({ userId: r.userId, lng: r.lng, ...preferencesOf(r.prefs ?? undefined) }));
    },

    /** Sessions locking after `now` and no later than `until`, of races still in the season. */
    async lockingBetween(now: Date, until: Date): Promise<LockingSession[]> {
      const rows = await db
        .select({ race: races, session: raceSessions })
        .from(raceSessions)
        .innerJoin(races, eq(races.id, raceSessions.raceId))
        .where(and(gt(raceSessions.startsAt, now), lte(raceSessions.startsAt, until), isNull(races.removedAt)))
        .orderBy(asc(raceSessions.startsAt));
      return rows.map(({ race, session }) => ({
        id: session.id,
        raceId: race.id,
        raceName: race.name,
        type: session.type as SessionType,
        startsAt: session.startsAt.getTime(),
        endsAt: session.endsAt.getTime(),
        canceled: session.canceled || race.canceledAt !== null,
      }));
    },

    /** The categories each of these players has picked on a race. */
    async picked(raceId: string, userIds: readonly string[]): Promise<Map<string, Set<PredictionCategory>>> {
      const byUser = new Map<string, Set<PredictionCategory>>();
      const rows = await inBatches(userIds, (batch) =>
        db
          .select({ userId: predictions.userId, category: predictions.category })
          .from(predictions)
          .where(and(eq(predictions.raceId, raceId), inArray(predictions.userId, batch))),
      );
      for (const r of rows) {
        const set = byUser.get(r.userId) ?? new Set<PredictionCategory>();
        set.add(r.category);
        byUser.set(r.userId, set);
      }
      return byUser;
    },

    /** Stored notices of these types since `since` for these players that no instance has pushed yet. */
    async unsentNotices(types: readonly string[], userIds: readonly string[], since: Date) {
      return inBatches(userIds, (batch) =>
        db
          .select({
            id: notifications.id,
            userId: notifications.userId,
            type: notifications.type,
            value: notifications.value,
          })
          .from(notifications)
          .where(
            and(
              inArray(notifications.type, [...types]),
              inArray(notifications.userId, batch),
              gt(notifications.createdAt, since),
              sql`NOT EXISTS (SELECT 1 FROM push_sent p WHERE p.user_id = ${notifications.userId} AND p.key = 'notice:' || ${notifications.id}::text)`,
            ),
          )
          .orderBy(asc(notifications.createdAt)),
      );
    },

    /** The one claim of (player, key): true for the instance whose insert made the row, false for every other. */
    async claim(userId: string, key: string, now: Date): Promise<boolean> {
      const won = rowsOf<{ key: string }>(
        await db.execute(sql`
          INSERT INTO push_sent (user_id, key, sent_at) VALUES (${userId}::uuid, ${key}, ${now.toISOString()}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING key`),
      );
      return won.length > 0;
    },

    /** Claims older than any window the job looks back over are of no use any more. */
    prune: async (before: Date) => {
      await db.delete(pushSent).where(lte(pushSent.sentAt, before));
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
