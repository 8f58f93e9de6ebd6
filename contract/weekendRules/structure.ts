import type * as z from "zod";
import { PredictionActionType, PredictionCategory, SessionType } from "../enums";
import type { PodiumGroup } from "../predictions";

// How a race weekend is built (game-rules.md "Race weekend"): the 11 categories in running order, the
// sessions that decide them, and the two podiums. Everything else about the weekend reads these.

export type ActionType = z.infer<typeof PredictionActionType>;

/** The 11 categories in weekend order. */
export const categories: readonly PredictionCategory[] = PredictionCategory.options;
/** The sessions in running order. */
export const sessionOrder: readonly SessionType[] = SessionType.options;

export const categorySession: Record<PredictionCategory, SessionType> = {
  FP1: "FP1",
  PRACTICE_FASTEST: "PF",
  FP2: "FP2",
  POLEMAN: "Q2",
  SPRINT_FIRST: "SPRINT",
  SPRINT_SECOND: "SPRINT",
  SPRINT_THIRD: "SPRINT",
  RACE_FIRST: "START",
  RACE_SECOND: "START",
  RACE_THIRD: "START",
  POSITION_GAINED: "START",
};

/** The categories `sessions` decide (a 418 names sessions; the form closes their categories). */
export const categoriesOf = (sessions: readonly SessionType[]): PredictionCategory[] =>
  categories.filter((c) => sessions.includes(categorySession[c]));

export type Podium = {
  session: SessionType;
  /** First, second and third place, in that order. */
  categories: readonly PredictionCategory[];
  /** The upgrade that doubles the whole podium, and the one that insures it. */
  multiplier: ActionType;
  insurance: ActionType;
};

/** A rider can hold one place of a podium only; the podium upgrades cover its three places. */
export const podiums: Record<PodiumGroup, Podium> = {
  SPRINT: {
    session: "SPRINT",
    categories: ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"],
    multiplier: "PREDICTION_SPRINT",
    insurance: "PREDICTION_INSURANCE_SPRINT",
  },
  RACE: {
    session: "START",
    categories: ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"],
    multiplier: "PREDICTION_RACE",
    insurance: "PREDICTION_INSURANCE_RACE",
  },
};
export const podiumGroups = Object.keys(podiums) as PodiumGroup[];

export function podiumOf(category: PredictionCategory): PodiumGroup | null {
  return podiumGroups.find((g) => podiums[g].categories.includes(category)) ?? null;
}

/** The podium place of a podium category (0, 1, 2); 0 for the others, which read the winner. */
export const placeOf = (category: PredictionCategory): number => {
  const group = podiumOf(category);
  return group ? podiums[group].categories.indexOf(category) : 0;
};

/** The other places of `category`'s podium (none outside the podiums). */
export function podiumMates(category: PredictionCategory): readonly PredictionCategory[] {
  const group = podiumOf(category);
  return group ? podiums[group].categories.filter((c) => c !== category) : [];
}

export type SectionKey = "practice" | "qualifying" | "sprint" | "race";
export type Section = { key: SectionKey; categories: readonly PredictionCategory[]; podium: PodiumGroup | null };

/** The weekend in running order as it is shown: practice, qualifying, the sprint podium, the race podium and positions gained. */
export const weekendSections: readonly Section[] = [
  { key: "practice", categories: ["FP1", "PRACTICE_FASTEST", "FP2"], podium: null },
  { key: "qualifying", categories: ["POLEMAN"], podium: null },
  { key: "sprint", categories: podiums.SPRINT.categories, podium: "SPRINT" },
  { key: "race", categories: [...podiums.RACE.categories, "POSITION_GAINED"], podium: "RACE" },
];
