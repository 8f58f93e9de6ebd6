import { and, asc, desc, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type * as z from "zod";
import type {
  LeaderboardQuery,
  League,
  LeaguesQuery,
  ManageQuery,
  MembersQuery,
  OwnerQuery,
} from "../../../contract/leagues";
import type { LeagueMemberStatus } from "../../../contract/enums";
import type { Paged } from "../../../contract/common";
import type { Db } from "../../db/open";
import { leagueMembers, leagues, users } from "../../db/schema";
import { isUuid } from "../../../contract/common";

/** `text` matched literally inside ILIKE: its own % and _ are not wildcards. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The caller's seat in each league, read with the league (primary-key lookups). */
const statusOf = (callerId: string) =>
  sql<LeagueMemberStatus | null>`(SELECT m.status FROM league_members m WHERE m.league_id = ${leagues.id} AND m.user_id = ${callerId})`;

const leagueColumns = (callerId: string) => ({
  id: leagues.id,
  name: leagues.name,
  description: leagues.description,
  type: leagues.type,
  endDate: leagues.endDate,
  criteria: leagues.criteria,
  country: leagues.country,
  image: leagues.image,
  membersCount: leagues.membersCount,
  max: leagues.maxMembers,
  ownerId: leagues.ownerId,
  ownerName: users.name,
  ownerImg: users.img,
  ownerIsGuru: users.isGuru,
  memberStatus: statusOf(callerId),
});
type LeagueSelect = {
  id: string;
  name: string;
  description: string | null;
  type: League["type"];
  endDate: Date | null;
  criteria: string | null;
  country: string | null;
  image: string | null;
  membersCount: number;
  max: number;
  ownerId: string;
  ownerName: string;
  ownerImg: string | null;
  ownerIsGuru: boolean;
  memberStatus: LeagueMemberStatus | null;
};

export function toLeague(r: LeagueSelect): League {
  const owner = { id: r.ownerId, name: r.ownerName, img: r.ownerImg };
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    endDate: r.endDate ? new Date(r.endDate).toISOString() : null,
    criteria: r.criteria,
    country: r.country,
    image: r.image,
    owner,
    // A VIP league is a Guru's: the Guru is its face.
    guru: r.type === "VIP" && r.ownerIsGuru ? owner : null,
    membersCount: Number(r.membersCount),
    max: Number(r.max),
    memberStatus: r.memberStatus ?? null,
  };
}

const statusOrder = sql`CASE ${leagueMembers.status} WHEN 'ACCEPTED' THEN 0 WHEN 'PENDING' THEN 1 WHEN 'INVITED' THEN 2 ELSE 3 END`;

/** The accepted members' ids (who hears about changes in the league). */
export async function acceptedIds(tx: Pick<Db, "select">, leagueId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: leagueMembers.userId })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.status, "ACCEPTED")));
  return rows.map((r) => r.id);
}

