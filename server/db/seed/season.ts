import { sql } from "drizzle-orm";
import type * as z from "zod";
import type { RaceClass, RiderRole, SessionType } from "../../../contract/enums";
import { SEASON_FORMAT, type SeasonFile } from "../../../contract/season";
import type { Db } from "../open";
import { races, riderPerformances, riders } from "../schema";
import { circuits, gapsInDays } from "./circuits";
import { namesByCountry } from "./names";
import { teamsByClass } from "./teams";
import { buildPerformances } from "./performances";
import { pick, prng } from "./random";
import { writeSeason } from "../../modules/season/apply";
import { idFor } from "../../modules/season/ids";

// The demo season is a season file (contract/season.ts, docs/season.md) like an operator's, imported on the first
// start by the same importer. Its dates are relative to the week of "now": a demo must stay current, so its round
// CURRENT_ROUND_INDEX + 1 is always this week's. Its keys give the ids the demo always had (seedId("rider:MOTOGP:23")),
// so every test, bench and `npm run simulate` finds the same rows.

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

/** The demo's riders who start the season injured (each covered by a substitute), by key. */
export type DemoSeason = { file: SeasonFile; injured: string[] };

function mondayOf(now: Date): number {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return midnight - ((now.getUTCDay() + 6) % 7) * DAY;
}

/** The whole demo season as a season file, a pure function of the week of `now` (and a fixed PRNG seed). */
export function buildSeason(now: Date): DemoSeason {
  const rand = prng(SEED);
  const year = now.getUTCFullYear();
  const offsets = [0];
  for (const gap of gapsInDays) offsets.push(offsets.at(-1)! + gap);
  const fridayOfCurrent = mondayOf(now) + 4 * DAY;

  const file: SeasonFile = {
    format: SEASON_FORMAT,
    season: year,
    classes: Object.keys(teamsByClass) as z.infer<typeof RaceClass>[],
    circuits: [],
    teams: [],
    riders: [],
    calendar: [],
  };
  const injured: string[] = [];
  circuits.forEach((c, i) => {
    file.circuits.push({
      key: c.key,
      name: c.name,
      country: c.country,
      lengthKm: c.lengthKm,
      circuitType: c.type,
      timeZone: c.timeZone,
    });
    const friday = fridayOfCurrent + (offsets[i]! - offsets[CURRENT_ROUND_INDEX]!) * DAY;
    file.calendar.push({
      key: `${year}:${i + 1}`,
      round: i + 1,
      grandPrix: c.race,
      circuit: c.key,
      sessions: timetable.map((s) => {
        const startsAt = friday + s.day * DAY + ((s.at[0] - c.utcOffset) * 60 + s.at[1]) * 60_000;
        return {
          type: s.type,
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(startsAt + s.minutes * 60_000).toISOString(),
        };
      }),
    });
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

  for (const raceClass of file.classes) {
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
    const addRider = (team: string, role: z.infer<typeof RiderRole>) => {
      const n = number();
      const key = `${raceClass}:${n}`;
      const { name, country } = riderName();
      file.riders.push({ key, class: raceClass, number: n, name, country, team, role });
      return key;
    };
    teamsByClass[raceClass].forEach((t, ti) => {
      const team = `${raceClass}:${t.name}`;
      file.teams.push({ key: team, class: raceClass, name: t.name, manufacturer: t.manufacturer, colour: t.colour });
      // Two injured riders in the premier class, each covered by a substitute; one wildcard per class.
      const out = raceClass === "MOTOGP" && (ti === 2 || ti === 7);
      addRider(team, "MAIN");
      const second = addRider(team, "MAIN");
      if (out) injured.push(second);
      if (out) addRider(team, "SUBSTITUTE");
      if (ti === 5) addRider(team, "WILDCARD");
    });
  }
  return { file, injured };
}

/** Loads the demo season when the database has no races yet; safe to call on every start. */
export async function seedIfEmpty(db: Db, now: Date): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(races)) as [{ count: number }];
  if (count > 0) return false;
  const { file, injured } = buildSeason(now);
  await db.transaction(async (tx) => {
    await writeSeason(tx, file, now);
    const out = new Set(injured);
    for (const key of injured)
      await tx
        .update(riders)
        .set({ status: "INJURED" })
        .where(sql`${riders.key} = ${key}`);
    const performing = file.riders.map((r) => ({
      id: idFor("rider", r.key),
      raceClass: r.class,
      role: r.role,
      status: out.has(r.key) ? "INJURED" : "ACTIVE",
    }));
    const results = buildPerformances({ year: file.season, riders: performing }, CURRENT_ROUND_INDEX);
    // In slices: one INSERT's parameters stay well below PostgreSQL's limit.
    for (let i = 0; i < results.length; i += 1000)
      await tx
        .insert(riderPerformances)
        .values(results.slice(i, i + 1000))
        .onConflictDoNothing();
  });
  return true;
}
