import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { picturePaths } from "../../../contract/pictures";
import type { SeasonDiff, SeasonFile } from "../../../contract/season";
import { races, raceSessions, riders, teams, tracks } from "../../db/schema";
import type { LedgerTx } from "../diamonds/ledger";
import { diffSeason } from "./diff";
import { loadSeason, type LoadedSeason } from "./export";
import { idFor, sessionIdFor } from "./ids";

// Writes a diff (./diff.ts) in the caller's transaction, row by row as the diff names them: nothing it does not name
// is touched. Nothing is deleted: a team or rider the file no longer holds is marked removed, a round removed is
// canceled by `effects` (its picks voided and refunded) before it is marked. Numbers, names and rounds that move
// between rows are parked first, so a swap never trips the uniqueness a removed row no longer takes part in.

/** What a removal does to what players saved: the game's own rules, run in the same transaction. */
export type RemovalEffects = {
  cancelRace(raceId: string, label: string): Promise<void>;
  removeRider(riderId: string, label: string): Promise<void>;
};

const noRemovals: RemovalEffects = {
  cancelRace: () => Promise.reject(new Error("a removal needs the game's rules")),
  removeRider: () => Promise.reject(new Error("a removal needs the game's rules")),
};

export async function applyDiff(
  tx: LedgerTx,
  current: LoadedSeason,
  next: SeasonFile,
  diff: SeasonDiff,
  now: Date,
  effects: RemovalEffects = noRemovals,
): Promise<void> {
  const circuitOf = new Map(next.circuits.map((c) => [c.key, c]));
  const teamOf = new Map(next.teams.map((t) => [t.key, t]));
  const riderOf = new Map(next.riders.map((r) => [r.key, r]));
  const raceOf = new Map(next.calendar.map((r) => [r.key, r]));
  const trackId = (key: string) => current.ids.track.get(key) ?? idFor("track", key);
  const teamId = (key: string) => current.ids.team.get(key) ?? current.removed.team.get(key) ?? idFor("team", key);
  const riderId = (key: string) => current.ids.rider.get(key) ?? current.removed.rider.get(key) ?? idFor("rider", key);
  const raceId = (key: string) => current.ids.race.get(key) ?? idFor("race", key);

  // Circuits: added or changed, never removed (other seasons' rounds use them).
  for (const { key } of diff.circuits.added) {
    const c = circuitOf.get(key)!;
    const id = trackId(key);
    await tx.insert(tracks).values({
      id,
      key,
      name: c.name,
      country: c.country,
      lengthKm: c.lengthKm,
      circuitType: c.circuitType,
      timeZone: c.timeZone,
      image: picturePaths.track(id),
    });
  }
  for (const { key } of diff.circuits.changed) {
    const c = circuitOf.get(key)!;
    await tx
      .update(tracks)
      .set({ name: c.name, country: c.country, lengthKm: c.lengthKm, circuitType: c.circuitType, timeZone: c.timeZone })
      .where(eq(tracks.id, trackId(key)));
    await tx
      .update(races)
      .set({ circuitType: c.circuitType, version: sql`${races.version} + 1` })
      .where(and(eq(races.trackId, trackId(key)), isNull(races.removedAt)));
  }

  // Teams and riders the file no longer holds: marked first, so their names and numbers are free.
  if (diff.riders.removed.length)
    await tx
      .update(riders)
      .set({ removedAt: now })
      .where(
        inArray(
          riders.id,
          diff.riders.removed.map((r) => riderId(r.key)),
        ),
      );
  if (diff.teams.removed.length)
    await tx
      .update(teams)
      .set({ removedAt: now })
      .where(
        inArray(
          teams.id,
          diff.teams.removed.map((t) => teamId(t.key)),
        ),
      );
  for (const [n, { key }] of diff.teams.changed.entries())
    await tx
      .update(teams)
      .set({ name: `(renaming ${n})` })
      .where(eq(teams.id, teamId(key)));
  for (const [n, { key }] of diff.riders.changed.entries())
    await tx
      .update(riders)
      .set({ number: -1 - n })
      .where(eq(riders.id, riderId(key)));

  for (const { key } of [...diff.teams.added, ...diff.teams.changed]) {
    const t = teamOf.get(key)!;
    const id = teamId(key);
    const row = {
      key,
      name: t.name,
      manufacturer: t.manufacturer,
      raceClass: t.class,
      colour: t.colour,
      image: t.picture ?? picturePaths.team(id),
      removedAt: null,
    };
    await tx
      .insert(teams)
      .values({ id, ...row })
      .onConflictDoUpdate({ target: teams.id, set: row });
  }
  for (const { key } of [...diff.riders.added, ...diff.riders.changed]) {
    const r = riderOf.get(key)!;
    const id = riderId(key);
    const row = {
      key,
      name: r.name,
      number: r.number,
      country: r.country,
      role: r.role,
      raceClass: r.class,
      teamId: teamId(r.team),
      image: r.picture ?? picturePaths.rider(id),
      removedAt: null,
    };
    // A rider brought back is ACTIVE again (a removal made them INJURED); a rider changed keeps their status.
    const revived = current.removed.rider.has(key);
    await tx
      .insert(riders)
      .values({ id, ...row, status: "ACTIVE" })
      .onConflictDoUpdate({ target: riders.id, set: revived ? { ...row, status: "ACTIVE" } : row });
  }

  // Rounds: parked, then written; removed ones are canceled by the game's rule and kept.
  for (const [n, { key }] of diff.races.changed.entries())
    await tx
      .update(races)
      .set({ round: -1 - n })
      .where(eq(races.id, raceId(key)));
  for (const { key, label } of diff.races.removed) {
    const id = raceId(key);
    await effects.cancelRace(id, label);
    await tx
      .update(races)
      .set({
        canceledAt: sql`coalesce(${races.canceledAt}, ${now.toISOString()}::timestamptz)`,
        removedAt: now,
        version: sql`${races.version} + 1`,
      })
      .where(eq(races.id, id));
  }
  for (const { key } of diff.races.added) {
    const race = raceOf.get(key)!;
    const id = raceId(key);
    const circuit = circuitOf.get(race.circuit)!;
    await tx.insert(races).values({
      id,
      key,
      season: next.season,
      round: race.round,
      name: race.grandPrix,
      trackId: trackId(race.circuit),
      circuitType: circuit.circuitType,
      version: 1,
    });
    await tx.insert(raceSessions).values(
      race.sessions.map((s) => ({
        id: sessionIdFor(id, s.type),
        raceId: id,
        type: s.type,
        startsAt: new Date(s.startsAt),
        endsAt: new Date(s.endsAt),
        canceled: false,
      })),
    );
  }
  for (const { key } of diff.races.changed) {
    const race = raceOf.get(key)!;
    const circuit = circuitOf.get(race.circuit)!;
    await tx
      .update(races)
      .set({
        round: race.round,
        name: race.grandPrix,
        trackId: trackId(race.circuit),
        circuitType: circuit.circuitType,
        version: sql`${races.version} + 1`,
      })
      .where(eq(races.id, raceId(key)));
  }
  for (const m of diff.sessions.moved) {
    const id = raceId(m.race);
    await tx
      .update(raceSessions)
      .set({ startsAt: new Date(m.to.startsAt), endsAt: new Date(m.to.endsAt) })
      .where(and(eq(raceSessions.raceId, id), eq(raceSessions.type, m.type)));
    await tx
      .update(races)
      .set({ version: sql`${races.version} + 1` })
      .where(eq(races.id, id));
  }

  // A rider removed: the injured-rider rule for every round not over (their open picks and bets refunded).
  for (const { key, label } of diff.riders.removed) await effects.removeRider(riderId(key), label);
}

/** A file into a database that has none of it yet (the demo season on the first start): only additions, no removals. */
export async function writeSeason(tx: LedgerTx, file: SeasonFile, now: Date): Promise<void> {
  const current = await loadSeason(tx, file.season);
  const { diff, issues } = diffSeason(current, file, now);
  if (issues.length)
    throw new Error(`the season file does not apply: ${issues.map((i) => `${i.pointer} ${i.message}`).join("; ")}`);
  await applyDiff(tx, current, file, diff, now);
}
