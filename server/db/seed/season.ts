import { sql } from "drizzle-orm";
import type * as z from "zod";
import type { RaceClass, RiderRole, RiderStatus, SessionType } from "../../../contract/enums";
import type { Db } from "../open";
import { picturePaths } from "../../../contract/pictures";
import { races, raceSessions, riderPerformances, riders, teams, tracks } from "../schema";
import { circuits, gapsInDays } from "./circuits";
import { namesByCountry } from "./names";
import { teamsByClass } from "./teams";
import { buildPerformances } from "./performances";
import { pick, prng, seedId } from "./random";

const SEED = 0x5eed_2026;
const DAY = 86_400_000;

/** Local weekend timetable (day after Friday, local hh:mm, minutes), lengths from game-rules.md. */
const timetable: { type: z.infer<typeof SessionType>; day: number; at: [number, number]; minutes: number }[] = [
  { type: "FP1", day: 0, at: [10, 45], minutes: 45 },
  { type: "PF", day: 0, at: [15, 0], minutes: 60 },
  { type: "FP2", day: 1, at: [10, 10], minutes: 30 },
  { type: "Q1", day: 1, at: [10, 50], minutes: 15 },
  { type: "Q2", day: 1, at: [11, 15], minutes: 15 },
  { type: "SPRINT", day: 1, at: [15, 0], minutes: 20 },
  { type: "START", day: 2, at: [14, 0], minutes: 40 },
];

/** The round whose weekend falls in the week of "now": earlier rounds are past, later ones upcoming. */
export const CURRENT_ROUND_INDEX = 11;

export type Season = {
  year: number;
  tracks: (typeof tracks.$inferInsert)[];
  races: (typeof races.$inferInsert)[];
  sessions: (typeof raceSessions.$inferInsert)[];
  teams: (typeof teams.$inferInsert)[];
  riders: (typeof riders.$inferInsert)[];
};

function mondayOf(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return midnight - ((now.getUTCDay() + 6) % 7) * DAY;
}

/** The whole demo season, a pure function of the week of `now` (and a fixed PRNG seed). */
export function buildSeason(now: Date): Season {
  const rand = prng(SEED);
  const year = now.getUTCFullYear();
  const offsets = [0];
  for (const gap of gapsInDays) offsets.push(offsets.at(-1)! + gap);
  const fridayOfCurrent = mondayOf(now) + 4 * DAY;

  const season: Season = { year, tracks: [], races: [], sessions: [], teams: [], riders: [] };
  circuits.forEach((c, i) => {
    const trackId = seedId(`track:${c.key}`);
    season.tracks.push({ id: trackId, name: c.name, country: c.country, lengthKm: c.lengthKm, circuitType: c.type, image: picturePaths.track(trackId) });
    const raceId = seedId(`race:${year}:${i + 1}`);
    season.races.push({ id: raceId, season: year, round: i + 1, name: c.race, trackId, circuitType: c.type, version: 1 });
    const friday = fridayOfCurrent + (offsets[i]! - offsets[CURRENT_ROUND_INDEX]!) * DAY;
    for (const s of timetable) {
      const startsAt = new Date(friday + s.day * DAY + ((s.at[0] - c.utcOffset) * 60 + s.at[1]) * 60_000);
      season.sessions.push({
        id: seedId(`session:${raceId}:${s.type}`),
        raceId,
        type: s.type,
        startsAt,
        endsAt: new Date(startsAt.getTime() + s.minutes * 60_000),
        canceled: false,
      });
    }
  });

  const countries = Object.keys(namesByCountry);
  const usedNames = new Set<string>();
  const riderName = () => {
    for (;;) {
      const country = pick(rand, countries);
      const parts = namesByCountry[country]!;
      const name = `${pick(rand, parts.first)} ${pick(rand, parts.last)}`;
      if (!usedNames.has(name)) {
        usedNames.add(name);
        return { name, country };
      }
    }
  };

  for (const raceClass of Object.keys(teamsByClass) as z.infer<typeof RaceClass>[]) {
    const usedNumbers = new Set<number>();
    const number = () => {
      for (;;) {
        const n = 2 + Math.floor(rand() * 98);
        if (!usedNumbers.has(n)) {
          usedNumbers.add(n);
          return n;
        }
      }
    };
    const addRider = (teamId: string, role: z.infer<typeof RiderRole>, status: z.infer<typeof RiderStatus>) => {
      const n = number();
      const id = seedId(`rider:${raceClass}:${n}`);
      season.riders.push({ id, ...riderName(), number: n, status, role, raceClass, teamId, image: picturePaths.rider(id) });
    };
    teamsByClass[raceClass].forEach((t, ti) => {
      const teamId = seedId(`team:${raceClass}:${t.name}`);
      season.teams.push({ id: teamId, name: t.name, manufacturer: t.manufacturer, raceClass, colour: t.colour, image: picturePaths.team(teamId) });
      // Two injured riders in the premier class, each covered by a substitute; one wildcard per class.
      const injured = raceClass === "MOTOGP" && (ti === 2 || ti === 7);
      addRider(teamId, "MAIN", "ACTIVE");
      addRider(teamId, "MAIN", injured ? "INJURED" : "ACTIVE");
      if (injured) addRider(teamId, "SUBSTITUTE", "ACTIVE");
      if (ti === 5) addRider(teamId, "WILDCARD", "ACTIVE");
    });
  }
  return season;
}

/** Loads the demo season when the database has no races yet; safe to call on every start. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(races)) as [{ count: number }];
  if (count > 0) return false;
  const season = buildSeason(now);
  await db.transaction(async (tx) => {
    await tx.insert(tracks).values(season.tracks).onConflictDoNothing();
    await tx.insert(races).values(season.races).onConflictDoNothing();
    await tx.insert(raceSessions).values(season.sessions).onConflictDoNothing();
    await tx.insert(teams).values(season.teams).onConflictDoNothing();
    await tx.insert(riders).values(season.riders).onConflictDoNothing();
    const results = buildPerformances(season, CURRENT_ROUND_INDEX);
    // In slices: one INSERT's parameters stay well below PostgreSQL's limit.
    for (let i = 0; i < results.length; i += 1000) await tx.insert(riderPerformances).values(results.slice(i, i + 1000)).onConflictDoNothing();
  });
  return true;
}
