import type * as z from "zod";
import type { PredictionCategory, PredictionState } from "../enums";
import { pickOutcome, type Classification } from "./scoring";
import type { ActionType } from "./structure";
import { isInsured, isMultiplied } from "./upgrades";

// Why a pick scored what it did (game-rules.md "Points"), as steps a screen translates: the rule, the numbers it
// used and the points after it. Built from pickOutcome, the computation scorePick and settle use, so the last step's
// points are the points the pick was given.

type State = z.infer<typeof PredictionState>;

/** One step of an explanation: a message key of the `points` namespace and its values. Places are 1-based. */
export type ExplainStep =
  /** The rider finished exactly where picked: the category's points. */
  | { key: "exact"; finished: number; picked: number; points: number }
  /** An insured podium pick whose rider finished elsewhere in the top three: a share of the slot's points. */
  | { key: "insurance"; finished: number; picked: number; share: number; base: number; points: number }
  /** The rider finished elsewhere (outside the podium, or on it without insurance). */
  | { key: "missed"; finished: number; picked: number; points: 0 }
  /** The rider is not in the classification. */
  | { key: "notClassified"; picked: number; points: 0 }
  /** The rider was out of the race (injured, or off the entry list) and the pick was never replaced. */
  | { key: "riderOut"; picked: number; points: 0 }
  /** The multiplier (the category's or its podium's) on what the steps before earned. */
  | { key: "multiplier"; factor: number; points: number }
  /** The session was canceled: nothing scores, the diamonds spent on the pick were refunded. */
  | { key: "canceled"; points: 0 }
  /** No classification yet. */
  | { key: "waiting" };

export type ExplainKey = ExplainStep["key"];
export const explainKeys: readonly ExplainKey[] = [
  "exact",
  "insurance",
  "missed",
  "notClassified",
  "riderOut",
  "multiplier",
  "canceled",
  "waiting",
];

/** The pick as the results read gives it: category, rider, upgrades, and whether the rider is still in the race. */
export type ExplainPick = {
  category: PredictionCategory;
  riderId: string;
  upgrades: readonly ActionType[];
  riderAvailable?: boolean;
};

export type PickExplanation = {
  steps: ExplainStep[];
  /** The state and points the rules give (null points: not scored yet). */
  state: State;
  points: number | null;
};

/** An official classification as GET /results/races/{raceId} gives it, as scoring reads it. */
export const classificationOf = (
  c: { canceled: boolean; riderIds: readonly string[] } | undefined,
): Classification | undefined =>
  c === undefined ? undefined : c.canceled ? { canceled: true } : { canceled: false, top: c.riderIds };

/** The steps that give `pick` its points under `classification` (undefined: not entered yet). */
export function explainPick(pick: ExplainPick, classification: Classification | undefined): PickExplanation {
  if (!classification) return { steps: [{ key: "waiting" }], state: "MADE", points: null };
  if (classification.canceled) return { steps: [{ key: "canceled", points: 0 }], state: "CANCELED", points: 0 };
  const o = pickOutcome({
    category: pick.category,
    riderId: pick.riderId,
    top: classification.top,
    multiplied: isMultiplied(pick.upgrades),
    insured: isInsured(pick.upgrades),
  });
  const steps: ExplainStep[] = [];
  if (o.state === "ACCURATE") steps.push({ key: "exact", finished: o.picked, picked: o.picked, points: o.earned });
  else if (o.state === "INSURANCE")
    steps.push({
      key: "insurance",
      finished: o.finished!,
      picked: o.picked,
      share: Math.round(o.share * 100),
      base: o.base,
      points: o.earned,
    });
  else if (o.finished !== null) steps.push({ key: "missed", finished: o.finished, picked: o.picked, points: 0 });
  else steps.push({ key: pick.riderAvailable === false ? "riderOut" : "notClassified", picked: o.picked, points: 0 });
  if (o.factor !== null) steps.push({ key: "multiplier", factor: o.factor, points: o.points });
  return { steps, state: o.state, points: o.points };
}

/** A scored pick's state and points (contract/operations.ts PickScore). */
export type Score = { state: State; points: number | null };

/** Whether a correction moved the pick: its state or points differ from before it. */
export const wasCorrected = (before: Score | null | undefined, now: Score): before is Score =>
  !!before && (before.state !== now.state || before.points !== now.points);

/**
 * Where the picked rider stood before a correction and stands now, to say beside the two scores: only when the place
 * before is known (a pick the correction left alone, or an old correction that did not record it, says none), and the
 * place now is the standing classification's (a canceled one has none). `null` is "not classified".
 */
export function correctionPlaces(
  before: { finished?: number | null | undefined },
  riderId: string,
  classification: { canceled: boolean; riderIds: readonly string[] } | undefined,
): { before: number | null; now: number | null } | null {
  if (before.finished === undefined || !classification || classification.canceled) return null;
  const at = classification.riderIds.indexOf(riderId);
  return { before: before.finished, now: at === -1 ? null : at + 1 };
}
