import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Paged } from "../../../contract/common";
import type { Race, RaceOption, RaceRiders, Track } from "../../../contract/races";
import { raceStatus } from "../../../contract/raceRules";
import { GAME_CLASS } from "../../../contract/rules";
import { races, raceSessions, tracks } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { AppDeps } from "../../http/deps";
import { oddsForRaces } from "./form";
import { rosterRows } from "./roster";
import { toRace, toRider, toTrack } from "./mappers";
import { isUuid } from "../../../contract/common";

export function raceService(deps: AppDeps) {
  const db = deps.db.db;

  /** Full races (sessions, status at the clock's now, odds) for rows already in calendar order. */
  async function complete(
    rows: { race: typeof races.$inferSelect; track: typeof tracks.$inferSelect }[],
  ): Promise<Race[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.race.id);
    const sessions = await db.select().from(raceSessions).where(inArray(raceSessions.raceId, ids));
    const odds = await oddsForRaces(
      db,
      GAME_CLASS,
      rows.map((r) => r.race),
    );
    const now = deps.clock.now();
    return rows.map((r) =>
      toRace(
        r.race,
        r.track,
        sessions.filter((s) => s.raceId === r.race.id),
        now,
        odds.get(r.race.id) ?? {},
      ),
    );
  }

  const withTrack = () =>
    db.select({ race: races, track: tracks }).from(races).innerJoin(tracks, eq(tracks.id, races.trackId));

  return {
    /** GET /races: the whole calendar in order (season, round), paged. */
    async list(page: number, take: number): Promise<Paged<Race>> {
      const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(races)) as [{ count: number }];
      const rows = await withTrack()
        .orderBy(asc(races.season), asc(races.round))
        .limit(take)
        .offset((page - 1) * take);
      return { data: await complete(rows), page, pages: Math.ceil(count / take), count };
    },

    /** GET /races/next: races whose last session has not ended (the running one first), canceled ones left out. */
    async next(take: number): Promise<Race[]> {
      const open = db
        .selectDistinct({ id: raceSessions.raceId })
        .from(raceSessions)
        .where(gt(raceSessions.endsAt, deps.clock.now()));
      const rows = await withTrack()
        .where(and(isNull(races.canceledAt), inArray(races.id, open)))
        .orderBy(asc(races.season), asc(races.round))
        .limit(take);
      return complete(rows);
    },

    /** GET /races/tracks: every circuit, by name. */
    async tracks(): Promise<Track[]> {
      const rows = await db.select().from(tracks).orderBy(asc(tracks.name));
      return rows.map(toTrack);
    },

    /** GET /v2/races/dropdown: a light list for pickers, in calendar order. */
    async dropdown(): Promise<RaceOption[]> {
      const rows = await db
        .select({
          race: races,
          // The drivers differ (Date or text) for an aggregate: read both the same way.
          startsAt: sql<Date>`min(${raceSessions.startsAt})`.mapWith((v: string | Date) => new Date(v)),
          endsAt: sql<Date>`max(${raceSessions.endsAt})`.mapWith((v: string | Date) => new Date(v)),
        })
        .from(races)
        .innerJoin(raceSessions, eq(raceSessions.raceId, races.id))
        .groupBy(races.id)
        .orderBy(asc(races.season), asc(races.round));
      const now = deps.clock.now();
      return rows.map(({ race, startsAt, endsAt }) => {
        const { status, finished } = raceStatus(now, [{ startsAt, endsAt }], race.canceledAt !== null);
        return {
          id: race.id,
          name: race.name,
          season: race.season,
          round: race.round,
          startsAt: startsAt.toISOString(),
          status,
          finished,
        };
      });
    },

    /**
     * GET /v2/races/{id}/riders: the class's riders entered in the race (roster.ts: the season's and the race's
     * substitutes and wildcards, each with their role there), with their odds; injured riders and riders a
     * substitute replaces are listed but not available. `version` is the entry list the client last saw: the answer always
     * carries the current one, so a client holding an older version knows its picks need a look.
     */
    async riders(id: string, raceClass: string): Promise<RaceRiders> {
      const [race] = isUuid(id) ? await db.select().from(races).where(eq(races.id, id)) : [];
      if (!race) throw new AppError(404, "notFound");
      const rows = await rosterRows(db, race.id, raceClass);
      const odds = (await oddsForRaces(db, raceClass, [race])).get(race.id) ?? {};
      return {
        raceId: race.id,
        version: race.version,
        riders: rows.map(({ rider, team, place }) => ({
          ...toRider(rider, team),
          odds: odds[rider.id] ?? null,
          available: place.available,
        })),
      };
    },
  };
}
