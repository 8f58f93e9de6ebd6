import { eq, inArray, sql } from "drizzle-orm";
import { FORM_STARTS, oddsFromForm } from "../../../contract/raceRules";
import type { Db } from "../../db/open";
import { raceOdds, riderPerformances, riders } from "../../db/schema";
import { rostersOf } from "./roster";

/** A start's place in time as one comparable number: season and round. */
const when = (season: number, round: number) => season * 1000 + round;

/**
 * The odds of each race's available riders (contract/raceEntries.ts: the season's fit riders of the class, a race's
 * substitutes and wildcards, not the riders they replace), from their form going into it: the average points of
 * their latest FORM_STARTS starts before that round. One query: each candidate rider with their starts (newest
 * first) aggregated into arrays (far fewer rows to move than one per start).
 * Odds an operator set for a race (`race_odds`, `npm run admin -- odds`) take the form's place.
 */
export async function oddsForRaces(
  db: Pick<Db, "select">,
  raceClass: string,
  racesToPrice: readonly { id: string; season: number; round: number }[],
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (racesToPrice.length === 0) return out;
  const { rosters } = await rostersOf(
    db,
    raceClass,
    racesToPrice.map((r) => r.id),
  );
  const candidates = [
    ...new Set([...rosters.values()].flatMap((roster) => [...roster].filter(([, p]) => p.available).map(([id]) => id))),
  ];
  if (candidates.length === 0) {
    for (const race of racesToPrice) out.set(race.id, {});
    return out;
  }
  const order = sql`${riderPerformances.season} DESC, ${riderPerformances.round} DESC`;
  const has = sql`${riderPerformances.riderId} IS NOT NULL`;
  const rows = await db
    .select({
      riderId: riders.id,
      starts: sql<
        number[]
      >`coalesce(array_agg(${riderPerformances.season} * 1000 + ${riderPerformances.round} ORDER BY ${order}) FILTER (WHERE ${has}), '{}')`,
      points: sql<
        number[]
      >`coalesce(array_agg(${riderPerformances.points} ORDER BY ${order}) FILTER (WHERE ${has}), '{}')`,
    })
    .from(riders)
    .leftJoin(riderPerformances, eq(riderPerformances.riderId, riders.id))
    .where(inArray(riders.id, candidates))
    .groupBy(riders.id);

  for (const race of racesToPrice) {
    const before = when(race.season, race.round);
    const roster = rosters.get(race.id)!;
    const form: Record<string, number> = {};
    for (const { riderId, starts, points } of rows) {
      if (!roster.get(riderId)?.available) continue;
      const first = starts.findIndex((s) => Number(s) < before);
      const recent = first < 0 ? [] : points.slice(first, first + FORM_STARTS).map(Number);
      form[riderId] = recent.length ? recent.reduce((sum, p) => sum + p, 0) / recent.length : 0;
    }
    out.set(race.id, oddsFromForm(form));
  }
  const set = await db
    .select()
    .from(raceOdds)
    .where(
      inArray(
        raceOdds.raceId,
        racesToPrice.map((r) => r.id),
      ),
    );
  for (const o of set)
    if (rosters.get(o.raceId)?.get(o.riderId)?.available) out.get(o.raceId)![o.riderId] = Number(o.odds);
  return out;
}
