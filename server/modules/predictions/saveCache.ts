import type { PickRow } from "./rows";

// What an instance knows of a player's picks of a race after a save, so the next save can be decided before the
// database is asked and written in one round trip (saveTx.ts). Knowledge is only a guess: the write sends the row
// versions (`xmin`) it was decided from and inserts nothing unless the rows under the lock are exactly those; a
// guess that was wrong costs one empty transaction, then the save reads and decides again as it always did.

/** A named rider as read, with its row version. */
export type KnownRider = { id: string; raceClass: string; status: string; xmin: string };

/** A player's picks of a race as last read or written here, each with its row's and its rider's version. */
export type KnownPicks = {
  raceStamp: string;
  picks: PickRow[];
  /** Category → "pick xmin:rider xmin". */
  versions: Map<string, string>;
  balance: number;
  balanceXmin: string | null;
};

/** What one adapter (one app) has seen: the players' picks by race, and the riders named. */
export type SaveCaches = { picks: Map<string, KnownPicks>; riders: Map<string, KnownRider> };
const LIMIT = 20_000;

export const saveCaches = (): SaveCaches => ({ picks: new Map(), riders: new Map() });

export const picksKey = (userId: string, raceId: string) => `${userId}:${raceId}`;

/** Keeps an entry; the map is emptied when it grows past its limit (a guess lost costs one ordinary save). */
export function remember<T>(map: Map<string, T>, key: string, value: T): void {
  if (map.size >= LIMIT && !map.has(key)) map.clear();
  map.set(key, value);
}

/**
 * The picks' versions as pp_save_batch computes them: "category:pick xmin:rider xmin" in the byte order of the
 * categories (PostgreSQL's `COLLATE "C"`; the categories are ASCII), joined by commas; "" without picks.
 */
export function picksStamp(versions: Map<string, string>): string {
  return [...versions.keys()]
    .toSorted()
    .map((category) => `${category}:${versions.get(category)}`)
    .join(",");
}
