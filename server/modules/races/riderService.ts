import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Paged } from "../../../contract/common";
import type {
  Rider,
  RiderDetail,
  RiderOption,
  RiderPerformances,
  RidersQuery,
  TeamPicture,
  TeamWithRiders,
} from "../../../contract/races";
import { riderPerformances, races, riders, teams } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { AppDeps } from "../../http/deps";
import { toRider, toTeam, toTeamRider } from "./mappers";
import { isUuid } from "../../../contract/common";

/** Classes in the order lists show them: the premier class first. */
const classOrder = sql`CASE ${riders.raceClass} WHEN 'MOTOGP' THEN 0 WHEN 'MOTO2' THEN 1 ELSE 2 END`;
const teamClassOrder = sql`CASE ${teams.raceClass} WHEN 'MOTOGP' THEN 0 WHEN 'MOTO2' THEN 1 ELSE 2 END`;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function riderService(deps: AppDeps) {
  const db = deps.db.db;
  const withTeam = () =>
    db.select({ rider: riders, team: teams }).from(riders).innerJoin(teams, eq(teams.id, riders.teamId));

  async function riderRow(id: string) {
    const [row] = isUuid(id) ? await withTeam().where(eq(riders.id, id)) : [];
    if (!row) throw new AppError(404, "notFound");
    return row;
  }

  /** The current season: the latest one on the calendar, else the clock's year. */
  async function currentSeason(): Promise<number> {
    const [row] = await db.select({ year: sql<number | null>`max(${races.season})` }).from(races);
    return row?.year ?? deps.clock.now().getUTCFullYear();
  }

  /** Seasons with results for the rider, newest first; the current season too while they are on the roster. */
  async function seasonsOf(riderId: string): Promise<number[]> {
    const rows = await db
      .selectDistinct({ year: riderPerformances.season })
      .from(riderPerformances)
      .where(eq(riderPerformances.riderId, riderId));
    const years = new Set([...rows.map((r) => r.year), await currentSeason()]);
    return [...years].toSorted((a, b) => b - a);
  }

  return {
    /** GET /riders: filtered by class, team, status or a name / number search; premier class first, then by number. */
    async list(q: RidersQuery): Promise<Paged<Rider>> {
      const where: SQL[] = [];
      if (q.raceClass) where.push(eq(riders.raceClass, q.raceClass));
      if (q.teamId !== undefined) where.push(isUuid(q.teamId) ? eq(riders.teamId, q.teamId) : sql`false`);
      if (q.status) where.push(eq(riders.status, q.status));
      if (q.search) {
        const byNumber = /^\d{1,3}$/.test(q.search) ? eq(riders.number, Number(q.search)) : undefined;
        where.push(or(ilike(riders.name, likePattern(q.search)), byNumber)!);
      }
      const condition = where.length ? and(...where) : undefined;
      const [{ count }] = (await db
        .select({ count: sql<number>`count(*)::int` })
        .from(riders)
        .where(condition)) as [{ count: number }];
      const rows = await withTeam()
        .where(condition)
        .orderBy(classOrder, asc(riders.number))
        .limit(q.take)
        .offset((q.page - 1) * q.take);
      return { data: rows.map((r) => toRider(r.rider, r.team)), page: q.page, pages: Math.ceil(count / q.take), count };
    },

    /** GET /riders/dropdown: every rider (optionally of one class), light, for pickers such as the favourite rider. */
    async dropdown(raceClass: string | undefined): Promise<RiderOption[]> {
      const rows = await withTeam()
        .where(raceClass ? eq(riders.raceClass, raceClass) : undefined)
        .orderBy(classOrder, asc(riders.name));
      return rows.map(({ rider, team }) => ({
        id: rider.id,
        name: rider.name,
        number: rider.number,
        raceClass: rider.raceClass as RiderOption["raceClass"],
        teamName: team.name,
        status: rider.status as RiderOption["status"],
      }));
    },

    /** GET /riders/{id} */
    async byId(id: string): Promise<RiderDetail> {
      const { rider, team } = await riderRow(id);
      return { ...toRider(rider, team), seasons: await seasonsOf(rider.id) };
    },

    /** GET /riders/{id}/performances for one season (`accept-year`, else the current season). */
    async performances(id: string, year: number | undefined): Promise<RiderPerformances> {
      const { rider } = await riderRow(id);
      const season = year ?? (await currentSeason());
      const rows = await db
        .select()
        .from(riderPerformances)
        .where(and(eq(riderPerformances.riderId, rider.id), eq(riderPerformances.season, season)))
        .orderBy(asc(riderPerformances.round));
      const positions = rows.map((r) => r.position).filter((p): p is number => p !== null);
      return {
        riderId: rider.id,
        year: season,
        seasons: await seasonsOf(rider.id),
        totals: {
          starts: rows.length,
          points: rows.reduce((sum, r) => sum + r.points, 0),
          wins: positions.filter((p) => p === 1).length,
          podiums: positions.filter((p) => p <= 3).length,
          bestPosition: positions.length ? Math.min(...positions) : null,
        },
        races: rows.map((r) => ({
          year: r.season,
          round: r.round,
          raceName: r.raceName,
          position: r.position,
          points: r.points,
        })),
      };
    },

    /** GET riders/teams: each team (premier class first, by name) with its riders by number. */
    async teams(raceClass: string | undefined): Promise<TeamWithRiders[]> {
      const teamRows = await db
        .select()
        .from(teams)
        .where(raceClass ? eq(teams.raceClass, raceClass) : undefined)
        .orderBy(teamClassOrder, asc(teams.name));
      const riderRows = await db
        .select()
        .from(riders)
        .where(raceClass ? eq(riders.raceClass, raceClass) : undefined)
        .orderBy(asc(riders.number));
      return teamRows.map((t) => ({
        ...toTeam(t),
        riders: riderRows.filter((r) => r.teamId === t.id).map(toTeamRider),
      }));
    },

    /** GET /riders/teams/{id}/pictures: the team's logo, then each rider's picture. */
    async teamPictures(id: string): Promise<TeamPicture[]> {
      const [team] = isUuid(id) ? await db.select().from(teams).where(eq(teams.id, id)) : [];
      if (!team) throw new AppError(404, "notFound");
      const members = await db.select().from(riders).where(eq(riders.teamId, team.id)).orderBy(asc(riders.number));
      const logo = toTeam(team);
      return [
        { kind: "LOGO", url: logo.image, alt: team.name },
        ...members.map((r) => ({
          kind: "RIDER" as const,
          url: toTeamRider(r).image,
          alt: `#${r.number} ${r.name}`,
          riderId: r.id,
        })),
      ];
    },
  };
}
