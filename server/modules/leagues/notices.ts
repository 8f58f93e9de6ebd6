import { randomUUID } from "node:crypto";
import { and, inArray, sql } from "drizzle-orm";
import type { LeagueMemberStatus } from "../../../contract/enums";
import type { NotificationType } from "../../../contract/live";
import type { Clock } from "../../clock";
import { notifications } from "../../db/schema";
import type { Db } from "../../db/open";
import type { Live } from "../../live/types";

/** A transaction (or the db): what the notices read and write with. */
type Tx = Pick<Db, "insert" | "update" | "select" | "execute" | "delete">;

export type LeagueRef = { id: string; name: string };
export type UserRef = { id: string; name: string };

/**
 * What a league change tells players, gathered during the transaction and sent after commit: stored
 * notifications go in with the transaction (live.notify's outbox); deletions of notifications and the
 * non-stored refresh signals go out once the change is committed, never for a rolled-back one.
 */
export function leagueNotices(live: Live, clock: Clock) {
  return function begin(tx: Tx) {
    const after: (() => void)[] = [];
    return {
      /** A stored notification (the bell) for each of `userIds`. */
      notify: (
        userIds: readonly string[],
        type: NotificationType,
        league: LeagueRef,
        extra: { user?: UserRef; status?: string } = {},
      ) => live.notify(tx, userIds, type, { league, ...extra }),

      /**
       * Deletes the notifications about `league` of these types (only `userIds`' when given; only those
       * about `aboutUserId` when given) and tells their owners' open tabs to drop them.
       */
      async drop(
        league: string,
        types: NotificationType[],
        filter: { userIds?: readonly string[]; aboutUserId?: string } = {},
      ) {
        if (filter.userIds && filter.userIds.length === 0) return;
        const removed = await tx
          .delete(notifications)
          .where(
            and(
              inArray(notifications.type, types),
              sql`${notifications.value}->'league'->>'id' = ${league}`,
              filter.userIds ? inArray(notifications.userId, [...filter.userIds]) : undefined,
              filter.aboutUserId ? sql`${notifications.value}->'user'->>'id' = ${filter.aboutUserId}` : undefined,
            ),
          )
          .returning({ id: notifications.id, userId: notifications.userId });
        const byUser = new Map<string, string[]>();
        for (const r of removed) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.id]);
        for (const [userId, ids] of byUser) after.push(() => live.emit("delete-notification", { ids }, [userId]));
      },

      /**
       * A non-stored `member-status-changed` to these players' open tabs, so league screens refetch
       * (a new member shows up in the list without a reload). Shaped like a notification; never shown in the bell.
       */
      refresh(userIds: readonly string[], league: LeagueRef, user: UserRef, status: LeagueMemberStatus) {
        if (userIds.length === 0) return;
        const payload = {
          id: randomUUID(),
          type: "MEMBER_STATUS_CHANGED",
          value: { league, user, status },
          createdAt: clock.now().toISOString(),
          isRead: true,
        };
        after.push(() => live.emit("member-status-changed", payload, userIds));
      },

      /** After commit: pushes stored notifications now and sends what was gathered. */
      async commit() {
        for (const send of after) send();
        await live.flush();
      },
    };
  };
}
export type LeagueNotices = ReturnType<ReturnType<typeof leagueNotices>>;
