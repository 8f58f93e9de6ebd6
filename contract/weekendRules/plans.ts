import type { PredictionCategory, SessionType } from "../enums";
import type { ChangeTierName } from "../predictions";
import { GAME_CLASS } from "../rules";
import { allow, refuse, type Verdict } from "../verdict";
import { categorySession, podiums, sessionOrder, type ActionType } from "./structure";
import { changeTierAt, isOpen, type SessionWindow } from "./time";
import type { ExistingPick } from "./upgrades";
import type { WeekendRules } from "./weekendRules";

// Saving and changing picks (game-rules.md "Saving and locking", "Change Predictions", "Injured riders"): what a
// save or a paid change writes and costs, or why it is refused. No database and no clock: `now` comes in.

export type RiderInfo = { raceClass: string; status: string };

export type SaveInput = {
  now: number;
  /** POST saves new categories only; PUT may also change saved ones (paid). */
  mode: "create" | "change";
  sessions: Partial<Record<string, SessionWindow>>;
  existing: readonly ExistingPick[];
  items: readonly { category: PredictionCategory; riderId: string }[];
  /** The riders the items name; when absent (a view asking ahead) riders are not checked. */
  riders?: ReadonlyMap<string, RiderInfo> | undefined;
  confirmation?: { tier: ChangeTierName; cost: number } | undefined;
  rules: WeekendRules;
};

