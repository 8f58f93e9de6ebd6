import type { PredictionCategory } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import type { RaceOption } from "../../../contract/races";
import type { RaceResults, ResultKey } from "../../../contract/results";
import { categorySession } from "../../../contract/rules";

// Pure helpers of the results screen: which race it opens on, which picks a tab shows, and which official
// classification answers a pick.

export type ResultsTab = "successful" | "all";
export const resultsTabs: readonly ResultsTab[] = ["successful", "all"];

/** How many places of a classification a card shows. */
export const CLASSIFICATION_TOP = 3;

const startsAt = (r: RaceOption) => Date.parse(r.startsAt);

/**
 * The race the results and the race board open on: the latest race the server says has started (or finished), else
 * the next one to start, else the list's first. Only the server's statuses count: a phone's clock may be wrong, and
 * the server's may have been moved (development).
 */
export function defaultRaceId(list: readonly RaceOption[]): string | undefined {
  const started = list.filter((r) => r.finished || r.status === "STARTED");
  if (started.length > 0) return started.reduce((latest, r) => (startsAt(r) > startsAt(latest) ? r : latest)).id;
  const upcoming = list.filter((r) => r.status === "PENDING").toSorted((a, b) => startsAt(a) - startsAt(b));
  return upcoming[0]?.id ?? list[0]?.id;
}

/** A pick that earned points: the exact place, or an insured podium pick in the top three elsewhere. */
export const isSuccessful = (state: SavedPick["state"]) => state === "ACCURATE" || state === "INSURANCE";

/** The picks a tab shows, in weekend order ("successful answers" / "all answered"). */
export function picksOfTab(picks: readonly SavedPick[], tab: ResultsTab, order: readonly PredictionCategory[]): SavedPick[] {
  const shown = tab === "successful" ? picks.filter((p) => isSuccessful(p.state)) : [...picks];
  return shown.toSorted((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
}

/** Where a category's answer comes from: its session's classification, or the positions-gained ranking. */
export const resultKeyOf = (category: PredictionCategory): ResultKey => (category === "POSITION_GAINED" ? "POSITION_GAINED" : (categorySession[category] as ResultKey));

export const classificationOf = (results: RaceResults | undefined, category: PredictionCategory) =>
  results?.classifications.find((c) => c.session === resultKeyOf(category));
