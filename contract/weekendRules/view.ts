import type { PredictionCategory, SessionType } from "../enums";
import type { ChangeTierName, PodiumGroup, RacePrediction } from "../predictions";
import { categoryPoints } from "../rules";
import type { Picks } from "./form";
import { changePrice } from "./plans";
import { categories, categorySession, podiumMates, weekendSections, type SectionKey } from "./structure";
import { hasStarted, isOpen, momentsOf, type SessionWindow } from "./time";
import { podiumTargets, upgradeButtonView, type ExistingPick, type UpgradeButtonView } from "./upgrades";
import type { WeekendRules } from "./weekendRules";

// What the weekend shows at `now`: each card's state and the action it offers, each upgrade button, the
// chooser's riders. The server answers its slots from the same functions, so a view never offers what the
// server would refuse.

export type WeekendFacts = {
  sessions: Partial<Record<SessionType, SessionWindow>>;
  picks: readonly ExistingPick[];
  balance: number;
};

/** The server's race view as facts the rules read (sessions from its slots, injured riders from its picks). */
export function factsOf(prediction: Pick<RacePrediction, "slots" | "data" | "balance">): WeekendFacts {
  const sessions: WeekendFacts["sessions"] = {};
  for (const s of prediction.slots)
    sessions[s.session] = { startsAt: Date.parse(s.startsAt), endsAt: Date.parse(s.endsAt), canceled: s.canceled };
  const picks = prediction.data.map((p) => ({
    id: p.id,
    category: p.category,
    riderId: p.riderId,
    upgrades: p.upgrades,
    changes: p.changes,
    riderInjured: !p.riderAvailable,
  }));
  return { sessions, picks, balance: Number(prediction.balance) };
}

const sessionFor = (facts: WeekendFacts, category: PredictionCategory): SessionWindow => {
  const s = facts.sessions[categorySession[category]];
  if (!s) throw new Error(`race has no ${categorySession[category]} session`);
  return s;
};

export type SlotState = {
  /** A first save is possible: no pick yet and the session has not started. */
  open: boolean;
  /** The change possible now (a free re-pick of an injured rider shows BEFORE at 0), or null. */
  change: { tier: ChangeTierName; cost: number } | null;
  upgrade: UpgradeButtonView;
};

/** One category's state at `now` (the server's `slots`, and the base of a card). */
export function slotState(
  facts: WeekendFacts,
  category: PredictionCategory,
  now: number,
  rules: WeekendRules,
): SlotState {
  const session = sessionFor(facts, category);
  const pick = facts.picks.find((p) => p.category === category);
  const price = pick ? changePrice(now, pick, session, rules) : null;
  return {
    open: !pick && isOpen(now, session),
    change: price ? { tier: price.tier, cost: price.cost } : null,
    upgrade: upgradeButtonView(
      { type: "PREDICTION", category },
      { now, sessions: facts.sessions, picks: facts.picks, rules, balance: facts.balance },
    ),
  };
}

/** A podium's two upgrade buttons at `now`. */
export function podiumState(
  facts: WeekendFacts,
  group: PodiumGroup,
  now: number,
  rules: WeekendRules,
): { multiplier: UpgradeButtonView; insurance: UpgradeButtonView } {
  const [multiplier, insurance] = podiumTargets(group).map((target) =>
    upgradeButtonView(target, { now, sessions: facts.sessions, picks: facts.picks, rules, balance: facts.balance }),
  );
  return { multiplier: multiplier!, insurance: insurance! };
}

export type CardAction =
  | { kind: "choose"; again: boolean }
  | { kind: "change"; tier: ChangeTierName; cost: number }
  | { kind: "repick" };
export type CardBadge = "injured" | "saved" | "expired" | "unsaved";

export type CardView = {
  category: PredictionCategory;
  points: number;
  startsAt: number;
  started: boolean;
  /** The rider the form holds (saved or chosen, not saved yet). */
  riderId: string | undefined;
  badge: CardBadge | null;
  /** Saved, no change tier open now, but one may still come (the session has not ended). */
  waitForTier: boolean;
  action: CardAction | null;
  upgrade: UpgradeButtonView;
};

/**
 * What the prediction form holds: its picks, and the categories a 418 said had started (closed even while this tab's
 * clock still has them open; the rest stay as the rules say).
 */
export type FormFacts = { picks: Picks; closed: readonly PredictionCategory[] };

/**
 * The categories a first save can no longer take at `now` (their session has started or was canceled): the form
 * drops its unsaved choices there, since saving them could only answer 418.
 */
export const closedCategories = (facts: Pick<WeekendFacts, "sessions">, now: number): PredictionCategory[] =>
  categories.filter((c) => {
    const session = facts.sessions[categorySession[c]];
    return !session || !isOpen(now, session);
  });