export type PlannedChange = {
  id: string;
  category: PredictionCategory;
  riderId: string;
  /** Null for a free re-pick of an injured rider. */
  paid: { tier: ChangeTierName; cost: number } | null;
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

/** What changing a saved pick costs now: a free re-pick of an injured rider before its session, a paid tier, or nothing open. */
export function changePrice(
  now: number,
  pick: ExistingPick,
  session: SessionWindow,
  rules: WeekendRules,
): { tier: ChangeTierName; cost: number; free: boolean } | null {
  if (pick.riderInjured && isOpen(now, session)) return { tier: "BEFORE", cost: 0, free: true };
  const tier = changeTierAt(now, session, rules);
  return tier ? { tier, cost: rules.tiers[tier].cost, free: false } : null;
}

/**
 * Checks a save (POST) or change (PUT) and says what to write. Refuses, in this order: 400 validation (a category
 * twice), 418 raceStarted (first save at or after the session's start; the refusal names the started sessions), 409 predictionSaved (POST on a saved
 * category with another rider), 418 predictionExpired (a change outside the tiers, after the session, or on a
 * canceled race/session), 400 riderNotInRace, 409 riderInjured, 400 duplicateRider (a rider twice on one podium),
 * 409 changeConfirmation (paid changes not confirmed at exactly their current tier and total cost).
 */
export function planSave(input: SaveInput): Verdict<SavePlan> {
  const seen = new Set<PredictionCategory>();
  for (const item of input.items) {
    if (seen.has(item.category)) return refuse(400, "validation");
    seen.add(item.category);
  }
  const byCategory = new Map(input.existing.map((p) => [p.category, p]));
  const plan: SavePlan = { inserts: [], changes: [], upgrades: new Map(), cost: 0 };
  const touched: { category: PredictionCategory; riderId: string }[] = [];

  for (const item of input.items) {
    const session = input.sessions[categorySession[item.category]];
    // Every race has all seven sessions (migration 002, the seed); a missing one is a data error, not the player's.
    if (!session) throw new Error(`race has no ${categorySession[item.category]} session`);
    const current = byCategory.get(item.category);
    if (!current) {
      if (!isOpen(input.now, session)) return lateSave(input, byCategory);
      plan.inserts.push({ category: item.category, riderId: item.riderId, upgrades: [] });
      touched.push(item);
      continue;
    }
    if (current.riderId === item.riderId) continue; // a repeat of what is saved: nothing to do, nothing to pay
    if (input.mode === "create") return refuse(409, "predictionSaved");
    const price = changePrice(input.now, current, session, input.rules);
    if (!price) return refuse(418, "predictionExpired");
    if (price.free)
      plan.changes.push({
        id: current.id,
        category: item.category,
        riderId: item.riderId,
        paid: null,
        changes: current.changes,
      });
    else {
      plan.changes.push({
        id: current.id,
        category: item.category,
        riderId: item.riderId,
        paid: { tier: price.tier, cost: price.cost },
        changes: current.changes + 1,
      });
      plan.cost += price.cost;
    }
    touched.push(item);
  }

  if (input.riders) {
    for (const item of touched) {
      const rider = input.riders.get(item.riderId);
      if (!rider || rider.raceClass !== GAME_CLASS) return refuse(400, "riderNotInRace");
      if (rider.status !== "ACTIVE") return refuse(409, "riderInjured");
    }
  }

  // The podiums as they will be: saved picks overwritten by this request's.
  const after = new Map<PredictionCategory, string>(input.existing.map((p) => [p.category, p.riderId]));
  for (const item of touched) after.set(item.category, item.riderId);
  for (const group of Object.values(podiums)) {
    const riders = group.categories.map((c) => after.get(c)).filter((r): r is string => r !== undefined);
    if (new Set(riders).size !== riders.length) return refuse(400, "duplicateRider");
  }

  const paid = plan.changes.filter((c) => c.paid);
  if (paid.length > 0) {
    const confirmed = input.confirmation;
    if (!confirmed || paid.some((c) => c.paid!.tier !== confirmed.tier) || confirmed.cost !== plan.cost)
      return refuse(409, "changeConfirmation");
  }

  // Multipliers follow the rider within a podium; a newly filled podium place gets the podium-wide upgrades.
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
  return allow(plan);
}

/**
 * 418 raceStarted for a first save that came too late, naming every session of the request's new picks that is no
 * longer open (in running order): the client closes those and keeps the player's other choices.
 */
function lateSave(input: SaveInput, existing: ReadonlyMap<PredictionCategory, ExistingPick>): Verdict<never> {
  const late = new Set<SessionType>();
  for (const item of input.items) {
    const session = categorySession[item.category];
    const window = input.sessions[session];
    if (!existing.has(item.category) && window && !isOpen(input.now, window)) late.add(session);
  }
  return {
    ok: false,
    refusal: { status: 418, code: "raceStarted", sessions: sessionOrder.filter((s) => late.has(s)) },
  };
}

/**
 * The upgrades of every place of one podium after a change (game-rules.md "Change Predictions"): a per-category
 * multiplier goes with its rider when the rider stays on the podium (in another place), else it stays on its
 * place; the podium-wide upgrades cover every filled place, a newly filled one too. Keyed by category.
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
  const targets = before
    .filter((b) => b.upgrades.includes("PREDICTION"))
    .map((p) => slotOfRider.get(p.riderId) ?? p.category);
  // Two multipliers aimed at one place (one followed its rider there, the other's rider left): the second
  // takes a free filled place, so the player keeps every multiplier they paid for.
  const final = new Set<PredictionCategory>();
  for (const t of targets) {
    if (!final.has(t)) final.add(t);
    else final.add(group.find((c) => after.has(c) && !final.has(c) && !targets.includes(c)) ?? t);
  }
  const out = new Map<PredictionCategory, ActionType[]>();
  for (const c of group) if (after.has(c)) out.set(c, final.has(c) ? [...wide, "PREDICTION"] : [...wide]);
  return out;
}

/** DELETE /predictions/{id}: only a pick whose rider is injured, before its session (it frees the place to choose again). */
export function planRemove(now: number, pick: ExistingPick, session: SessionWindow): Verdict<true> {
  if (!isOpen(now, session)) return refuse(418, "predictionExpired");
  if (!pick.riderInjured) return refuse(409, "predictionSaved");
  return allow(true);
}
