import type * as z from "zod";
import type { RiderRole as RiderRoles } from "./enums";
import type { EntryBody } from "./operations";
import { GAME_CLASS } from "./rules";
import { allow, refuse, type Verdict } from "./verdict";

type RiderRole = z.infer<typeof RiderRoles>;

// game-rules.md "The entry list changes": who rides a race. The season's riders of the game's class ride every race
// (an injured one is listed, not available); an operator adds, for one race, a SUBSTITUTE in place of a rider who is
// out or a WILDCARD. A rider an entry brought in who is on no season list (made by the entry, or of another class)
// rides only the races they are entered for. No database and no clock: the facts come in.

export type EntryRole = "SUBSTITUTE" | "WILDCARD";

/** What the rule needs of a rider: their season place and whether they are fit. */
export type RosterRider = {
  id: string;
  raceClass: string;
  status: string;
  role: RiderRole;
  /** Removed from the season file (kept for the picks on them): on no season list. */
  removed?: boolean;
};

/** One entry of one race. */
export type RaceEntry = { riderId: string; role: EntryRole; replaces: string | null };

/** A rider's place in one race: their role there, whom they replace, and whether they can be picked and bet on. */
export type RosterPlace = { role: RiderRole; replaces: string | null; available: boolean; entered: boolean };

export type RosterFacts = {
  riders: readonly RosterRider[];
  /** The race's entries. */
  entries: readonly RaceEntry[];
  /** Riders who ride only the races they are entered for (made by an entry). */
  entryOnly: ReadonlySet<string>;
  /** The class whose list this is (the game's by default; entries are the game class's race's). */
  raceClass?: string;
};

/** On the season's list of the class: every race is theirs unless they are out. */
export const onSeasonList = (rider: RosterRider, entryOnly: ReadonlySet<string>, raceClass: string = GAME_CLASS) =>
  rider.raceClass === raceClass && !rider.removed && !entryOnly.has(rider.id);

/**
 * The race's entry list: each rider who rides it, with their role there. A rider a substitute replaces stays on the
 * list (their picks and bets were theirs) but is not available; so is one not fit (INJURED).
 */
export function raceRoster(facts: RosterFacts): Map<string, RosterPlace> {
  const entered = new Map(facts.entries.map((e) => [e.riderId, e]));
  const replaced = new Set(facts.entries.flatMap((e) => (e.replaces ? [e.replaces] : [])));
  const out = new Map<string, RosterPlace>();
  for (const rider of facts.riders) {
    const entry = entered.get(rider.id);
    if (!entry && !onSeasonList(rider, facts.entryOnly, facts.raceClass)) continue;
    out.set(rider.id, {
      role: entry?.role ?? rider.role,
      replaces: entry?.replaces ?? null,
      available: rider.status === "ACTIVE" && !replaced.has(rider.id),
      entered: entry !== undefined,
    });
  }
  return out;
}

/** What a save or a bet is told of a rider named for this race: not riding it (undefined), or riding it and fit or not. */
export function riderInRace(
  roster: ReadonlyMap<string, RosterPlace>,
  riderId: string,
): { raceClass: string; status: "ACTIVE" | "INJURED" } | undefined {
  const place = roster.get(riderId);
  return place ? { raceClass: GAME_CLASS, status: place.available ? "ACTIVE" : "INJURED" } : undefined;
}

export type EntryInput = {
  /** The clock's now and the race session's scheduled start (epoch ms); a canceled race takes no entries. */
  now: number;
  raceStart: number | undefined;
  canceled: boolean;
  roster: ReadonlyMap<string, RosterPlace>;
  entries: readonly RaceEntry[];
  body: Pick<EntryBody, "role" | "riderId"> & { replaces?: string | undefined };
};

/** What to do: add the entry, or nothing (the same entry again). */
export type EntryPlan = { replayed: boolean; entry: RaceEntry };

/**
 * Checks an entry. The same entry again is a replay, whenever it comes. Refuses, in this order: 409 raceStarted (at
 * or after the race session's start, or a canceled race), 404 notFound (the rider replaced does not ride the race),
 * 409 riderOnEntryList (the rider already rides the race, or the one replaced already has a substitute or is the
 * rider themselves).
 */
export function planEntry(input: EntryInput): Verdict<EntryPlan> {
  const entry: RaceEntry = {
    riderId: input.body.riderId,
    role: input.body.role,
    replaces: input.body.role === "SUBSTITUTE" ? (input.body.replaces ?? null) : null,
  };
  const prior = input.entries.find((e) => e.riderId === entry.riderId);
  if (prior && prior.role === entry.role && prior.replaces === entry.replaces) return allow({ replayed: true, entry });
  if (input.canceled || input.raceStart === undefined || input.now >= input.raceStart)
    return refuse(409, "raceStarted");
  if (entry.replaces !== null) {
    if (!input.roster.has(entry.replaces)) return refuse(404, "notFound");
    if (entry.replaces === entry.riderId || input.entries.some((e) => e.replaces === entry.replaces))
      return refuse(409, "riderOnEntryList");
  }
  if (prior || input.roster.has(entry.riderId)) return refuse(409, "riderOnEntryList");
  return allow({ replayed: false, entry });
}

/** The audit log's target: "#93 → #41" for a substitute, "#41" for a wildcard. */
export const entryTarget = (rider: { number: number }, replaced?: { number: number } | null) =>
  replaced ? `#${replaced.number} → #${rider.number}` : `#${rider.number}`;
