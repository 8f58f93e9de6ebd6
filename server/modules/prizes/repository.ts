import { desc, eq, sql } from "drizzle-orm";
import { PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import type { WeekendWinners } from "../../../contract/prizes";
import { winsPrizes, type DrawTicket } from "../../../contract/prizeDraw";
import { races } from "../../db/schema";
import type { Db } from "../../db/open";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";

// Reads of the prizes area: the season's draw tickets (one per completed weekend prediction) and each finished
// confirmed weekend's top three (its paddock experiences).

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
 * Each confirmed weekend's paddock-experience winners, newest first: decided once, when the weekend was confirmed
 * (server/modules/results/confirmation.ts), so a correction before confirmation moves them and none after does.
 */
export async function paddockWinners(db: Reader, season: number): Promise<WeekendWinners[]> {
  const rows = rowsOf<{
    race_id: string;
    race_name: string;
    round: number;
    place: string | number;
    points: string | number;
    id: string;
    name: string;
    img: string | null;
  }>(
    await db.execute(sql`SELECT w.race_id, r.name AS race_name, r.round, w.place, w.points, u.id, u.name, u.img
      FROM paddock_winners w JOIN races r ON r.id = w.race_id JOIN users u ON u.id = w.user_id
      WHERE r.season = ${season} AND r.canceled_at IS NULL
      ORDER BY r.round DESC, w.place`),
  );
  const byRace = new Map<string, WeekendWinners>();
  for (const r of rows) {
    const weekend = byRace.get(r.race_id) ?? {
      raceId: r.race_id,
      raceName: r.race_name,
      round: Number(r.round),
      places: [],
    };
    weekend.places.push({ place: Number(r.place), points: Number(r.points), id: r.id, name: r.name, img: r.img });
    byRace.set(r.race_id, weekend);
  }
  return [...byRace.values()];
}
