// The calendar is cached in several shapes (a page of races, a list, the dropdown, a single race), and a live event
// about one race has to reach it in each of them, so the walk over those shapes lives here once.

/** A race as a calendar answer holds it: only its id is known here, the rest belongs to the caller. */
export type CachedRace = Record<string, unknown> & { id: string };

const isRace = (item: unknown, raceId: string): item is CachedRace =>
  Boolean(item) && typeof item === "object" && (item as { id?: unknown }).id === raceId;
const mapped = (item: unknown, raceId: string, f: (race: CachedRace) => CachedRace) =>
  isRace(item, raceId) ? f(item) : item;

/** Any of the calendar's answers with the race of that id replaced by what `f` makes of it, everything else as it was. */
export function mapRaceIn(data: unknown, raceId: string, f: (race: CachedRace) => CachedRace): unknown {
  if (Array.isArray(data)) return data.map((item) => mapped(item, raceId, f));
  if (data && typeof data === "object" && Array.isArray((data as { data?: unknown }).data)) {
    return { ...data, data: (data as { data: unknown[] }).data.map((item) => mapped(item, raceId, f)) };
  }
  return mapped(data, raceId, f);
}
