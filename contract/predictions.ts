import * as z from "zod";
import { PredictionActionType, PredictionCategory, PredictionState, SessionType, UpgradeButtonState } from "./enums";
import { Id, IsoDate } from "./common";
import { PREDICTIONS_PER_WEEKEND } from "./rules";
import { idempotencyKey } from "./validation";
import { PickBefore } from "./operations";

export const PredictionPick = z.object({
  category: PredictionCategory,
  riderId: Id,
  state: PredictionState,
  points: z.number().nullable(),
  upgrades: z.array(PredictionActionType),
});
export const Prediction = z.object({
  raceId: Id,
  version: z.number().int(),
  data: z.array(PredictionPick),
  typeId: z.string().optional(),
});
export type Prediction = z.infer<typeof Prediction>;
export const PredictionBody = z.object({
  version: z.number().int(),
  data: z
    .array(z.object({ category: PredictionCategory, riderId: Id.max(64, { error: "maxLength" }) }))
    .min(1, { error: "required" })
    .max(PREDICTIONS_PER_WEEKEND, { error: "validation" }),
});

// ---- What the predictions server adds. Numbers come from contract/rules.ts. ----

/** The paid-change tiers of game-rules.md "Change Predictions" (keys of `changeTiers`). */
export const ChangeTier = z.enum(["BEFORE", "EARLY", "LATE"]);
export type ChangeTierName = z.infer<typeof ChangeTier>;
/** The two podiums a podium upgrade covers: SPRINT_FIRST/SECOND/THIRD and RACE_FIRST/SECOND/THIRD. */
export const PodiumGroup = z.enum(["SPRINT", "RACE"]);
export type PodiumGroup = z.infer<typeof PodiumGroup>;

/** Bump when the list of prediction types changes, so clients holding `?version` know to reload. */
export const PREDICTION_TYPES_VERSION = 1;

/** GET /predictions/types: the 11 categories in weekend order (`id` is the `typeId` of the statistics call). */
export const PredictionType = z.object({
  id: PredictionCategory,
  category: PredictionCategory,
  session: SessionType,
  points: z.number().int(),
  podium: PodiumGroup.nullable(),
  order: z.number().int(),
});
export const PredictionTypes = z.object({ version: z.number().int(), types: z.array(PredictionType) });
export type PredictionTypes = z.infer<typeof PredictionTypes>;

/** GET /predictions/change-prediction-rules: the change tiers, upgrade prices and the completion reward. */
export const ChangePredictionRules = z.object({
  tiers: z.object({
    BEFORE: z.object({ cost: z.number().int() }),
    EARLY: z.object({ cost: z.number().int(), minutesAfterStart: z.number().int() }),
    LATE: z.object({ cost: z.number().int(), minutesBeforeEnd: z.number().int() }),
  }),
  upgrades: z.object({ PREDICTION: z.number().int(), PODIUM: z.number().int(), INSURANCE: z.number().int() }),
  multiplier: z.number(),
  insuranceShare: z.number(),
  predictionsPerWeekend: z.number().int(),
  completionReward: z.number().int(),
});
export type ChangePredictionRules = z.infer<typeof ChangePredictionRules>;

/** One of the caller's saved picks: PredictionPick plus its id (for DELETE), when it was first saved and how often it was changed. */
export const SavedPick = PredictionPick.extend({
  id: Id,
  savedAt: IsoDate,
  changes: z.number().int(),
  /** False when the rider has been injured since: the pick must be replaced (free) before its session. */
  riderAvailable: z.boolean(),
  /** Its state, points and rider's place before a correction moved them (GET …/results); null or absent when none did. */
  before: PickBefore.nullable().optional(),
});
export type SavedPick = z.infer<typeof SavedPick>;

