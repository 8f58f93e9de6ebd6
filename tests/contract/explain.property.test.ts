// The explanation is the score: over random picks, upgrades and classifications, explainPick's points (its last
// step's) and state are exactly what scorePick and settle give, and each step's numbers follow from the one before.
import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PredictionCategory } from "../../contract/enums";
import { categoryPoints } from "../../contract/rules";
import { explainPick } from "../../contract/weekendRules/explain";
import { resultKeyOf, scorePick, settle, type Classification } from "../../contract/weekendRules/scoring";
import { podiumOf } from "../../contract/weekendRules/structure";
import { isInsured, isMultiplied } from "../../contract/weekendRules/upgrades";
import type { ActionType } from "../../contract/weekendRules/structure";

const riders = ["r1", "r2", "r3", "r4", "r5", "r6"];
const category = fc.constantFrom(...PredictionCategory.options);
/** Upgrades a pick can hold: at most one multiplier, insurance only on a podium. */
const upgradesFor = (c: PredictionCategory) => {
  const group = podiumOf(c);
  const multiplier: ActionType[] = group
    ? ["PREDICTION", group === "RACE" ? "PREDICTION_RACE" : "PREDICTION_SPRINT"]
    : ["PREDICTION"];
  const insurance: ActionType | null =
    group === "RACE" ? "PREDICTION_INSURANCE_RACE" : group === "SPRINT" ? "PREDICTION_INSURANCE_SPRINT" : null;
  return fc
    .tuple(fc.option(fc.constantFrom(...multiplier), { nil: null }), insurance ? fc.boolean() : fc.constant(false))
    .map(([m, i]) => [...(m ? [m] : []), ...(i && insurance ? [insurance] : [])]);
};
const classification: fc.Arbitrary<Classification> = fc.oneof(
  { weight: 1, arbitrary: fc.constant({ canceled: true as const }) },
  {
    weight: 6,
    arbitrary: fc.shuffledSubarray(riders, { minLength: 1 }).map((top) => ({ canceled: false as const, top })),
  },
);
const scenario = category.chain((c) =>
  fc.record({
    category: fc.constant(c),
    riderId: fc.constantFrom(...riders, "out"),
    upgrades: upgradesFor(c),
    riderAvailable: fc.boolean(),
    result: classification,
  }),
);

describe("explainPick's points equal scorePick's and settle's", () => {
  it("for every pick and classification", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const e = explainPick(s, s.result);
        const [settled] = settle(
          [{ id: "p", category: s.category, riderId: s.riderId, upgrades: s.upgrades, settledAt: null }],
          { [resultKeyOf(s.category)]: s.result },
        );
        expect(settled).toEqual({ id: "p", state: e.state, points: e.points });
        if (!s.result.canceled) {
          expect(e.points).toBe(
            scorePick({
              category: s.category,
              riderId: s.riderId,
              top: s.result.top,
              multiplied: isMultiplied(s.upgrades),
              insured: isInsured(s.upgrades),
            }),
          );
        }
        const last = e.steps.at(-1)!;
        expect("points" in last ? last.points : null).toBe(e.points);
        const [first, second] = e.steps;
        if (first?.key === "exact") expect(first.points).toBe(categoryPoints[s.category]);
        if (first?.key === "insurance") expect(first.points).toBe((first.base * first.share) / 100);
        if (second?.key === "multiplier" && first && "points" in first)
          expect(second.points).toBe(first.points * second.factor);
      }),
      { numRuns: 2000 },
    );
  });
});
