import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import type { Leaderboard, LeaderboardEntry, RaceResults } from "../../../contract/results";
import { CONFIRM_AFTER_HOURS, weekendStanding } from "../../../contract/weekendRules/confirmation";
import type { Clock } from "../../clock";
import { races, raceSessions, sessionResults } from "../../db/schema";
import { weekendConfirmations } from "../../db/schema.corrections";
import type { Db } from "../../db/open";
import { AppError } from "../../http/errors";
import { tieBreak } from "./scores";
import { isUuid } from "../../../contract/common";

// The boards players read: a season's (race_scores summed per player) and a race's (its race_scores rows),
// both in the tie-break order of game-rules.md, paged, with the caller's own row wherever it is.

type Row = {
  user_id: string;
  name: string;
  img: string | null;
  country: string | null;
  points: string | number;
  accurate: number;
  races: number;
  place: string | number;
};

const entry = (r: Row): LeaderboardEntry => ({
  rank: Number(r.place),
  user: { id: r.user_id, name: r.name, img: r.img, country: r.country },
  points: Number(r.points),
  accurate: Number(r.accurate),
  races: Number(r.races),
});

const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

export function boardReads(db: Db, clock: Clock) {
  /**
   * Where a race's weekend stands (game-rules.md "Results are provisional until the weekend is confirmed"): confirmed
   * when stored, or once the 72-hour rule makes it final (the timer stores that soon after; the read need not wait).
   */
  async function standing(raceId: string): Promise<{ confirmedAt: string | null; provisional: boolean }> {
    const [[stored], [start], [classified]] = await Promise.all([
      db
        .select({ at: weekendConfirmations.confirmedAt })
        .from(weekendConfirmations)
        .where(eq(weekendConfirmations.raceId, raceId)),
      db
        .select({ endsAt: raceSessions.endsAt })
        .from(raceSessions)
        .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, "START"))),
      db
        .select({ key: sessionResults.resultKey })
        .from(sessionResults)
        .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, "START"))),
    ]);
    const w = weekendStanding(clock.now().getTime(), {
      confirmedAt: stored?.at.getTime() ?? null,
      raceEndsAt: start?.endsAt.getTime() ?? null,
      raceClassified: classified !== undefined,
    });
    return {
      confirmedAt: w.confirmedAt === null ? null : new Date(w.confirmedAt).toISOString(),
      provisional: w.provisional,
    };
  }

  /** A season board is provisional while any of its weekends with results is neither confirmed nor final by the rule. */
  async function seasonProvisional(season: number): Promise<boolean> {
    const rows = (await db.execute(sql`SELECT EXISTS (
        SELECT 1 FROM races r
        WHERE r.season = ${season} AND EXISTS (SELECT 1 FROM session_results sr WHERE sr.race_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM weekend_confirmations c WHERE c.race_id = r.id)
          AND NOT EXISTS (SELECT 1 FROM race_sessions s JOIN session_results f ON f.race_id = s.race_id AND f.result_key = 'START'
            WHERE s.race_id = r.id AND s.type = 'START' AND s.ends_at + make_interval(hours => ${CONFIRM_AFTER_HOURS}) <= ${clock.now().toISOString()}::timestamptz)
      ) AS open`)) as unknown as { rows: { open: boolean }[] };
    return rows.rows[0]?.open === true;
  }

  /** `source` yields race_scores-shaped rows (one per player); ranks them and pages, plus the caller's row. */
  async function board(source: SQL, page: number, take: number, me: string | undefined): Promise<Leaderboard> {
    const ranked = sql`WITH src AS (${source}), ranked AS (SELECT src.*, row_number() OVER (ORDER BY ${tieBreak}) AS place FROM src)
      SELECT ranked.user_id, u.name, u.img, u.country, ranked.points, ranked.accurate, ranked.races, ranked.place FROM ranked JOIN users u ON u.id = ranked.user_id`;
    const [pageRows, countRows, meRows] = await Promise.all([
      db.execute(sql`${ranked} ORDER BY ranked.place LIMIT ${take} OFFSET ${(page - 1) * take}`),
      db.execute(sql`WITH src AS (${source}) SELECT count(*)::int AS n FROM src`),
      me ? db.execute(sql`${ranked} WHERE ranked.user_id = ${me}`) : Promise.resolve({ rows: [] }),
    ]);
    const count = Number((countRows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
    const mine = rowsOf(meRows)[0];
    return {
      data: rowsOf(pageRows).map(entry),
      page,
      pages: Math.ceil(count / take),
      count,
      me: mine ? entry(mine) : null,
    };
  }

  /** The latest season on the calendar (the seed holds one; a new season begins with its races). */
  async function currentSeason(): Promise<number> {
    const [row] = await db.select({ season: races.season }).from(races).orderBy(desc(races.season)).limit(1);
    if (!row) throw new AppError(404, "notFound");
    return row.season;
  }

  return {
    async season(season: number | undefined, page: number, take: number, me: string | undefined): Promise<Leaderboard> {
      const s = season ?? (await currentSeason());
      const source = sql`SELECT user_id, sum(points) AS points, sum(accurate)::int AS accurate, count(*)::int AS races,
        sum(race_podium) AS race_podium, sum(sprint_podium) AS sprint_podium, sum(pole) AS pole, sum(fp2) AS fp2,
        sum(practice_fastest) AS practice_fastest, sum(fp1) AS fp1, sum(positions_gained) AS positions_gained, min(first_saved_at) AS first_saved_at
        FROM race_scores WHERE season = ${s} GROUP BY user_id`;
      const [rows, provisional] = await Promise.all([board(source, page, take, me), seasonProvisional(s)]);
      return { ...rows, provisional };
    },

    async race(raceId: string, page: number, take: number, me: string | undefined): Promise<Leaderboard> {
      const [race] = isUuid(raceId) ? await db.select({ id: races.id }).from(races).where(eq(races.id, raceId)) : [];
      if (!race) throw new AppError(404, "notFound");
      const source = sql`SELECT user_id, points, accurate, 1 AS races, race_podium, sprint_podium, pole, fp2, practice_fastest, fp1, positions_gained, first_saved_at
        FROM race_scores WHERE race_id = ${raceId}`;
      const [rows, stands] = await Promise.all([board(source, page, take, me), standing(raceId)]);
      return { ...rows, ...stands };
    },

    /** The official classifications entered so far, in weekend order. */
    async classifications(raceId: string): Promise<RaceResults> {
      const [race] = isUuid(raceId) ? await db.select({ id: races.id }).from(races).where(eq(races.id, raceId)) : [];
      if (!race) throw new AppError(404, "notFound");
      const [rows, stands] = await Promise.all([
        db
          .select()
          .from(sessionResults)
          .where(eq(sessionResults.raceId, raceId))
          .orderBy(asc(sessionResults.enteredAt)),
        standing(raceId),
      ]);
      return {
        raceId,
        classifications: rows.map((r) => ({
          session: r.resultKey,
          canceled: r.canceled,
          riderIds: r.riderIds,
          enteredAt: r.enteredAt.toISOString(),
          correctedAt: r.correctedAt?.toISOString() ?? null,
        })),
        ...stands,
      };
    },
  };
}
