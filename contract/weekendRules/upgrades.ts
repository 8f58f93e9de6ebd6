import type { PredictionCategory, UpgradeButtonState } from "../enums";
import type { PodiumGroup } from "../predictions";
import { allow, refuse, type Verdict } from "../verdict";
import { categorySession, podiums, type ActionType } from "./structure";
import { isOpen, type SessionWindow } from "./time";
import type { WeekendRules } from "./weekendRules";

// Upgrades (game-rules.md "Upgrades"): the multiplier of one category, the podium multiplier and the podium
// insurance; what each costs, when it may be bought, and the state of its button.

/** The picks the rules look at: a saved pick with its upgrades and whether its rider is injured now. */
export type ExistingPick = {
  id: string;
  category: PredictionCategory;
  riderId: string;
  upgrades: readonly ActionType[];
  changes: number;
  riderInjured: boolean;
};

export const isInsurance = (type: ActionType) =>
  type === "PREDICTION_INSURANCE_RACE" || type === "PREDICTION_INSURANCE_SPRINT";
export const isPodiumMultiplier = (type: ActionType) => type === "PREDICTION_RACE" || type === "PREDICTION_SPRINT";

/** The podium an upgrade type covers (null for the per-category multiplier). */
export function upgradeGroup(type: ActionType): PodiumGroup | null {
  if (type === "PREDICTION_SPRINT" || type === "PREDICTION_INSURANCE_SPRINT") return "SPRINT";
  if (type === "PREDICTION_RACE" || type === "PREDICTION_INSURANCE_RACE") return "RACE";
  return null;
}

export function upgradeCost(type: ActionType, rules: WeekendRules): number {
  if (type === "PREDICTION") return rules.upgrades.PREDICTION;
  return isInsurance(type) ? rules.upgrades.INSURANCE : rules.upgrades.PODIUM;
}

/** A pick counts double when it has its own multiplier or its podium's (the two never stack). */
export const isMultiplied = (upgrades: readonly ActionType[]) =>
  upgrades.some((u) => u === "PREDICTION" || isPodiumMultiplier(u));
export const isInsured = (upgrades: readonly ActionType[]) => upgrades.some(isInsurance);

/** Which upgrade a button sells: the multiplier of a category, or a podium's multiplier or insurance. */
export type UpgradeTarget = { type: ActionType; category?: PredictionCategory | undefined };

export type UpgradeInput = UpgradeTarget & {
  now: number;
  sessions: Partial<Record<string, SessionWindow>>;
  picks: readonly ExistingPick[];
  rules: WeekendRules;
  /** When given, an upgrade the balance does not cover is refused (402); the server's ledger checks it under its lock. */
  balance?: number | undefined;
};

export type UpgradePlan = { pickIds: string[]; cost: number };

/**
 * Whether the upgrade may be bought now, and which picks it goes on at what cost. Refuses, in this order:
 * 400 validation (the multiplier without a category), 418 predictionExpired (the session has started, or is
 * canceled), 409 upgradeNeedsPick (the category, or all three places of the podium, not saved), 409 riderInjured,
 * 409 upgradeActive (bought already, or the pick is doubled by the other multiplier), 402 notEnoughDiamonds.
 */
export function planUpgrade(input: UpgradeInput): Verdict<UpgradePlan> {
  const group = upgradeGroup(input.type);
  const targets = group ? podiums[group].categories : input.category ? [input.category] : null;
  if (!targets) return refuse(400, "validation");
  const sessionType = group ? podiums[group].session : categorySession[targets[0]!];
  const session = input.sessions[sessionType];
  if (!session || !isOpen(input.now, session)) return refuse(418, "predictionExpired");
  const chosen = targets.map((c) => input.picks.find((p) => p.category === c));
  if (chosen.some((p) => !p)) return refuse(409, "upgradeNeedsPick");
  const picks = chosen as ExistingPick[];
  if (picks.some((p) => p.riderInjured)) return refuse(409, "riderInjured");
  if (picks.some((p) => p.upgrades.includes(input.type))) return refuse(409, "upgradeActive");
  if (input.type === "PREDICTION" && isMultiplied(picks[0]!.upgrades)) return refuse(409, "upgradeActive");
  if (group && isPodiumMultiplier(input.type) && picks.some((p) => p.upgrades.includes("PREDICTION")))
    return refuse(409, "upgradeActive");
  const cost = upgradeCost(input.type, input.rules);
  if (input.balance !== undefined && input.balance < cost) return refuse(402, "notEnoughDiamonds");
  return allow({ pickIds: picks.map((p) => p.id), cost });
}

