import type { PredictionCategory } from "../enums";
import { categories, podiumMates } from "./structure";

// The prediction form's rules: one rider per podium place, what is not saved yet, and how fresh server data
// merges with unsaved choices.

/** The rider chosen per category; a missing key is not chosen yet. */
export type Picks = Partial<Record<PredictionCategory, string>>;

/** The other place of `category`'s podium that already holds `riderId`, if any. */
export function duplicateOf(picks: Picks, category: PredictionCategory, riderId: string): PredictionCategory | null {
  return podiumMates(category).find((other) => picks[other] === riderId) ?? null;
}

/** Picks not saved yet, or moved since the last save. */
export const unsavedCategories = (picks: Picks, saved: Picks) =>
  categories.filter((c) => picks[c] !== undefined && picks[c] !== saved[c]);

export const samePicks = (a: Picks, b: Picks) => categories.every((c) => a[c] === b[c]);

/**
 * Fresh server data: saved picks are the truth; unsaved choices stay where the category is still open and
 * they do not take a rider that a saved pick of their podium now holds.
 */
export function mergeSaved(picks: Picks, saved: Picks): Picks {
  const merged: Picks = { ...saved };
  for (const c of unsavedCategories(picks, saved)) {
    if (saved[c] !== undefined) continue;
    const rider = picks[c]!;
    if (duplicateOf(merged, c, rider) === null) merged[c] = rider;
  }
  return merged;
}

/** The saved picks as the form holds them. */
export const picksOf = (data: readonly { category: PredictionCategory; riderId: string }[]): Picks =>
  Object.fromEntries(data.map((p) => [p.category, p.riderId])) as Picks;

/** All 11 categories saved: the weekend is complete (and earns its diamonds once). */
export const isComplete = (saved: Picks) => categories.every((c) => saved[c] !== undefined);