/** What the caller may do with one category right now (computed by the server at `now`). */
export const PredictionSlot = z.object({
  category: PredictionCategory,
  session: SessionType,
  startsAt: IsoDate,
  endsAt: IsoDate,
  points: z.number().int(),
  podium: PodiumGroup.nullable(),
  /** The session (or its whole race) is canceled: nothing more is saved, changed or bought on it. */
  canceled: z.boolean(),
  /** A first save is possible: no pick yet and the session has not started. */
  open: z.boolean(),
  /** The paid change possible now (tier and cost to confirm in PUT), or null. A free re-pick of an injured rider shows tier BEFORE, cost 0. */
  change: z.object({ tier: ChangeTier, cost: z.number().int() }).nullable(),
  /** The per-category multiplier button: UPGRADE, UPGRADE_ACTIVE or UPGRADE_DISABLED. */
  upgrade: UpgradeButtonState,
});
export type PredictionSlot = z.infer<typeof PredictionSlot>;

/** The podium upgrade buttons of one podium: multiplier UPGRADE_PODIUM/UPGRADE_ACTIVE/UPGRADE_DISABLED, insurance INSURANCE/INSURANCE_ACTIVE/INSURANCE_DISABLED. */
export const PodiumButtons = z.object({
  group: PodiumGroup,
  session: SessionType,
  multiplier: UpgradeButtonState,
  insurance: UpgradeButtonState,
});
export type PodiumButtons = z.infer<typeof PodiumButtons>;

/** GET /predictions/races/{raceId} (and the answer of every write): the caller's own picks and what they may do now. */
export const RacePrediction = Prediction.extend({
  data: z.array(SavedPick),
  slots: z.array(PredictionSlot),
  podiums: z.array(PodiumButtons),
  /** All 11 categories picked (the completion reward is paid once, when this first becomes true). */
  complete: z.boolean(),
  /** The caller's diamond balance after the call, as GET /diamonds/user/balance gives it. */
  balance: z.string().regex(/^\d+$/),
  /** The server time the states were computed at. */
  now: IsoDate,
});
export type RacePrediction = z.infer<typeof RacePrediction>;

/**
 * PUT /predictions/races/{raceId}: the change the player confirmed in the ChangePrediction modal. The
 * server refuses (409 changeConfirmation) unless every paid change of the request is in `tier` now and
 * their total is `cost`, so a player never pays more than they saw.
 */
export const ChangeConfirmation = z.object({ tier: ChangeTier, cost: z.number().int().min(0) });
export const PredictionChangeBody = PredictionBody.extend({ change: ChangeConfirmation.optional() });
export type PredictionChangeBody = z.infer<typeof PredictionChangeBody>;

/**
 * POST /predictions/races/{raceId}/upgrades. PREDICTION needs `category`; the podium types cover their
 * podium and take none. `idempotencyKey` (one per purchase attempt, e.g. a UUID) makes a retried purchase answer
 * the first outcome without paying twice.
 */
export const UpgradeBody = z.object({
  type: PredictionActionType,
  category: PredictionCategory.optional(),
  idempotencyKey: idempotencyKey(8, 100),
});
export type UpgradeBody = z.infer<typeof UpgradeBody>;

/** GET /predictions/races/{raceId}/results: the caller's picks with their states and points once settled. */
export const PredictionResults = z.object({
  raceId: Id,
  version: z.number().int(),
  data: z.array(SavedPick),
  /** Sum of the points scored so far. */
  total: z.number(),
  /** Every pick has been scored. */
  settled: z.boolean(),
});
export type PredictionResults = z.infer<typeof PredictionResults>;

/** GET /predictions/statistics/races/{raceId}: how all players picked, per category (counts only, never who). */
export const CategoryStatistics = z.object({
  category: PredictionCategory,
  /** How many picked this category. */
  total: z.number().int(),
  /** Most picked first; `share` is count / total, 0…1. Empty until the category's session starts (contract/rules.statistics.ts). */
  riders: z.array(z.object({ riderId: Id, count: z.number().int(), share: z.number() })),
  /** The spread is shown: the category's session has started. */
  revealed: z.boolean().default(true),
});
export const PredictionStatistics = z.object({
  raceId: Id,
  version: z.number().int(),
  categories: z.array(CategoryStatistics),
});
export type PredictionStatistics = z.infer<typeof PredictionStatistics>;