export function cardView(
  facts: WeekendFacts,
  category: PredictionCategory,
  now: number,
  rules: WeekendRules,
  form: FormFacts,
): CardView {
  const session = sessionFor(facts, category);
  const slot = slotState(facts, category, now, rules);
  const pick = facts.picks.find((p) => p.category === category);
  const riderId = form.picks[category] ?? pick?.riderId;
  const started = hasStarted(now, session);
  const base = {
    category,
    points: categoryPoints[category],
    startsAt: session.startsAt,
    started,
    riderId,
    upgrade: slot.upgrade,
    waitForTier: false,
  };
  if (pick) {
    const price = changePrice(now, pick, session, rules);
    if (price?.free) return { ...base, badge: "injured", action: { kind: "repick" } };
    if (price) return { ...base, badge: "saved", action: { kind: "change", tier: price.tier, cost: price.cost } };
    return { ...base, badge: "saved", action: null, waitForTier: now < session.endsAt && !session.canceled };
  }
  if (!slot.open || form.closed.includes(category)) return { ...base, badge: "expired", action: null };
  const chosen = form.picks[category] !== undefined;
  return { ...base, badge: chosen ? "unsaved" : null, action: { kind: "choose", again: chosen } };
}

export type SectionView = {
  key: SectionKey;
  podium: { group: PodiumGroup; multiplier: UpgradeButtonView; insurance: UpgradeButtonView } | null;
  cards: CardView[];
};

export type WeekendView = {
  sections: SectionView[];
  /** Saved picks, of how many, and whether the completion reward is earned. */
  done: number;
  total: number;
  complete: boolean;
  /** Every category's session has started: nothing more can be saved. */
  allClosed: boolean;
};

/** Everything the Predictions screen shows of a weekend at `now`. */
export function weekendView(
  prediction: Pick<RacePrediction, "slots" | "data" | "balance" | "complete">,
  now: number,
  rules: WeekendRules,
  form: FormFacts,
): WeekendView {
  const facts = factsOf(prediction);
  const sections = weekendSections.map((section) => ({
    key: section.key,
    podium: section.podium ? { group: section.podium, ...podiumState(facts, section.podium, now, rules) } : null,
    cards: section.categories.map((c) => cardView(facts, c, now, rules, form)),
  }));
  return {
    sections,
    done: facts.picks.length,
    total: rules.predictionsPerWeekend,
    complete: prediction.complete,
    allClosed: categories.every((c) => hasStarted(now, sessionFor(facts, c))),
  };
}

/** Every moment at which the weekend's states change by themselves: a session starts, a tier opens or closes, it ends. */
export function weekendMoments(prediction: Pick<RacePrediction, "slots">, rules: WeekendRules): number[] {
  return prediction.slots.flatMap((s) =>
    momentsOf({ startsAt: Date.parse(s.startsAt), endsAt: Date.parse(s.endsAt), canceled: s.canceled }, rules),
  );
}

/** The next such moment after `now` (none: Infinity). */
export const nextMoment = (prediction: Pick<RacePrediction, "slots">, now: number, rules: WeekendRules): number =>
  Math.min(Number.POSITIVE_INFINITY, ...weekendMoments(prediction, rules).filter((m) => m > now));

// ---- The ChooseRider modal and the change it leads to. ----

/** Choosing a first rider, changing a saved one (paid, a podium rider swaps places), or re-picking after an injury (free). */
export type ChooserMode = "choose" | "change" | "repick";

export type RiderOption = {
  riderId: string;
  /** Why it cannot be chosen (another place of the podium holds it; injured), or what choosing it does (swap). */
  note: { kind: "taken" | "swaps"; category: PredictionCategory } | { kind: "injured" } | null;
  disabled: boolean;
};

export type Chooser = {
  category: PredictionCategory;
  mode: ChooserMode;
  selectedId: string | undefined;
  options: RiderOption[];
};

/** The chooser of one category: every rider of the race, which are taken or swap places, and which is selected. */
export function chooserFor(
  category: PredictionCategory,
  mode: ChooserMode,
  form: Picks,
  saved: Picks,
  riders: readonly { id: string; available: boolean }[],
): Chooser {
  const notes = new Map<string, NonNullable<RiderOption["note"]>>();
  for (const mate of podiumMates(category)) {
    const savedMate = saved[mate];
    const held = form[mate];
    if (mode === "change" && savedMate) notes.set(savedMate, { kind: "swaps", category: mate });
    else if (mode === "repick" && savedMate) notes.set(savedMate, { kind: "taken", category: mate });
    else if (held) notes.set(held, { kind: "taken", category: mate });
  }
  const options = riders.map((r): RiderOption => {
    const note = r.available ? (notes.get(r.id) ?? null) : { kind: "injured" as const };
    return { riderId: r.id, note, disabled: !r.available || note?.kind === "taken" };
  });
  const selectedId = mode === "choose" ? form[category] : mode === "change" ? saved[category] : undefined;
  return { category, mode, selectedId, options };
}

/** The chooser a card's action opens. */
export const chooserModeOf = (action: CardAction): ChooserMode => (action.kind === "choose" ? "choose" : action.kind);

/** One saved pick moving to another rider. */
export type PickChange = { category: PredictionCategory; from: string; to: string };

/** A paid change of `category` to `to`: the pick itself, and the podium mate holding `to` swapping into its place. */
export function changeRequestOf(saved: Picks, category: PredictionCategory, to: string): PickChange[] {
  const from = saved[category];
  if (from === undefined || from === to) return [];
  const changes: PickChange[] = [{ category, from, to }];
  const mate = podiumMates(category).find((m) => saved[m] === to);
  if (mate) changes.push({ category: mate, from: to, to: from });
  return changes;
}
