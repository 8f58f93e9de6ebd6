import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { picturePaths } from "../../../contract/pictures";
import { RaceClass } from "../../../contract/enums";
import { GAME_CLASS } from "../../../contract/rules";
import { SEASON_FORMAT, type CircuitType, type SeasonFile } from "../../../contract/season";
import { sessionOrder } from "../../../contract/weekendRules/structure";
import { races, raceSessions, riders, sessionResults, teams, tracks } from "../../db/schema";
import type { LedgerTx } from "../diamonds/ledger";
import type * as z from "zod";

// The season as the game holds it, in the file's format (contract/season.ts): what GET /admin/season/export answers
// and what an import compares the new file with. Rows made without a key are named by their id.

/** The season as a file, and what the diff and the writes need besides: each key's row id. */
export type LoadedSeason = {
  file: SeasonFile;
  /** Every circuit the game knows, by key (the file lists only those its rounds use). */
  circuits: Map<string, SeasonFile["circuits"][number]>;
  ids: { track: Map<string, string>; team: Map<string, string>; rider: Map<string, string>; race: Map<string, string> };
  /** Teams and riders removed by an earlier import, by key: a file that names them again brings them back. */
  removed: { team: Map<string, string>; rider: Map<string, string>; raceKeys: Set<string> };
  /** Keys of the rounds with a result entered: they can no longer be removed. */
  withResults: Set<string>;
};

const keyOf = (row: { key: string | null; id: string }) => row.key ?? row.id;
const uploaded = (image: string, generated: string) =>
  image !== generated && image.startsWith("/api/s3/") ? image : undefined;

/** The latest season with rounds, or null when there is none. */
export async function latestSeason(tx: LedgerTx): Promise<number | null> {
  const [row] = await tx
    .select({ season: races.season })
    .from(races)
    .where(isNull(races.removedAt))
    .orderBy(desc(races.season))
    .limit(1);
  return row?.season ?? null;
}

export async function loadSeason(tx: LedgerTx, season: number): Promise<LoadedSeason> {
  const raceRows = await tx
    .select()
    .from(races)
    .where(and(eq(races.season, season)))
    .orderBy(races.round);
  const live = raceRows.filter((r) => r.removedAt === null);
  const sessionRows = await tx
    .select({
      raceId: raceSessions.raceId,
      type: raceSessions.type,
      startsAt: raceSessions.startsAt,
      endsAt: raceSessions.endsAt,
    })
    .from(raceSessions)
    .innerJoin(races, eq(races.id, raceSessions.raceId))
    .where(and(eq(races.season, season), isNull(races.removedAt)));
  const trackRows = await tx.select().from(tracks);
  const teamRows = await tx.select().from(teams).orderBy(teams.raceClass, teams.name);
  const riderRows = await tx.select().from(riders).orderBy(riders.raceClass, riders.number);
  const resultRows = await tx
    .select({ raceId: sessionResults.raceId })
    .from(sessionResults)
    .innerJoin(races, eq(races.id, sessionResults.raceId))
    .where(sql`${races.season} = ${season}`);

  const trackKey = new Map(trackRows.map((t) => [t.id, keyOf(t)]));
  const teamKey = new Map(teamRows.map((t) => [t.id, keyOf(t)]));
  const raceKey = new Map(raceRows.map((r) => [r.id, keyOf(r)]));
  const used = new Set(live.map((r) => r.trackId));
  const liveTeams = teamRows.filter((t) => t.removedAt === null);
  const liveRiders = riderRows.filter((r) => r.removedAt === null);
  const present = new Set([...liveTeams.map((t) => t.raceClass), ...liveRiders.map((r) => r.raceClass)]);
  const classes = RaceClass.options.filter((c) => present.has(c));

  const circuitOf = (t: (typeof trackRows)[number]) => ({
    key: keyOf(t),
    name: t.name,
    country: t.country,
    lengthKm: Number(t.lengthKm),
    circuitType: t.circuitType as z.infer<typeof CircuitType>,
    timeZone: t.timeZone,
  });
  const file: SeasonFile = {
    format: SEASON_FORMAT,
    season,
    classes: classes.length ? classes : [GAME_CLASS],
    // In the calendar's order: the round that first uses each.
    circuits: [...used].map((id) => circuitOf(trackRows.find((t) => t.id === id)!)),
    teams: liveTeams.map((t) => ({
      key: keyOf(t),
      class: t.raceClass as SeasonFile["teams"][number]["class"],
      name: t.name,
      manufacturer: t.manufacturer as SeasonFile["teams"][number]["manufacturer"],
      colour: t.colour,
      ...(uploaded(t.image, picturePaths.team(t.id)) ? { picture: t.image } : {}),
    })),
    riders: liveRiders.map((r) => ({
      key: keyOf(r),
      class: r.raceClass as SeasonFile["riders"][number]["class"],
      number: r.number,
      name: r.name,
      country: r.country,
      team: teamKey.get(r.teamId) ?? r.teamId,
      role: r.role as SeasonFile["riders"][number]["role"],
      ...(uploaded(r.image, picturePaths.rider(r.id)) ? { picture: r.image } : {}),
    })),
    calendar: live.map((r) => ({
      key: keyOf(r),
      round: r.round,
      grandPrix: r.name,
      circuit: trackKey.get(r.trackId) ?? r.trackId,
      sessions: sessionRows
        .filter((s) => s.raceId === r.id)
        .toSorted((a, b) => sessionOrder.indexOf(a.type as never) - sessionOrder.indexOf(b.type as never))
        .map((s) => ({
          type: s.type as SeasonFile["calendar"][number]["sessions"][number]["type"],
          startsAt: s.startsAt.toISOString(),
          endsAt: s.endsAt.toISOString(),
        })),
    })),
  };

  return {
    file,
    circuits: new Map(trackRows.map((t) => [keyOf(t), circuitOf(t)])),
    ids: {
      track: new Map(trackRows.map((t) => [keyOf(t), t.id])),
      team: new Map(liveTeams.map((t) => [keyOf(t), t.id])),
      rider: new Map(liveRiders.map((r) => [keyOf(r), r.id])),
      race: new Map(live.map((r) => [keyOf(r), r.id])),
    },
    removed: {
      team: new Map(teamRows.filter((t) => t.removedAt !== null).map((t) => [keyOf(t), t.id])),
      rider: new Map(riderRows.filter((r) => r.removedAt !== null).map((r) => [keyOf(r), r.id])),
      raceKeys: new Set(raceRows.filter((r) => r.removedAt !== null).map(keyOf)),
    },
    withResults: new Set(resultRows.map((r) => raceKey.get(r.raceId)!).filter(Boolean)),
  };
}
