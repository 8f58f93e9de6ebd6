import { resultKeys, type ResultKey } from "../../../contract/results";

// Believable classifications for demos and tests (`npm run simulate`, the e2e weekend): pure, no database,
// no clock; the randomness comes in as a function (server/db/seed/random.ts `prng(seed)` for repeatable runs).
//
// Every session is a Plackett–Luce draw: riders are taken one place at a time, each with a chance
// proportional to their weight among those left. Sorting by log(weight) + Gumbel noise draws exactly that
// order in one pass. A rider's weight is the win chance their odds imply (1 / odds); practice is noisier
// (riders run their own programmes), qualifying is the plain draw, and the sprint and the race add a pull
// towards the grid (the Q2 order), so a pole sitter usually stays near the front. POSITION_GAINED ranks the
// race's finishers by places gained from grid to flag.

export type Rand = () => number;
/** A rider who takes part, with their decimal win odds (lower = stronger). */
export type Entrant = { id: string; odds: number };
/** Classifications already decided this weekend (best first), e.g. from GET /results/races/{raceId}. */
export type KnownResults = Partial<Record<ResultKey, readonly string[]>>;

/** How closely each session follows form: the exponent on 1 / odds (1 = as the odds say, below 1 = more open). */
const FORM_POWER: Record<Exclude<ResultKey, "POSITION_GAINED">, number> = {
  FP1: 0.6,
  PF: 0.8,
  FP2: 0.6,
  Q2: 1,
  SPRINT: 1,
  START: 1,
};
/**
 * How strongly the sprint and the race follow the grid: added to log(weight) for pole, scaled down to 0
 * for the last grid slot (e^2 ≈ 7.4× the weight of an equal rider starting last).
 */
export const GRID_PULL: Partial<Record<ResultKey, number>> = { SPRINT: 2, START: 1.5 };

/** The win chance the odds imply (odds are never below 1.1 on this server; guarded anyway). */
export const strength = (odds: number): number => 1 / Math.max(Number.isFinite(odds) ? odds : 250, 1.01);

function gumbel(rand: Rand): number {
  const u = Math.min(Math.max(rand(), 1e-12), 1 - 1e-12);
  return -Math.log(-Math.log(u));
}

/**
 * A Plackett–Luce order of `items` by `logWeight` (the log of each one's weight): ≡ drawing without
 * replacement with chance ∝ weight, place after place. Every item appears once.
 */
export function plackettLuce<T>(items: readonly T[], logWeight: (item: T) => number, rand: Rand): T[] {
  return items
    .map((item) => ({ item, key: logWeight(item) + gumbel(rand) }))
    .toSorted((a, b) => b.key - a.key)
    .map((x) => x.item);
}

/** One draw with chance ∝ weight (0 weights never win unless all are 0). */
export function weightedPick<T>(items: readonly T[], weight: (item: T) => number, rand: Rand): T {
  if (items.length === 0) throw new Error("weightedPick: no items");
  const weights = items.map((i) => Math.max(0, weight(i)));
  const total = weights.reduce((s, w) => s + w, 0);
  if (total <= 0) return items[Math.floor(rand() * items.length)]!;
  let x = rand() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i]!;
    if (x < 0) return items[i]!;
  }
  return items.at(-1)!;
}

/**
 * The grid as the race starts from: the Q2 order of the entrants, any entrant missing from it at the
 * back (in the given order); riders no longer entered are dropped.
 */
export function gridOf(q2: readonly string[], entrants: readonly Entrant[]): string[] {
  const ids = new Set(entrants.map((e) => e.id));
  const front = q2.filter((id) => ids.has(id));
  const placed = new Set(front);
  return [...front, ...entrants.map((e) => e.id).filter((id) => !placed.has(id))];
}

/**
 * Riders by places gained from `grid` to `finish` (grid slot − finishing place), most first; ties go to
 * the better finisher. Only finishers are ranked; a finisher missing from the grid started from the back.
 */
export function positionsGained(grid: readonly string[], finish: readonly string[]): string[] {
  const slot = new Map(grid.map((id, i) => [id, i]));
  return finish
    .map((id, place) => ({ id, place, gained: (slot.get(id) ?? grid.length) - place }))
    .toSorted((a, b) => b.gained - a.gained || a.place - b.place)
    .map((r) => r.id);
}

/** Places gained by each finisher (grid slot − finishing place), for reports and tests. */
export function gainsOf(grid: readonly string[], finish: readonly string[]): Map<string, number> {
  const slot = new Map(grid.map((id, i) => [id, i]));
  return new Map(finish.map((id, place) => [id, (slot.get(id) ?? grid.length) - place]));
}

/**
 * The classification of one result key, best first, over every entrant once. The sprint and the race
 * follow the grid from `known.Q2` (drawn now when missing); POSITION_GAINED reads `known.START` and the
 * grid (both drawn now when missing).
 */
export function generateClassification(
  key: ResultKey,
  entrants: readonly Entrant[],
  rand: Rand,
  known: KnownResults = {},
): string[] {
  if (entrants.length === 0) throw new Error("generateClassification: no riders in the race");
  if (new Set(entrants.map((e) => e.id)).size !== entrants.length)
    throw new Error("generateClassification: a rider is entered twice");
  if (key === "POSITION_GAINED") {
    const grid = gridOf(known.Q2 ?? generateClassification("Q2", entrants, rand), entrants);
    const finish = known.START?.length
      ? known.START
      : generateClassification("START", entrants, rand, { ...known, Q2: grid });
    return positionsGained(grid, finish);
  }
  const power = FORM_POWER[key];
  const pull = GRID_PULL[key];
  if (pull === undefined)
    return plackettLuce(entrants, (e) => power * Math.log(strength(e.odds)), rand).map((e) => e.id);
  const grid = gridOf(known.Q2 ?? generateClassification("Q2", entrants, rand), entrants);
  const slot = new Map(grid.map((id, i) => [id, i]));
  const last = Math.max(1, grid.length - 1);
  return plackettLuce(
    entrants,
    (e) => power * Math.log(strength(e.odds)) + pull * (1 - slot.get(e.id)! / last),
    rand,
  ).map((e) => e.id);
}

/** A whole weekend at once: every result key in entry order, each following the ones before it. */
export function generateWeekend(entrants: readonly Entrant[], rand: Rand): Record<ResultKey, string[]> {
  const out: KnownResults = {};
  for (const key of resultKeys) out[key] = generateClassification(key, entrants, rand, out);
  return out as Record<ResultKey, string[]>;
}
