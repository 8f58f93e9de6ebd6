import { desc, eq, sql } from "drizzle-orm";
import { PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import { PADDOCK_EXPERIENCE_PLACES, type WeekendWinners } from "../../../contract/prizes";
import { GURUS_WIN_PRIZES, winsPrizes, type DrawTicket } from "../../../contract/prizeDraw";
import { races } from "../../db/schema";
import type { Db } from "../../db/open";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { tieBreak } from "../results/scores";

// Reads of the prizes area: the season's draw tickets (one per completed weekend prediction) and each finished
// weekend's top three (its paddock experiences).

type Reader = Db | LedgerTx;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The latest season on the calendar, or the one asked for if it has races; 404 otherwise. */
export async function seasonOf(db: Reader, asked: number | undefined): Promise<number> {
  const [row] = await db
    .select({ season: races.season })
    .from(races)
    .where(asked === undefined ? undefined : eq(races.season, asked))
    .orderBy(desc(races.season))
    .limit(1);
  if (!row) throw new AppError(404, "notFound");
  return row.season;
}

/**
 * Completed weekend predictions (all 11 categories saved) of the season's races by players who may win prizes
 * (contract/prizeDraw.ts winsPrizes: not the gurus): its draw tickets, in no order.
 */
export async function ticketsOf(db: Reader, season: number, userId?: string): Promise<DrawTicket[]> {
  const rows = rowsOf<{ race_id: string; user_id: string; is_guru: boolean }>(
    await db.execute(sql`SELECT p.race_id, p.user_id, u.is_guru FROM predictions p JOIN races r ON r.id = p.race_id JOIN users u ON u.id = p.user_id
      WHERE r.season = ${season} ${userId ? sql`AND p.user_id = ${userId}` : sql``}
      GROUP BY p.race_id, p.user_id, u.is_guru HAVING count(DISTINCT p.category) = ${PREDICTIONS_PER_WEEKEND}`),
  );
  return rows.filter((r) => winsPrizes({ isGuru: r.is_guru })).map((r) => ({ raceId: r.race_id, userId: r.user_id }));
}

/**
 * Each finished weekend's (race classification entered, not canceled) top three by the boards' tie-break, newest
 * first, among the players who may win prizes (contract/prizeDraw.ts winsPrizes: a guru is skipped, the next moves up).
 */
export async function paddockWinners(db: Reader, season: number): Promise<WeekendWinners[]> {
  const rows = rowsOf<{ race_id: string; race_name: string; round: number; place: string | number; points: string | number; id: string; name: string; img: string | null }>(
    await db.execute(sql`WITH finished AS (
        SELECT r.id, r.name, r.round FROM races r JOIN session_results sr ON sr.race_id = r.id AND sr.result_key = 'START' AND NOT sr.canceled
        WHERE r.season = ${season} AND r.canceled_at IS NULL),
      ranked AS (SELECT rs.race_id, rs.user_id, rs.points, row_number() OVER (PARTITION BY rs.race_id ORDER BY ${tieBreak}) AS place
        FROM race_scores rs
        WHERE rs.race_id IN (SELECT id FROM finished) ${GURUS_WIN_PRIZES ? sql`` : sql`AND NOT EXISTS (SELECT 1 FROM users g WHERE g.id = rs.user_id AND g.is_guru)`})
      SELECT ranked.race_id, f.name AS race_name, f.round, ranked.place, ranked.points, u.id, u.name, u.img
      FROM ranked JOIN finished f ON f.id = ranked.race_id JOIN users u ON u.id = ranked.user_id
      WHERE ranked.place <= ${PADDOCK_EXPERIENCE_PLACES} ORDER BY f.round DESC, ranked.place`),
  );
  const byRace = new Map<string, WeekendWinners>();
  for (const r of rows) {
    const weekend = byRace.get(r.race_id) ?? { raceId: r.race_id, raceName: r.race_name, round: Number(r.round), places: [] };
    weekend.places.push({ place: Number(r.place), points: Number(r.points), id: r.id, name: r.name, img: r.img });
    byRace.set(r.race_id, weekend);
  }
  return [...byRace.values()];
}
