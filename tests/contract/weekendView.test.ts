// The view and the server ask the same rules: random weekends, players and moments are fed to the client's
// `weekendView` and to the server's plans, and every action a card or a button offers is one the server accepts,
// while every action it withholds is one the server refuses.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PredictionCategory } from "../../contract/enums";
import type { RacePrediction } from "../../contract/predictions";
import { categoryPoints } from "../../contract/rules";
import { planSave } from "../../contract/weekendRules/plans";
import {
  categories,
  categorySession,
  podiumGroups,
  podiumOf,
  podiums,
  sessionOrder,
  type ActionType,
} from "../../contract/weekendRules/structure";
import type { SessionWindow } from "../../contract/weekendRules/time";
import { planUpgrade, upgradeBought, type ExistingPick } from "../../contract/weekendRules/upgrades";
import { factsOf, podiumState, slotState, weekendView } from "../../contract/weekendRules/view";
import { defaultWeekendRules as rules } from "../../contract/weekendRules/weekendRules";

const MIN = 60_000;
const T0 = Date.parse("2026-06-05T10:00:00Z");
const riderIds = ["a", "b", "c", "d", "e", "f", "g"];
const riders = new Map(riderIds.map((id) => [id, { raceClass: "MOTOGP", status: "ACTIVE" }]));

// Sessions one after another, 60 minutes apart, each 40 minutes long; one may be canceled.
const windows = (canceled: number | null): Record<string, SessionWindow> =>
  Object.fromEntries(
    sessionOrder.map((type, i) => [
      type,
      { startsAt: T0 + i * 60 * MIN, endsAt: T0 + i * 60 * MIN + 40 * MIN, canceled: canceled === i },
    ]),
  );

const upgradesArb = fc.subarray<ActionType>(
  ["PREDICTION", "PREDICTION_RACE", "PREDICTION_SPRINT", "PREDICTION_INSURANCE_RACE", "PREDICTION_INSURANCE_SPRINT"],
  { maxLength: 2 },
);

/** A player's saved picks: some categories, distinct riders on each podium, some upgrades, some injured riders. */
const picksArb = fc
  .tuple(
    fc.subarray([...categories]),
    fc.shuffledSubarray(riderIds, { minLength: 7, maxLength: 7 }),
    fc.array(fc.tuple(upgradesArb, fc.boolean(), fc.nat(3)), { minLength: 11, maxLength: 11 }),
  )
  .map(([chosen, order, extras]) =>
    chosen.map((category, i): ExistingPick => {
      const [upgrades, injured, changes] = extras[i]!;
      // A podium's places take its first, second and third rider of the shuffle: never twice on one podium.
      const podium = podiumOf(category);
      const riderId = podium ? order[podiums[podium].categories.indexOf(category)]! : order[(i + 3) % 7]!;
      return { id: `p-${category}`, category, riderId, upgrades, changes, riderInjured: injured && i % 3 === 0 };
    }),
  );

/** Moments around every boundary of every session, a second either side. */
const nowArb = fc
  .tuple(
    fc.integer({ min: 0, max: 6 }),
    fc.constantFrom(
      -MIN,
      -1000,
      0,
      1000,
      5 * MIN - 1000,
      5 * MIN,
      35 * MIN - 1000,
      35 * MIN,
      40 * MIN - 1000,
      40 * MIN,
    ),
  )
  .map(([i, d]) => T0 + i * 60 * MIN + d);

const caseArb = fc.record({
  picks: picksArb,
  now: nowArb,
  balance: fc.constantFrom(0, 9, 10, 29, 30, 59, 60, 500),
  canceled: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
});