/** Every seat holder's id, whatever the status. */
export async function seatIds(
  tx: Pick<Db, "select">,
  leagueId: string,
  statuses?: LeagueMemberStatus[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: leagueMembers.userId })
    .from(leagueMembers)
    .where(
      and(
        eq(leagueMembers.leagueId, leagueId),
        statuses ? inArray(leagueMembers.status, statuses as never[]) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** The read side of leagues: what any signed-in player may see. */
export function leagueReads(db: Db) {
  const select = (callerId: string) =>
    db.select(leagueColumns(callerId)).from(leagues).innerJoin(users, eq(users.id, leagues.ownerId));

  async function one(callerId: string, id: string): Promise<League | null> {
    if (!isUuid(id)) return null;
    const [row] = await select(callerId).where(eq(leagues.id, id));
    return row ? toLeague(row) : null;
  }

  async function list(callerId: string, q: z.output<typeof LeaguesQuery>): Promise<Paged<League>> {
    const conditions: SQL[] = [];
    if (q.text) conditions.push(ilike(leagues.name, contains(q.text)));
    if (q.country) conditions.push(eq(leagues.country, q.country));
    const where = and(...conditions);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(leagues)
      .where(where)) as [{ count: number }];
    const rows = await select(callerId)
      .where(where)
      // leagues_list_idx / leagues_country_idx: biggest first, then by name; id keeps pages stable.
      .orderBy(desc(leagues.membersCount), sql`lower(${leagues.name})`, asc(leagues.id))
      .limit(q.take)
      .offset((q.page - 1) * q.take);
    return { data: rows.map((r) => toLeague(r)), page: q.page, pages: Math.ceil(count / q.take), count };
  }

  async function vip(callerId: string): Promise<League[]> {
    const rows = await select(callerId)
      .where(eq(leagues.type, "VIP"))
      .orderBy(desc(leagues.membersCount), asc(leagues.id))
      .limit(100);
    return rows.map((r) => toLeague(r));
  }

  /** A player's leagues: those they are an accepted member of (their own included). */
  async function ofUser(callerId: string, userId: string): Promise<League[]> {
    if (!isUuid(userId)) return [];
    const rows = await select(callerId)
      .innerJoin(
        leagueMembers,
        and(
          eq(leagueMembers.leagueId, leagues.id),
          eq(leagueMembers.userId, userId),
          eq(leagueMembers.status, "ACCEPTED"),
        ),
      )
      .orderBy(sql`${leagues.ownerId} = ${userId} DESC`, asc(leagueMembers.updatedAt))
      .limit(200);
    return rows.map((r) => toLeague(r));
  }

  /** Every league the caller has a seat in (owned first, then accepted, requested, invited, followed). */
  async function manage(callerId: string, q: z.output<typeof ManageQuery>): Promise<League[]> {
    const seat = and(
      eq(leagueMembers.leagueId, leagues.id),
      eq(leagueMembers.userId, callerId),
      q.status ? eq(leagueMembers.status, q.status as never) : undefined,
    );
    const rows = await select(callerId)
      .innerJoin(leagueMembers, seat)
      .orderBy(sql`${leagues.ownerId} = ${callerId} DESC`, statusOrder, desc(leagueMembers.updatedAt))
      .limit(200);
    return rows.map((r) => toLeague(r));
  }

  /** GET /leagues/owner: the caller's own league (one per player), when it matches the filters. */
  async function owned(callerId: string, q: z.output<typeof OwnerQuery>): Promise<League[]> {
    const conditions: SQL[] = [eq(leagues.ownerId, callerId)];
    if (q.type) conditions.push(eq(leagues.type, q.type));
    if (q.text) conditions.push(ilike(leagues.name, contains(q.text)));
    if (q.country) conditions.push(eq(leagues.country, q.country));
    const rows = await select(callerId).where(and(...conditions));
    return rows.map((r) => toLeague(r));
  }

  /**
   * Accepted members are public to any signed-in player; requests, invitations and followers are the
   * league's business: shown to its accepted members, and each player always sees their own seat.
   */
  async function members(callerId: string, league: League, q: z.output<typeof MembersQuery>) {
    const insider = league.memberStatus === "ACCEPTED";
    const where = and(
      eq(leagueMembers.leagueId, league.id),
      insider ? undefined : sql`(${leagueMembers.status} = 'ACCEPTED' OR ${leagueMembers.userId} = ${callerId})`,
    );
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(leagueMembers)
      .where(where)) as [{ count: number }];
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        img: users.img,
        country: users.country,
        status: leagueMembers.status,
        points: users.points,
      })
      .from(leagueMembers)
      .innerJoin(users, eq(users.id, leagueMembers.userId))
      .where(where)
      .orderBy(
        sql`${leagueMembers.userId} = ${league.owner.id} DESC`,
        statusOrder,
        asc(leagueMembers.updatedAt),
        asc(leagueMembers.userId),
      )
      .limit(q.take)
      .offset((q.page - 1) * q.take);
    return { data: rows, page: q.page, pages: Math.ceil(count / q.take), count };
  }

  /** Accepted members by season points; ties go to who joined first (the scoring tie-break needs per-race data). */
  async function leaderboard(q: z.output<typeof LeaderboardQuery>) {
    const where = and(eq(leagueMembers.leagueId, q.leagueId), eq(leagueMembers.status, "ACCEPTED"));
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(leagueMembers)
      .where(where)) as [{ count: number }];
    const rows = await db
      .select({ id: users.id, name: users.name, img: users.img, points: users.points })
      .from(leagueMembers)
      .innerJoin(users, eq(users.id, leagueMembers.userId))
      .where(where)
      .orderBy(desc(users.points), asc(leagueMembers.updatedAt), asc(users.id))
      .limit(q.take)
      .offset((q.page - 1) * q.take);
    const first = (q.page - 1) * q.take;
    return {
      data: rows.map((r, i) => ({
        rank: first + i + 1,
        user: { id: r.id, name: r.name, img: r.img },
        points: r.points,
      })),
      page: q.page,
      pages: Math.ceil(count / q.take),
      count,
    };
  }

  return { one, list, vip, ofUser, manage, owned, members, leaderboard };
}
export type LeagueReads = ReturnType<typeof leagueReads>;
