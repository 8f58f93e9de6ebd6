import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { NotificationType } from "../../contract/live";
import type { Notification } from "../../contract/notifications";
import { pgArray } from "../db/arrays";
import type { Db } from "../db/open";
import { notifications, type NotificationRow } from "../db/schema";
import type { LiveTx, NotificationValueOf } from "./types";
import { isUuid } from "../../contract/common";

export const toNotification = (
  r: Pick<NotificationRow, "id" | "type" | "value" | "createdAt" | "isRead">,
): Notification => ({
  id: r.id,
  type: r.type,
  value: r.value ?? {},
  createdAt: r.createdAt.toISOString(),
  isRead: r.isRead,
});

/** Ids that cannot be uuids are nobody's notifications (and would make PostgreSQL throw). */
export const validIds = (ids: readonly string[]) => ids.filter((id) => isUuid(id));

/** A player's notifications in the database: every query is scoped to `userId`, nobody touches another's rows. */
export function notificationStore(db: Db) {
  return {
    async insert(
      tx: LiveTx,
      userIds: readonly string[],
      type: NotificationType,
      value: NotificationValueOf,
      now: Date,
    ) {
      const unique = [...new Set(userIds)];
      if (unique.length === 0) return;
      // One statement from arrays (`unnest`): one or two bind parameters whatever the number of players, the ids drawn by PostgreSQL.
      const users = pgArray(unique);
      if (typeof value === "function") {
        const values = pgArray(unique.map((userId) => JSON.stringify(value(userId))));
        await tx.execute(sql`INSERT INTO notifications (id, user_id, type, value, created_at)
          SELECT gen_random_uuid(), n.user_id, ${type}, n.value::jsonb, ${now.toISOString()}::timestamptz
          FROM unnest(${users}::uuid[], ${values}::text[]) WITH ORDINALITY AS n(user_id, value, i) ORDER BY n.i`);
      } else {
        await tx.execute(sql`INSERT INTO notifications (id, user_id, type, value, created_at)
          SELECT gen_random_uuid(), n.user_id, ${type}, ${JSON.stringify(value)}::jsonb, ${now.toISOString()}::timestamptz
          FROM unnest(${users}::uuid[]) WITH ORDINALITY AS n(user_id, i) ORDER BY n.i`);
      }
    },
    async list(userId: string, take = 100): Promise<Notification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.seq))
        .limit(take);
      return rows.map(toNotification);
    },
    /** Returns the ids that changed. */
    async markRead(userId: string, ids: readonly string[]): Promise<string[]> {
      const valid = validIds(ids);
      if (valid.length === 0) return [];
      const rows = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, valid)))
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },
    async remove(userId: string, ids: readonly string[]): Promise<string[]> {
      const valid = validIds(ids);
      if (valid.length === 0) return [];
      const rows = await db
        .delete(notifications)
        .where(and(eq(notifications.userId, userId), inArray(notifications.id, valid)))
        .returning({ id: notifications.id });
      return rows.map((r) => r.id);
    },
    async removeAll(userId: string): Promise<number> {
      const rows = await db
        .delete(notifications)
        .where(eq(notifications.userId, userId))
        .returning({ id: notifications.id });
      return rows.length;
    },
    /** The rows of these players claimed (pushed by some instance) between `from` and `to`, oldest first. */
    async deliveredBetween(userIds: readonly string[], from: Date, to: Date, limit = 1000): Promise<NotificationRow[]> {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(notifications)
        .where(
          and(
            inArray(notifications.userId, [...userIds]),
            gte(notifications.deliveredAt, from),
            lte(notifications.deliveredAt, to),
          ),
        )
        .orderBy(asc(notifications.seq))
        .limit(limit);
    },
    /**
     * Claims up to `limit` committed, undelivered rows for this instance. The conditional UPDATE re-checks
     * `delivered_at IS NULL` under the row lock, so two instances never both claim one row.
     */
    async claimPending(now: Date, limit = 500): Promise<NotificationRow[]> {
      const result = await db.execute(sql`
        UPDATE notifications SET delivered_at = ${now}
        WHERE delivered_at IS NULL AND id IN (
          SELECT id FROM notifications WHERE delivered_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED
        )
        RETURNING id, seq, user_id, type, value, is_read, created_at, delivered_at`);
      const rows = ((result as unknown as { rows?: unknown[] }).rows ?? (result as unknown as unknown[])) as Record<
        string,
        unknown
      >[];
      return rows
        .map((r) => ({
          id: String(r.id),
          seq: Number(r.seq),
          userId: String(r.user_id),
          type: String(r.type),
          value: (typeof r.value === "string" ? JSON.parse(r.value) : r.value) as NotificationRow["value"],
          isRead: Boolean(r.is_read),
          createdAt: new Date(r.created_at as string | Date),
          deliveredAt: new Date(r.delivered_at as string | Date),
        }))
        .toSorted((a, b) => a.seq - b.seq);
    },
  };
}
export type NotificationStore = ReturnType<typeof notificationStore>;
