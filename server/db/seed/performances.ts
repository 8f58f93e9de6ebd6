import type { riderPerformances } from "../schema";
import { pointsForPosition } from "../../../contract/raceRules";
import { circuits } from "./circuits";
import { prng } from "./random";

/** What a rider's results depend on. */
export type PerformingRider = { id: string; raceClass: string; role: string; status: string };

const SEED = 0x9e5f_0003;
/** Seasons of history before the current one. */
const PAST_SEASONS = 2;
/** Chance that a starter does not finish. */
const DNF_RATE = 0.07;
/** Rounds (1-based) where each class's wildcard rides. */
const WILDCARD_ROUNDS = [4, 9, 16];
/** The current season's injured riders miss this many of the latest finished rounds; their substitute rides them. */
const INJURY_ROUNDS = 2;

type Row = typeof riderPerformances.$inferInsert;

/**
 * Results for the past seasons and the current season's first `finishedRounds` rounds (those before
 * the current week's), a pure function of the season. Each rider has a skill; a race orders the starters by skill
 * plus noise. Every sixth rider is a rookie (this season only), the next one started last season.
 */
export function buildPerformances(
  season: { year: number; riders: readonly PerformingRider[] },
  finishedRounds: number,
): Row[] {
  const rand = prng(SEED);
  const rows: Row[] = [];
  const skill = new Map(season.riders.map((r) => [r.id, rand()]));
  const classes = [...new Set(season.riders.map((r) => r.raceClass))];

  for (const riders of classes.map((c) => season.riders.filter((r) => r.raceClass === c))) {
    const firstSeason = new Map(
      riders.map((r, i) => [
        r.id,
        i % 6 === 0 ? season.year : i % 6 === 1 ? season.year - 1 : season.year - PAST_SEASONS,
      ]),
    );
    for (let year = season.year - PAST_SEASONS; year <= season.year; year++) {
      const rounds = year === season.year ? finishedRounds : circuits.length;
      for (let round = 1; round <= rounds; round++) {
        const injuryOut = year === season.year && round > rounds - INJURY_ROUNDS;
        const starters = riders.filter((r) => {
          if (firstSeason.get(r.id)! > year) return false;
          if (r.role === "WILDCARD") return WILDCARD_ROUNDS.includes(round);
          if (r.role === "SUBSTITUTE") return injuryOut;
          if (r.status === "INJURED") return !injuryOut;
          return true;
        });
        const order = starters
          .map((r) => ({ id: r.id, pace: skill.get(r.id)! + rand() * 0.6, dnf: rand() < DNF_RATE }))
          .toSorted((a, b) => Number(a.dnf) - Number(b.dnf) || b.pace - a.pace);
        order.forEach((o, i) => {
          const position = o.dnf ? null : i + 1;
          rows.push({
            riderId: o.id,
            season: year,
            round,
            raceName: circuits[round - 1]!.race,
            position,
            points: pointsForPosition(position),
          });
        });
      }
    }
  }
  return rows;
}
