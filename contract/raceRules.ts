import type { RaceStatus } from "./enums";
import type { RaceEventPayload } from "./live";
import type * as z from "zod";

// The race calendar's pure rules: a race's status (from the times, or after a race clock event), which race a race list shows first, and the odds.

type Status = z.infer<typeof RaceStatus>;
/** Where a race stands: its status, and whether the race session has ended (which the statuses do not name). */
export type RaceState = { status: Status; finished: boolean };
type Window = { startsAt: Date | string; endsAt: Date | string };
const ms = (d: Date | string) => (typeof d === "string" ? Date.parse(d) : d.getTime());

/**
 * game-rules.md: PENDING until the first session starts, STARTED from then on (the race session's
 * end makes it finished, which the spec's statuses do not name), CANCELED once the operator cancels it.
 */
export function raceStatus(now: Date, sessions: readonly Window[], canceled: boolean): RaceState {
  if (sessions.length === 0) return { status: canceled ? "CANCELED" : "PENDING", finished: false };
  const first = Math.min(...sessions.map((s) => ms(s.startsAt)));
  const last = Math.max(...sessions.map((s) => ms(s.endsAt)));
  const t = now.getTime();
  const finished = t >= last;
  if (canceled) return { status: "CANCELED", finished };
  return { status: t < first ? "PENDING" : "STARTED", finished };
}

/**
 * A race after one of the race clock's events, so that a client holding the race agrees with what raceStatus will say
 * from the times without asking the server: a cancellation wins over anything; any session starting or ending means
 * the first one has started, so a PENDING race is STARTED (a session only about to start has not begun); the race
 * session's end finishes it, the end of any other session does not.
 */
export function racedAfter(race: RaceState, event: Pick<RaceEventPayload, "type" | "session">): RaceState {
  const begun = event.type !== "RACE_STARTING_SOON" && race.status === "PENDING";
  const status = event.type === "RACE_CANCELED" ? "CANCELED" : begun ? "STARTED" : race.status;
  return { status, finished: race.finished || (event.type === "RACE_ENDED" && event.session === "START") };
}

/** What the next-races call gave: its races (the next first; none once the season is over), or a failure. */
export type NextRacesOutcome = { ok: true; races: readonly { id: string }[] } | { ok: false };

/**
 * Spec section 4: "the next race comes from the next-races call, else the first on failure, else the
 * last." So: the next race when the call answered one; the list's first when the call failed; the
 * list's last when it answered none (the season is over). Undefined only for an empty list without a next race.
 */
export function currentRaceId(list: readonly { id: string }[], next: NextRacesOutcome): string | undefined {
  if (next.ok && next.races.length > 0) return next.races[0]!.id;
  if (!next.ok) return list[0]?.id;
  return list.at(-1)?.id;
}

const startsAt = (r: { startsAt: string }) => Date.parse(r.startsAt);

/**
 * The race results and the race board open on: the latest race the server says has started (or finished), else
 * the next one to start, else the list's first. Only the server's statuses count: a phone's clock may be wrong, and
 * the server's may have been moved (development).
 */
export function defaultResultsRaceId(
  list: readonly { id: string; startsAt: string; status: Status; finished: boolean }[],
): string | undefined {
  const started = list.filter((r) => r.finished || r.status === "STARTED");
  if (started.length > 0) return started.reduce((latest, r) => (startsAt(r) > startsAt(latest) ? r : latest)).id;
  const upcoming = list.filter((r) => r.status === "PENDING").toSorted((a, b) => startsAt(a) - startsAt(b));
  return upcoming[0]?.id ?? list[0]?.id;
}

/** How many of a rider's latest starts make their form (average points per start). */
export const FORM_STARTS = 10;
/** The bookmaker's margin taken off fair odds, and the odds' bounds. */
export const ODDS_MARGIN = 0.1;
export const MIN_ODDS = 1.1;
export const MAX_ODDS = 250;

/**
 * Decimal win odds from each rider's form: a rider's chance is proportional to (form + 1)², fair odds
 * are 1 / chance, less the margin, rounded to cents and kept within [MIN_ODDS, MAX_ODDS].
 */
export function oddsFromForm(form: Readonly<Record<string, number>>): Record<string, number> {
  const weights = Object.entries(form).map(([id, f]) => [id, (Math.max(0, f) + 1) ** 2] as const);
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  const odds: Record<string, number> = {};
  for (const [id, w] of weights) {
    const fair = total / w;
    odds[id] = Math.min(MAX_ODDS, Math.max(MIN_ODDS, Math.round(fair * (1 - ODDS_MARGIN) * 100) / 100));
  }
  return odds;
}

/** Championship points by finishing position (1st first); positions beyond score nothing. */
export const RACE_POINTS = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1] as const;
export const pointsForPosition = (position: number | null): number =>
  position && position >= 1 ? (RACE_POINTS[position - 1] ?? 0) : 0;
