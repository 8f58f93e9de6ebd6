import type * as z from "zod";
import type { PredictionActionType, PredictionCategory, SessionType, UpgradeButtonState } from "../../../contract/enums";
import { PredictionCategory as Categories } from "../../../contract/enums";
import type { PodiumGroup } from "../../../contract/predictions";
import { categorySession, changeTier, changeTiers, GAME_CLASS, upgradePrices, type ChangeTier } from "../../../contract/rules";
import { AppError } from "../../http/errors";

// The pure rules of game-rules.md "Saving and locking", "Change Predictions" and "Upgrades": no database,
// no clock (`now` comes in), so every boundary is tested directly. Numbers come from contract/rules.ts.

type ActionType = z.infer<typeof PredictionActionType>;
type ButtonState = UpgradeButtonState;

export const categories: readonly PredictionCategory[] = Categories.options;

export const podiums: Record<PodiumGroup, { session: SessionType; categories: readonly PredictionCategory[]; multiplier: ActionType; insurance: ActionType }> = {
  SPRINT: { session: "SPRINT", categories: ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"], multiplier: "PREDICTION_SPRINT", insurance: "PREDICTION_INSURANCE_SPRINT" },
  RACE: { session: "START", categories: ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"], multiplier: "PREDICTION_RACE", insurance: "PREDICTION_INSURANCE_RACE" },
};

export function podiumOf(category: PredictionCategory): PodiumGroup | null {
  if (podiums.SPRINT.categories.includes(category)) return "SPRINT";
  if (podiums.RACE.categories.includes(category)) return "RACE";
  return null;
}

/** The podium an upgrade type covers (null for the per-category multiplier). */
export function upgradeGroup(type: ActionType): PodiumGroup | null {
  if (type === "PREDICTION_SPRINT" || type === "PREDICTION_INSURANCE_SPRINT") return "SPRINT";
  if (type === "PREDICTION_RACE" || type === "PREDICTION_INSURANCE_RACE") return "RACE";
  return null;
}

export const isInsurance = (type: ActionType) => type === "PREDICTION_INSURANCE_RACE" || type === "PREDICTION_INSURANCE_SPRINT";

export function upgradeCost(type: ActionType): number {
  if (type === "PREDICTION") return upgradePrices.PREDICTION;
  return isInsurance(type) ? upgradePrices.INSURANCE : upgradePrices.PODIUM;
}

/** A pick counts double when it has its own multiplier or its podium's. */
export const isMultiplied = (upgrades: readonly ActionType[]) => upgrades.some((u) => u === "PREDICTION" || u === "PREDICTION_RACE" || u === "PREDICTION_SPRINT");
export const isInsured = (upgrades: readonly ActionType[]) => upgrades.some(isInsurance);

export type SessionWindow = { startsAt: Date; endsAt: Date; canceled: boolean };

/** Before the session's scheduled start (strictly) and neither the session nor the race canceled. */
export const beforeStart = (now: Date, s: SessionWindow, raceCanceled: boolean) => !raceCanceled && !s.canceled && now.getTime() < s.startsAt.getTime();

/** The paid-change tier at `now`, or null (between the tiers, after the session, or canceled). */
export function tierAt(now: Date, s: SessionWindow, raceCanceled: boolean): ChangeTier | null {
  if (raceCanceled || s.canceled) return null;
  return changeTier(now, s.startsAt, s.endsAt);
}

export type ExistingPick = { id: string; category: PredictionCategory; riderId: string; upgrades: ActionType[]; changes: number; riderInjured: boolean };
export type RiderInfo = { raceClass: string; status: string };

export type SaveInput = {
  now: Date;
  /** POST saves new categories only; PUT may also change saved ones (paid). */
  mode: "create" | "change";
  raceCanceled: boolean;
  sessions: Partial<Record<SessionType, SessionWindow>>;
  existing: readonly ExistingPick[];
  items: readonly { category: PredictionCategory; riderId: string }[];
  riders: ReadonlyMap<string, RiderInfo>;
  confirmation?: { tier: ChangeTier; cost: number } | undefined;
};

export type PlannedChange = {
  id: string;
  category: PredictionCategory;
  riderId: string;
  /** Null for a free re-pick of an injured rider. */
  paid: { tier: ChangeTier; cost: number } | null;
  /** The pick's `changes` after this one (the ledger key's counter); unchanged for a free re-pick. */
  changes: number;
};

export type SavePlan = {
  inserts: { category: PredictionCategory; riderId: string; upgrades: ActionType[] }[];
  changes: PlannedChange[];
  /** New upgrade lists of existing picks whose upgrades moved with their rider (podium changes). */
  upgrades: Map<string, ActionType[]>;
  cost: number;
};

function sessionOf(input: SaveInput, category: PredictionCategory): SessionWindow {
  const s = input.sessions[categorySession[category]];
  // Every race has all seven sessions (migration 002, seed); a missing one is a data error, not the player's.
  if (!s) throw new Error(`race has no ${categorySession[category]} session`);
  return s;
}

/**
 * Checks a save (POST) or change (PUT) against the rules and says what to write. Refuses, in this order:
 * 400 validation (a category twice), 418 raceStarted (first save at or after the session's start),
 * 409 predictionSaved (POST on a saved category with another rider), 418 predictionExpired (a change
 * outside the tiers, after the session, or on a canceled race/session), 400 riderNotInRace, 409 riderInjured,
 * 400 duplicateRider (a rider twice on one podium), 409 changeConfirmation (paid changes not confirmed at
 * exactly their current tier and total cost).
 */
export function planSave(input: SaveInput): SavePlan {
  const seen = new Set<PredictionCategory>();
  for (const item of input.items) {
    if (seen.has(item.category)) throw new AppError(400, "validation");
    seen.add(item.category);
  }
  const byCategory = new Map(input.existing.map((p) => [p.category, p]));
  const plan: SavePlan = { inserts: [], changes: [], upgrades: new Map(), cost: 0 };
  const touched: { category: PredictionCategory; riderId: string }[] = [];

  for (const item of input.items) {
    const session = sessionOf(input, item.category);
    const current = byCategory.get(item.category);
    if (!current) {
      if (!beforeStart(input.now, session, input.raceCanceled)) throw new AppError(418, "raceStarted");
      plan.inserts.push({ ...item, upgrades: [] });
      touched.push(item);
      continue;
    }
    if (current.riderId === item.riderId) continue; // a repeat of what is saved: nothing to do, nothing to pay
    if (input.mode === "create") throw new AppError(409, "predictionSaved");
    if (current.riderInjured && beforeStart(input.now, session, input.raceCanceled)) {
      // game-rules.md "Injured riders": the player chooses another rider free of charge before the session.
      plan.changes.push({ id: current.id, category: item.category, riderId: item.riderId, paid: null, changes: current.changes });
    } else {
      const tier = tierAt(input.now, session, input.raceCanceled);
      if (!tier) throw new AppError(418, "predictionExpired");
      const cost = changeTiers[tier].cost;
      plan.changes.push({ id: current.id, category: item.category, riderId: item.riderId, paid: { tier, cost }, changes: current.changes + 1 });
      plan.cost += cost;
    }
    touched.push(item);
  }

  for (const item of touched) {
    const rider = input.riders.get(item.riderId);
    if (!rider || rider.raceClass !== GAME_CLASS) throw new AppError(400, "riderNotInRace");
    if (rider.status !== "ACTIVE") throw new AppError(409, "riderInjured");
  }

  // The podiums as they will be: saved picks overwritten by this request's.
  const after = new Map<PredictionCategory, string>(input.existing.map((p) => [p.category, p.riderId]));
  for (const item of touched) after.set(item.category, item.riderId);
  for (const group of Object.values(podiums)) {
    const riders = group.categories.map((c) => after.get(c)).filter((r): r is string => r !== undefined);
    if (new Set(riders).size !== riders.length) throw new AppError(400, "duplicateRider");
  }

  const paid = plan.changes.filter((c) => c.paid);
  if (paid.length > 0) {
    const confirmed = input.confirmation;
    if (!confirmed || paid.some((c) => c.paid!.tier !== confirmed.tier) || confirmed.cost !== plan.cost) throw new AppError(409, "changeConfirmation");
  }

  // Multipliers follow the rider within a podium; a newly filled podium slot gets the podium-wide upgrades.
  for (const group of Object.values(podiums)) {
    if (!touched.some((t) => group.categories.includes(t.category))) continue;
    const before = group.categories.map((c) => byCategory.get(c)).filter((p): p is ExistingPick => p !== undefined);
    for (const [category, upgrades] of followRider(group.categories, before, after)) {
      const current = byCategory.get(category);
      const insert = plan.inserts.find((i) => i.category === category);
      if (insert) insert.upgrades = upgrades;
      else if (current && upgrades.join() !== current.upgrades.join()) plan.upgrades.set(current.id, upgrades);
    }
  }
  return plan;
}

/**
 * The upgrades of every slot of one podium after a change (game-rules.md "Change Predictions"): a per-category
 * multiplier goes with its rider when the rider stays on the podium (in another slot), else it stays on its
 * slot; the podium-wide upgrades cover every filled slot, a newly filled one too. Keyed by category.
 */
export function followRider(
  group: readonly PredictionCategory[],
  before: readonly ExistingPick[],
  after: ReadonlyMap<PredictionCategory, string>,
): Map<PredictionCategory, ActionType[]> {
  const wide = [...new Set(before.flatMap((p) => p.upgrades.filter((u) => u !== "PREDICTION")))];
  const slotOfRider = new Map<string, PredictionCategory>();
  for (const c of group) {
    const r = after.get(c);
    if (r !== undefined) slotOfRider.set(r, c);
  }
  const targets = before.filter((b) => b.upgrades.includes("PREDICTION")).map((p) => slotOfRider.get(p.riderId) ?? p.category);
  // Two multipliers aimed at one slot (one followed its rider there, the other's rider left): the second
  // takes a free filled slot, so the player keeps every multiplier they paid for.
  const final = new Set<PredictionCategory>();
  for (const t of targets) {
    if (!final.has(t)) final.add(t);
    else final.add(group.find((c) => after.has(c) && !final.has(c) && !targets.includes(c)) ?? t);
  }
  const out = new Map<PredictionCategory, ActionType[]>();
  for (const c of group) if (after.has(c)) out.set(c, final.has(c) ? [...wide, "PREDICTION"] : [...wide]);
  return out;
}

export type UpgradeInput = {
  now: Date;
  type: ActionType;
  category?: PredictionCategory | undefined;
  raceCanceled: boolean;
  sessions: Partial<Record<SessionType, SessionWindow>>;
  picks: readonly ExistingPick[];
};

/**
 * Checks an upgrade purchase and says which picks it goes on and what it costs. Refuses: 400 validation
 * (PREDICTION without a category), 418 predictionExpired (the session has started, or canceled),
 * 409 upgradeNeedsPick (the category, or for a podium upgrade all three podium picks, not saved),
 * 409 riderInjured (a pick's rider is injured), 409 upgradeActive (bought already, or the pick is
 * doubled by the other multiplier).
 */
export function planUpgrade(input: UpgradeInput): { pickIds: string[]; cost: number } {
  const group = upgradeGroup(input.type);
  const targets = group ? podiums[group].categories : input.category ? [input.category] : null;
  if (!targets) throw new AppError(400, "validation");
  const sessionType = group ? podiums[group].session : categorySession[targets[0]!];
  const session = input.sessions[sessionType];
  if (!session) throw new Error(`race has no ${sessionType} session`);
  if (!beforeStart(input.now, session, input.raceCanceled)) throw new AppError(418, "predictionExpired");
  const picks = targets.map((c) => input.picks.find((p) => p.category === c));
  if (picks.some((p) => !p)) throw new AppError(409, "upgradeNeedsPick");
  const chosen = picks as ExistingPick[];
  if (chosen.some((p) => p.riderInjured)) throw new AppError(409, "riderInjured");
  if (chosen.some((p) => p.upgrades.includes(input.type))) throw new AppError(409, "upgradeActive");
  // One doubling per pick: the own multiplier and the podium's don't stack.
  if (input.type === "PREDICTION" && isMultiplied(chosen[0]!.upgrades)) throw new AppError(409, "upgradeActive");
  if (group && !isInsurance(input.type) && chosen.some((p) => p.upgrades.includes("PREDICTION"))) throw new AppError(409, "upgradeActive");
  return { pickIds: chosen.map((p) => p.id), cost: upgradeCost(input.type) };
}

/** The per-category multiplier button of one slot. */
export function multiplierButton(pick: ExistingPick | undefined, open: boolean, balance: number): ButtonState {
  if (pick && isMultiplied(pick.upgrades)) return "UPGRADE_ACTIVE";
  if (!pick || !open || pick.riderInjured || balance < upgradePrices.PREDICTION) return "UPGRADE_DISABLED";
  return "UPGRADE";
}

/** The podium multiplier and insurance buttons of one podium. */
export function podiumButtons(group: PodiumGroup, picks: readonly ExistingPick[], open: boolean, balance: number): { multiplier: ButtonState; insurance: ButtonState } {
  const g = podiums[group];
  const slots = g.categories.map((c) => picks.find((p) => p.category === c));
  const complete = slots.every((p) => p && !p.riderInjured);
  const has = (t: ActionType) => slots.some((p) => p?.upgrades.includes(t));
  const ownMultiplier = slots.some((p) => p?.upgrades.includes("PREDICTION"));
  const multiplier: ButtonState = has(g.multiplier)
    ? "UPGRADE_ACTIVE"
    : !complete || !open || ownMultiplier || balance < upgradePrices.PODIUM
      ? "UPGRADE_DISABLED"
      : "UPGRADE_PODIUM";
  const insurance: ButtonState = has(g.insurance) ? "INSURANCE_ACTIVE" : !complete || !open || balance < upgradePrices.INSURANCE ? "INSURANCE_DISABLED" : "INSURANCE";
  return { multiplier, insurance };
}