/** Whether the upgrade is already on: the category doubled (by its own or its podium's multiplier), or the podium's upgrade bought. */
export function upgradeBought(target: UpgradeTarget, picks: readonly ExistingPick[]): boolean {
  const group = upgradeGroup(target.type);
  if (!group) {
    const pick = picks.find((p) => p.category === target.category);
    return pick !== undefined && isMultiplied(pick.upgrades);
  }
  return podiums[group].categories.some((c) => picks.find((p) => p.category === c)?.upgrades.includes(target.type));
}

/** Why a button that is not bought cannot be pressed: the spec's *_DISABLED, with its reason for the hint. */
export type UpgradeBlock = "locked" | "noPick" | "doubled" | "unaffordable";

const blockOf: Partial<Record<string, UpgradeBlock>> = {
  predictionExpired: "locked",
  upgradeNeedsPick: "noPick",
  riderInjured: "noPick",
  upgradeActive: "doubled",
  notEnoughDiamonds: "unaffordable",
};

/** What a button shows: its spec state, price and why it is blocked, and the balance the price is set against. */
export type UpgradeButtonView = UpgradeTarget & {
  state: UpgradeButtonState;
  price: number;
  balance: number;
  bought: boolean;
  block: UpgradeBlock | null;
};

/** The spec's button state of one upgrade at `now`, from the same verdict the server's purchase gives. */
export function upgradeButtonView(
  target: UpgradeTarget,
  facts: Omit<UpgradeInput, "type" | "category">,
): UpgradeButtonView {
  const price = upgradeCost(target.type, facts.rules);
  const balance = facts.balance ?? 0;
  const insurance = isInsurance(target.type);
  if (upgradeBought(target, facts.picks))
    return button(target, price, balance, true, null, insurance ? "INSURANCE_ACTIVE" : "UPGRADE_ACTIVE");
  // Named fields, not `{ ...facts, ...target }`: on Node 20 a spread into a literal costs ~2 µs (measured), and a
  // save's answer asks for 13 buttons.
  const verdict = planUpgrade({
    now: facts.now,
    sessions: facts.sessions,
    picks: facts.picks,
    rules: facts.rules,
    balance: facts.balance,
    type: target.type,
    category: target.category,
  });
  const block = verdict.ok ? null : (blockOf[verdict.refusal.code] ?? "locked");
  const state: UpgradeButtonState = block
    ? insurance
      ? "INSURANCE_DISABLED"
      : "UPGRADE_DISABLED"
    : insurance
      ? "INSURANCE"
      : isPodiumMultiplier(target.type)
        ? "UPGRADE_PODIUM"
        : "UPGRADE";
  return button(target, price, balance, false, block, state);
}

/** A button's view, its target's fields named (a podium's target has no category). */
function button(
  target: UpgradeTarget,
  price: number,
  balance: number,
  bought: boolean,
  block: UpgradeBlock | null,
  state: UpgradeButtonState,
): UpgradeButtonView {
  return target.category === undefined
    ? { type: target.type, price, balance, bought, block, state }
    : { type: target.type, category: target.category, price, balance, bought, block, state };
}

/** The button once its purchase went through (until the server's fresh view arrives). */
export const asBought = (view: UpgradeButtonView): UpgradeButtonView => ({
  ...view,
  bought: true,
  block: null,
  state: isInsurance(view.type) ? "INSURANCE_ACTIVE" : "UPGRADE_ACTIVE",
});

/** A button's key among a weekend's buttons: the category of a multiplier, the type of a podium upgrade. */
export const upgradeKey = (target: UpgradeTarget) =>
  target.type === "PREDICTION" ? `PREDICTION:${target.category}` : target.type;

/** The two podium buttons' targets: the multiplier and the insurance. */
export const podiumTargets = (group: PodiumGroup): UpgradeTarget[] => [
  { type: podiums[group].multiplier },
  { type: podiums[group].insurance },
];