/** The server's race view of the case, as its service builds it (slots and buttons from the same rules). */
function serverView(c: {
  picks: ExistingPick[];
  now: number;
  balance: number;
  canceled: number | null;
}): RacePrediction {
  const sessions = windows(c.canceled);
  const facts = { sessions, picks: c.picks, balance: c.balance };
  return {
    raceId: "R1",
    version: 1,
    data: c.picks.map((p) => ({
      ...p,
      upgrades: [...p.upgrades],
      state: "MADE",
      points: null,
      savedAt: new Date(T0).toISOString(),
      riderAvailable: !p.riderInjured,
    })),
    slots: categories.map((category) => {
      const s = sessions[categorySession[category]]!;
      const state = slotState(facts, category, c.now, rules);
      return {
        category,
        session: categorySession[category],
        startsAt: new Date(s.startsAt).toISOString(),
        endsAt: new Date(s.endsAt).toISOString(),
        points: categoryPoints[category],
        podium: podiumOf(category),
        canceled: s.canceled,
        open: state.open,
        change: state.change,
        upgrade: state.upgrade.state,
      };
    }),
    podiums: podiumGroups.map((group) => {
      const b = podiumState(facts, group, c.now, rules);
      return { group, session: podiums[group].session, multiplier: b.multiplier.state, insurance: b.insurance.state };
    }),
    complete: c.picks.length === 11,
    balance: String(c.balance),
    now: new Date(c.now).toISOString(),
  };
}

/** A rider not on `category`'s podium nor its own pick: a change or first pick to them breaks no podium rule. */
const freeRider = (picks: readonly ExistingPick[], category: PredictionCategory) => {
  const group = podiumOf(category);
  const taken = new Set(
    picks
      .filter((p) => p.category === category || (group && podiums[group].categories.includes(p.category)))
      .map((p) => p.riderId),
  );
  return riderIds.find((r) => !taken.has(r))!;
};

describe("Each rule has one definition: the view offers exactly what the server's plans accept", () => {
  it("cards: choose, a paid change at its tier and price, a free re-pick, or nothing", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const prediction = serverView(c);
        const sessions = factsOf(prediction).sessions;
        const view = weekendView(prediction, c.now, rules, { picks: {}, closed: [] });
        for (const card of view.sections.flatMap((s) => s.cards)) {
          const to = freeRider(c.picks, card.category);
          const save = (
            mode: "create" | "change",
            confirmation?: { tier: "BEFORE" | "EARLY" | "LATE"; cost: number },
          ) =>
            planSave({
              now: c.now,
              mode,
              sessions,
              existing: c.picks,
              items: [{ category: card.category, riderId: to }],
              riders,
              confirmation,
              rules,
            });
          const action = card.action;
          if (action?.kind === "choose") expect(save("create").ok).toBe(true);
          else if (!c.picks.some((p) => p.category === card.category)) expect(save("create").ok).toBe(false);
          if (action?.kind === "change") expect(save("change", { tier: action.tier, cost: action.cost }).ok).toBe(true);
          if (action?.kind === "repick") expect(save("change").ok).toBe(true);
          if (action === null && c.picks.some((p) => p.category === card.category)) {
            for (const tier of ["BEFORE", "EARLY", "LATE"] as const)
              expect(save("change", { tier, cost: rules.tiers[tier].cost }).ok).toBe(false);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it("upgrade buttons: buyable exactly when the purchase is accepted, active exactly when bought", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const prediction = serverView(c);
        const sessions = factsOf(prediction).sessions;
        const view = weekendView(prediction, c.now, rules, { picks: {}, closed: [] });
        const buttons = [
          ...view.sections.flatMap((s) => s.cards.map((card) => card.upgrade)),
          ...view.sections.flatMap((s) => (s.podium ? [s.podium.multiplier, s.podium.insurance] : [])),
        ];
        for (const button of buttons) {
          const accepted = planUpgrade({
            now: c.now,
            type: button.type,
            category: button.category,
            sessions,
            picks: c.picks,
            rules,
            balance: c.balance,
          }).ok;
          const bought = upgradeBought(button, c.picks);
          expect(button.bought).toBe(bought);
          expect(button.block === null && !bought).toBe(accepted);
          expect(button.state.endsWith("_ACTIVE")).toBe(bought);
          expect(button.state.endsWith("_DISABLED")).toBe(!bought && !accepted);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("the server's slots and the view agree on what is open and what a change costs", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const prediction = serverView(c);
        const cards = weekendView(prediction, c.now, rules, { picks: {}, closed: [] }).sections.flatMap((s) => s.cards);
        for (const slot of prediction.slots) {
          const card = cards.find((x) => x.category === slot.category)!;
          expect(card.action?.kind === "choose").toBe(slot.open);
          expect(card.upgrade.state).toBe(slot.upgrade);
          if (card.action?.kind === "change")
            expect(slot.change).toEqual({ tier: card.action.tier, cost: card.action.cost });
        }
      }),
      { numRuns: 200 },
    );
  });
});
