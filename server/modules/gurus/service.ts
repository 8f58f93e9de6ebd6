import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { PredictionCategory } from "../../../contract/enums";
import { mayReadPicksOf, pickView, type FollowedPicks, type PlayerRacePicks } from "../../../contract/gurus";
import { categories, categorySession } from "../../../contract/weekendRules/structure";
import { follows, predictions, users } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { loadRace } from "../predictions/repository";
import { isUuid } from "../../../contract/common";

// Gurus' and followed players' picks, each category shown from its lock on (contract/gurus.ts decides).

const startOf = (race: Awaited<ReturnType<typeof loadRace>>, c: PredictionCategory) =>
  race.sessions[categorySession[c]]?.startsAt;

export function gurusService(deps: AppDeps) {
  const db = deps.db.db;

  return {
    async playerPicks(callerId: string, userId: string, raceId: string): Promise<PlayerRacePicks> {
      const [user] = isUuid(userId)
        ? await db
            .select({ id: users.id, name: users.name, img: users.img, isGuru: users.isGuru })
            .from(users)
            .where(and(eq(users.id, userId), sql`${users.emailConfirmedAt} IS NOT NULL`))
        : [];
      if (!user) throw new AppError(404, "notFound");
      const race = await loadRace(db, raceId);
      const [followed] = await db
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerId, callerId), eq(follows.followeeId, user.id)));
      if (!mayReadPicksOf({ isGuru: user.isGuru, isFollowed: followed !== undefined, isSelf: callerId === user.id }))
        throw new AppError(403, "forbidden");
      const rows = await db
        .select({
          category: predictions.category,
          riderId: predictions.riderId,
          state: predictions.state,
          points: predictions.points,
          upgrades: predictions.upgrades,
        })
        .from(predictions)
        .where(and(eq(predictions.userId, user.id), eq(predictions.raceId, race.id)));
      const byCategory = new Map(rows.map((r) => [r.category, r]));
      const now = deps.clock.now().getTime();
      const scoreOf = (r: (typeof rows)[number] | undefined) =>
        r ? { state: r.state, points: r.points === null ? null : Number(r.points), upgrades: r.upgrades } : undefined;
      return {
        raceId: race.id,
        user,
        picks: categories.map((c) =>
          pickView(c, byCategory.get(c)?.riderId, startOf(race, c), now, scoreOf(byCategory.get(c))),
        ),
      };
    },

    /** The gurus' and followed players' picks of the race, only for the categories that have locked. */
    async followedPicks(callerId: string, raceId: string): Promise<FollowedPicks> {
      const race = await loadRace(db, raceId);
      const now = deps.clock.now().getTime();
      const revealed = categories.filter((c) => pickView(c, undefined, startOf(race, c), now).revealed);
      const rows = revealed.length
        ? await db
            .select({
              category: predictions.category,
              riderId: predictions.riderId,
              id: users.id,
              name: users.name,
              img: users.img,
              isGuru: users.isGuru,
            })
            .from(predictions)
            .innerJoin(users, eq(users.id, predictions.userId))
            .where(
              and(
                eq(predictions.raceId, race.id),
                inArray(predictions.category, revealed),
                or(
                  eq(users.isGuru, true),
                  sql`EXISTS (SELECT 1 FROM follows f WHERE f.follower_id = ${callerId} AND f.followee_id = ${users.id})`,
                ),
              ),
            )
            .orderBy(users.name)
        : [];
      return {
        raceId: race.id,
        categories: categories.map((c) => ({
          category: c,
          revealed: revealed.includes(c),
          picks: rows
            .filter((r) => r.category === c)
            .map((r) => ({ user: { id: r.id, name: r.name, img: r.img, isGuru: r.isGuru }, riderId: r.riderId })),
        })),
      };
    },
  };
}
