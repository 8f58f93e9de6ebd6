import { asc, eq, inArray, or } from "drizzle-orm";
import type * as z from "zod";
import type { RiderRole } from "../../../contract/enums";
import {
  raceRoster,
  riderInRace,
  type RaceEntry,
  type RosterPlace,
  type RosterRider,
} from "../../../contract/raceEntries";
import { GAME_CLASS } from "../../../contract/rules";
import type { Db } from "../../db/open";
import { riders, teams } from "../../db/schema";
import { entryRiders, raceEntries } from "../../db/schema.entries";
import type { LedgerTx } from "../diamonds/ledger";

// Who rides a race (contract/raceEntries.ts) from the database: the season's riders of the class and the race's
// entries (migration 021). Everything that decides who rides a race reads it here: the race's riders, the odds from
// form, bets, the save of a pick, the classification entered.

type Reader = Pick<Db, "select">;
type RiderRow = typeof riders.$inferSelect;
type TeamRow = typeof teams.$inferSelect;

// A rider the season file no longer holds (migration 019's removed_at) is on no season list.
const asRosterRider = (r: RiderRow): RosterRider => ({
  id: r.id,
  raceClass: r.raceClass,
  status: r.status,
  role: r.role as z.infer<typeof RiderRole>,
  removed: "removedAt" in r && r.removedAt != null,
});

/** The entries of these races, by race, and the riders who ride only the races they are entered for. */
async function entriesOf(
  db: Reader,
  raceIds: readonly string[],
): Promise<{ byRace: Map<string, RaceEntry[]>; entryOnly: Set<string> }> {
  const byRace = new Map<string, RaceEntry[]>();
  if (raceIds.length) {
    for (const e of await db
      .select()
      .from(raceEntries)
      .where(inArray(raceEntries.raceId, [...raceIds]))) {
      byRace.set(e.raceId, [
        ...(byRace.get(e.raceId) ?? []),
        { riderId: e.riderId, role: e.role, replaces: e.replaces },
      ]);
    }
  }
  const entryOnly = new Set((await db.select({ id: entryRiders.riderId }).from(entryRiders)).map((r) => r.id));
  return { byRace, entryOnly };
}

/** A race's riders with their team and place, in number order (the class's list; entries belong to the game class). */
export async function rosterRows(
  db: Reader,
  raceId: string,
  raceClass: string = GAME_CLASS,
): Promise<{ rider: RiderRow; team: TeamRow; place: RosterPlace }[]> {
  const { byRace, entryOnly } = await entriesOf(db, raceClass === GAME_CLASS ? [raceId] : []);
  const entries = byRace.get(raceId) ?? [];
  const ids = entries.map((e) => e.riderId);
  const rows = await db
    .select({ rider: riders, team: teams })
    .from(riders)
    .innerJoin(teams, eq(teams.id, riders.teamId))
    .where(ids.length ? or(eq(riders.raceClass, raceClass), inArray(riders.id, ids)) : eq(riders.raceClass, raceClass))
    .orderBy(asc(riders.number));
  const roster = raceRoster({ riders: rows.map((r) => asRosterRider(r.rider)), entries, entryOnly, raceClass });
  return rows.flatMap(({ rider, team }) => {
    const place = roster.get(rider.id);
    // The role shown is the rider's role in this race (an entry's, else the season's).
    return place ? [{ rider: { ...rider, role: place.role }, team, place }] : [];
  });
}

/** The riders each of these races has, with their places (for the odds of several races at once). */
export async function rostersOf(
  db: Reader,
  raceClass: string,
  raceIds: readonly string[],
): Promise<{ riders: RiderRow[]; rosters: Map<string, Map<string, RosterPlace>> }> {
  const { byRace, entryOnly } = await entriesOf(db, raceClass === GAME_CLASS ? raceIds : []);
  const ids = [...new Set([...byRace.values()].flat().map((e) => e.riderId))];
  const rows = await db
    .select()
    .from(riders)
    .where(ids.length ? or(eq(riders.raceClass, raceClass), inArray(riders.id, ids)) : eq(riders.raceClass, raceClass));
  const list = rows.map(asRosterRider);
  const rosters = new Map(
    raceIds.map((id) => [id, raceRoster({ riders: list, entries: byRace.get(id) ?? [], entryOnly, raceClass })]),
  );
  return { riders: rows, rosters };
}

/** The ids of the riders who ride the race (fit or not): what a classification may name. */
export async function riderIdsOf(db: Reader, raceId: string): Promise<Set<string>> {
  return new Set((await rosterRows(db, raceId)).map((r) => r.rider.id));
}

// The save of a pick asks for a few riders of one race, often: what it needs of the entry list is kept per race
// and version (an entry bumps the race's version), with every rider id seen then, so a rider made since is read again.
type EntryFacts = { version: number; entries: RaceEntry[]; entryOnly: Set<string>; known: Set<string> };
const entryCaches = new WeakMap<object, Map<string, EntryFacts>>();

type NamedRider = { id: string; raceClass: string; status: string };

/**
 * The riders a save names, as the contract's save rule is to see them for this race: only those who ride it, each
 * fit (ACTIVE) or not (INJURED: out, or replaced by a substitute). Reads through `tx` only when its knowledge of the
 * race's entries is not current (so a save decided from what this instance saw touches no transaction).
 */
export async function ridersOfSave<R extends NamedRider>(
  cacheOwner: object,
  tx: LedgerTx,
  race: { id: string; version: number },
  named: ReadonlyMap<string, R>,
): Promise<Map<string, R>> {
  let caches = entryCaches.get(cacheOwner);
  if (!caches) entryCaches.set(cacheOwner, (caches = new Map()));
  let facts = caches.get(race.id);
  if (!facts || facts.version !== race.version || [...named.keys()].some((id) => !facts!.known.has(id))) {
    const { byRace, entryOnly } = await entriesOf(tx, [race.id]);
    const known = new Set((await tx.select({ id: riders.id }).from(riders)).map((r) => r.id));
    facts = { version: race.version, entries: byRace.get(race.id) ?? [], entryOnly, known };
    if (caches.size > 500) caches.clear();
    caches.set(race.id, facts);
  }
  const roster = raceRoster({
    riders: [...named.values()].map((r) => ({ id: r.id, raceClass: r.raceClass, status: r.status, role: "MAIN" })),
    entries: facts.entries,
    entryOnly: facts.entryOnly,
  });
  const out = new Map<string, R>();
  for (const [id, rider] of named) {
    const seen = riderInRace(roster, id);
    if (seen) out.set(id, { ...rider, ...seen });
  }
  return out;
}
