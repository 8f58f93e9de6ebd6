import type { PredictionCategory } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import type { RaceResults } from "../../../contract/results";
import { isSuccessful, resultKeyOf } from "../../../contract/weekendRules/scoring";

// Pure helpers of the results screen: which picks a tab shows, and which official classification answers a pick.

export type ResultsTab = "successful" | "all";
export const resultsTabs: readonly ResultsTab[] = ["successful", "all"];

/** How many places of a classification a card shows. */
export const CLASSIFICATION_TOP = 3;

/** The picks a tab shows, in weekend order ("successful answers" / "all answered"). */
export function picksOfTab(
  picks: readonly SavedPick[],
  tab: ResultsTab,
  order: readonly PredictionCategory[],
): SavedPick[] {
  const shown = tab === "successful" ? picks.filter((p) => isSuccessful(p.state)) : [...picks];
  return shown.toSorted((a, b) => order.indexOf(a.category) - order.indexOf(b.category));
}

export const classificationOf = (results: RaceResults | undefined, category: PredictionCategory) =>
  results?.classifications.find((c) => c.session === resultKeyOf(category));
