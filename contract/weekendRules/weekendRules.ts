import type { ChangePredictionRules } from "../predictions";
import {
  changeTiers,
  COMPLETION_REWARD_DIAMONDS,
  INSURANCE_SHARE,
  MULTIPLIER,
  PREDICTIONS_PER_WEEKEND,
  upgradePrices,
} from "../rules";

// The weekend's numbers as one value: the server serves it (GET /predictions/change-prediction-rules) and
// decides with it; the client decides with the copy it read from there.

export type WeekendRules = ChangePredictionRules;

export const defaultWeekendRules: WeekendRules = {
  tiers: changeTiers,
  upgrades: upgradePrices,
  multiplier: MULTIPLIER,
  insuranceShare: INSURANCE_SHARE,
  predictionsPerWeekend: PREDICTIONS_PER_WEEKEND,
  completionReward: COMPLETION_REWARD_DIAMONDS,
};
