// The race weekend's pure rules (contract/weekendRules/): the windows and tiers, the order of refusals,
// where multipliers go on a change, the upgrade checks and buttons, and scoring exactly once.
import { describe, expect, it } from "vitest";
import type { PredictionCategory } from "../../contract/enums";
import { categoryPoints, changeTiers, INSURANCE_SHARE, MULTIPLIER, upgradePrices } from "../../contract/rules";
import type { Verdict } from "../../contract/verdict";
import { followRider, planRemove, planSave, type SaveInput } from "../../contract/weekendRules/plans";
import { scorePick, settle, type SettlePick } from "../../contract/weekendRules/scoring";
import { changeTierAt, isOpen, type SessionWindow } from "../../contract/weekendRules/time";
import {
  planUpgrade,
  upgradeButtonView,
  type ExistingPick,
  type UpgradeTarget,
} from "../../contract/weekendRules/upgrades";
import { defaultWeekendRules as rules } from "../../contract/weekendRules/weekendRules";

const T0 = Date.parse("2026-06-05T10:00:00Z");
const MIN = 60_000;
const win = (start: number, minutes: number): SessionWindow => ({
  startsAt: start,
  endsAt: start + minutes * MIN,
  canceled: false,
});
const sessions: SaveInput["sessions"] = {
  FP1: win(T0, 45),
  PF: win(T0 + 300 * MIN, 60),
  FP2: win(T0 + 1440 * MIN, 30),
  Q1: win(T0 + 1480 * MIN, 15),
  Q2: win(T0 + 1500 * MIN, 15),
  SPRINT: win(T0 + 1740 * MIN, 20),
  START: win(T0 + 2880 * MIN, 40),
};
const riders = new Map<string, { raceClass: string; status: string }>([
  ...["a", "b", "c", "d", "e"].map(
    (id) => [id, { raceClass: "MOTOGP", status: "ACTIVE" }] as [string, { raceClass: string; status: string }],
  ),
  ["hurt", { raceClass: "MOTOGP", status: "INJURED" }],
  ["moto2", { raceClass: "MOTO2", status: "ACTIVE" }],
]);
const pick = (
  category: PredictionCategory,
  riderId: string,
  upgrades: ExistingPick["upgrades"] = [],
  riderInjured = false,
): ExistingPick => ({
  id: `id-${category}`,
  category,
  riderId,
  upgrades,
  changes: 0,
  riderInjured,
});
const input = (over: Partial<SaveInput>): SaveInput => ({
  now: T0 - MIN,
  mode: "change",
  sessions,
  existing: [],
  items: [],
  riders,
  rules,
  ...over,
});
/** A verdict as "status code", or "accepted". */
const refusal = (verdict: Verdict<unknown>) =>
  verdict.ok ? "accepted" : `${verdict.refusal.status} ${verdict.refusal.code}`;
/** The value of a verdict that must allow. */
const value = <T>(verdict: Verdict<T>): T => {
  if (!verdict.ok) throw new Error(`refused: ${refusal(verdict)}`);
  return verdict.value;
};

/** The race podium after a change: a, b, c unless overridden. */
const after = (m: Partial<Record<PredictionCategory, string>>) =>
  new Map(
    Object.entries({ RACE_FIRST: "a", RACE_SECOND: "b", RACE_THIRD: "c", ...m }) as [PredictionCategory, string][],
  );
/** The outcome of an upgrade purchase check, as "status code" or "accepted". */
const up = (
  type: Parameters<typeof planUpgrade>[0]["type"],
  picks: ExistingPick[],
  category?: PredictionCategory,
  now = T0 - 1,
) => refusal(planUpgrade({ now, type, category, sessions, picks, rules }));
/** A button's spec state at `balance`, the session open or not. */
const button = (target: UpgradeTarget, picks: ExistingPick[], balance: number, open = true) =>
  upgradeButtonView(target, { now: open ? T0 - 1 : T0, sessions, picks, rules, balance }).state;
/** A pick to settle, its id its category. */
const sp = (
  category: PredictionCategory,
  riderId: string,
  upgrades: SettlePick["upgrades"] = [],
  settledAt: Date | null = null,
): SettlePick => ({ id: category, category, riderId, upgrades, settledAt });

describe("Saving and locking: first saves and upgrades strictly before the start, never on a canceled session", () => {
  it("opens until the second before the start", () => {
    const s = sessions.FP1!;
    expect(isOpen(T0 - 1, s)).toBe(true);
    expect(isOpen(T0, s)).toBe(false);
    expect(isOpen(T0 - MIN, { ...s, canceled: true })).toBe(false);
  });
});

describe("Change Predictions (paid): the tier from the clock and the session's schedule", () => {
  const s = sessions.START!;
  const at = (ms: number) => s.startsAt + ms;
  it("BEFORE up to one second before the start", () => expect(changeTierAt(at(-1000), s, rules)).toBe("BEFORE"));
  it("EARLY from the start for 5 minutes", () => {
    expect(changeTierAt(at(0), s, rules)).toBe("EARLY");
    expect(changeTierAt(at(5 * MIN - 1000), s, rules)).toBe("EARLY");
  });
  it("no change between the tiers", () => {
    expect(changeTierAt(at(5 * MIN + 1000), s, rules)).toBeNull();
    expect(changeTierAt(at(35 * MIN - 1000), s, rules)).toBeNull();
  });
  it("LATE in the last 5 minutes, none after the end", () => {
    expect(changeTierAt(at(35 * MIN), s, rules)).toBe("LATE");
    expect(changeTierAt(at(40 * MIN - 1000), s, rules)).toBe("LATE");
    expect(changeTierAt(at(40 * MIN), s, rules)).toBeNull();
  });
  it("none on a canceled session", () => expect(changeTierAt(at(-1000), { ...s, canceled: true }, rules)).toBeNull());
  it("costs are 10, 25 and 50 diamonds", () =>
    expect([changeTiers.BEFORE.cost, changeTiers.EARLY.cost, changeTiers.LATE.cost]).toEqual([10, 25, 50]));
});

describe("Saving and Change Predictions: planSave refuses in its order", () => {
  it("refuses a late first save (418) before looking at the rider", () => {
    expect(refusal(planSave(input({ now: T0, items: [{ category: "FP1", riderId: "hurt" }] })))).toBe(
      "418 raceStarted",
    );
    expect(refusal(planSave(input({ items: [{ category: "FP1", riderId: "hurt" }] })))).toBe("409 riderInjured");
    expect(refusal(planSave(input({ items: [{ category: "FP1", riderId: "moto2" }] })))).toBe("400 riderNotInRace");
  });

  it("a repeat costs nothing; POST can't change; PUT charges the tier and needs the exact confirmation", () => {
    const existing = [pick("FP1", "a")];
    expect(value(planSave(input({ existing, items: [{ category: "FP1", riderId: "a" }] })))).toMatchObject({
      inserts: [],
      changes: [],
      cost: 0,
    });
    expect(refusal(planSave(input({ mode: "create", existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe(
      "409 predictionSaved",
    );
    expect(refusal(planSave(input({ existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe(
      "409 changeConfirmation",
    );
    const plan = value(
      planSave(
        input({
          existing,
          items: [{ category: "FP1", riderId: "b" }],
          confirmation: { tier: "BEFORE", cost: changeTiers.BEFORE.cost },
        }),
      ),
    );
    expect(plan.changes).toEqual([
      {
        id: "id-FP1",
        category: "FP1",
        riderId: "b",
        paid: { tier: "BEFORE", cost: changeTiers.BEFORE.cost },
        changes: 1,
      },
    ]);
    expect(
      refusal(
        planSave(
          input({
            now: T0 + 10 * MIN,
            existing,
            items: [{ category: "FP1", riderId: "b" }],
            confirmation: { tier: "EARLY", cost: 25 },
          }),
        ),
      ),
    ).toBe("418 predictionExpired");
  });

  it("an injured rider's pick is replaced free before its session, paid after", () => {
    const existing = [pick("FP1", "hurt", [], true)];
    expect(value(planSave(input({ existing, items: [{ category: "FP1", riderId: "b" }] }))).changes[0]).toMatchObject({
      paid: null,
      changes: 0,
    });
    expect(refusal(planSave(input({ now: T0 + MIN, existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe(
      "409 changeConfirmation",
    );
  });

  it("checks podium duplicates on the podium as it will be", () => {
    const existing = [pick("RACE_FIRST", "a"), pick("RACE_SECOND", "b")];
    expect(refusal(planSave(input({ existing, items: [{ category: "RACE_THIRD", riderId: "a" }] })))).toBe(
      "400 duplicateRider",
    );
    expect(refusal(planSave(input({ existing, items: [{ category: "SPRINT_THIRD", riderId: "a" }] })))).toBe(
      "accepted",
    );
  });
});

describe("Change Predictions: multipliers and insurance follow the rider", () => {
  const race: PredictionCategory[] = ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"];
  const before = [
    pick("RACE_FIRST", "a", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]),
    pick("RACE_SECOND", "b", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]),
    pick("RACE_THIRD", "c", ["PREDICTION_INSURANCE_RACE"]),
  ];

  it("moves with a rider who changes slot and keeps the podium-wide upgrades everywhere", () => {
    const moved = followRider(race, before, after({ RACE_SECOND: "c", RACE_THIRD: "b" }));
    expect(moved.get("RACE_THIRD")).toEqual(["PREDICTION_INSURANCE_RACE", "PREDICTION"]);
    expect(moved.get("RACE_SECOND")).toEqual(["PREDICTION_INSURANCE_RACE"]);
    expect(moved.get("RACE_FIRST")).toEqual(["PREDICTION_INSURANCE_RACE", "PREDICTION"]);
  });

  it("never loses a paid multiplier when one follows its rider onto a slot whose rider left", () => {
    const moved = followRider(race, before, after({ RACE_FIRST: "d", RACE_SECOND: "a" }));
    const withMultiplier = [...moved].filter(([, u]) => u.includes("PREDICTION")).map(([c]) => c);
    expect(withMultiplier.toSorted()).toEqual(["RACE_FIRST", "RACE_SECOND"]);
  });

  it("follows its rider onto a slot filled by the same request, and gives that slot the podium-wide upgrades", () => {
    const two = [
      pick("RACE_FIRST", "a", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]),
      pick("RACE_SECOND", "b", ["PREDICTION_INSURANCE_RACE"]),
    ];
    const plan = value(
      planSave(
        input({
          existing: two,
          items: [
            { category: "RACE_FIRST", riderId: "d" },
            { category: "RACE_THIRD", riderId: "a" },
          ],
          confirmation: { tier: "BEFORE", cost: changeTiers.BEFORE.cost },
        }),
      ),
    );
    expect(plan.inserts).toEqual([
      { category: "RACE_THIRD", riderId: "a", upgrades: ["PREDICTION_INSURANCE_RACE", "PREDICTION"] },
    ]);
    expect(plan.upgrades).toEqual(new Map([["id-RACE_FIRST", ["PREDICTION_INSURANCE_RACE"]]]));
  });
});

describe("Upgrades: prices, refusals and the spec's button states", () => {
  const podium = [pick("SPRINT_FIRST", "a"), pick("SPRINT_SECOND", "b"), pick("SPRINT_THIRD", "c")];

  it("prices from contract/rules.ts and the refusals in order", () => {
    expect(
      value(
        planUpgrade({ now: T0 - 1, type: "PREDICTION", category: "FP1", sessions, picks: [pick("FP1", "a")], rules }),
      ),
    ).toEqual({ pickIds: ["id-FP1"], cost: upgradePrices.PREDICTION });
    expect(value(planUpgrade({ now: T0, type: "PREDICTION_SPRINT", sessions, picks: podium, rules })).cost).toBe(
      upgradePrices.PODIUM,
    );
    expect(
      value(planUpgrade({ now: T0, type: "PREDICTION_INSURANCE_SPRINT", sessions, picks: podium, rules })).cost,
    ).toBe(upgradePrices.INSURANCE);
    expect(up("PREDICTION", [pick("FP1", "a")], "FP1", T0)).toBe("418 predictionExpired");
    expect(up("PREDICTION", [], "FP1")).toBe("409 upgradeNeedsPick");
    expect(up("PREDICTION", [pick("FP1", "a")])).toBe("400 validation");
    expect(up("PREDICTION_SPRINT", podium.slice(0, 2))).toBe("409 upgradeNeedsPick");
    expect(up("PREDICTION", [pick("FP1", "hurt", [], true)], "FP1")).toBe("409 riderInjured");
    expect(up("PREDICTION", [pick("FP1", "a", ["PREDICTION"])], "FP1")).toBe("409 upgradeActive");
    expect(up("PREDICTION", [pick("SPRINT_FIRST", "a", ["PREDICTION_SPRINT"])], "SPRINT_FIRST")).toBe(
      "409 upgradeActive",
    );
    expect(up("PREDICTION_SPRINT", [pick("SPRINT_FIRST", "a", ["PREDICTION"]), ...podium.slice(1)])).toBe(
      "409 upgradeActive",
    );
    expect(up("PREDICTION_INSURANCE_SPRINT", [pick("SPRINT_FIRST", "a", ["PREDICTION"]), ...podium.slice(1)])).toBe(
      "accepted",
    );
    expect(
      refusal(
        planUpgrade({
          now: T0 - 1,
          type: "PREDICTION",
          category: "FP1",
          sessions,
          picks: [pick("FP1", "a")],
          rules,
          balance: upgradePrices.PREDICTION - 1,
        }),
      ),
    ).toBe("402 notEnoughDiamonds");
  });

  it("buttons: buyable, active, or disabled when locked, unaffordable or without a pick", () => {
    const fp1: UpgradeTarget = { type: "PREDICTION", category: "FP1" };
    const multiplier: UpgradeTarget = { type: "PREDICTION_SPRINT" };
    const insurance: UpgradeTarget = { type: "PREDICTION_INSURANCE_SPRINT" };
    expect(button(fp1, [], 1000)).toBe("UPGRADE_DISABLED");
    expect(button(fp1, [pick("FP1", "a")], upgradePrices.PREDICTION)).toBe("UPGRADE");
    expect(button(fp1, [pick("FP1", "a")], upgradePrices.PREDICTION - 1)).toBe("UPGRADE_DISABLED");
    expect(button(fp1, [pick("FP1", "a")], 1000, false)).toBe("UPGRADE_DISABLED");
    expect(button(fp1, [pick("FP1", "a", ["PREDICTION"])], 0, false)).toBe("UPGRADE_ACTIVE");
    expect([button(multiplier, podium, upgradePrices.PODIUM), button(insurance, podium, upgradePrices.PODIUM)]).toEqual(
      ["UPGRADE_PODIUM", "INSURANCE"],
    );
    expect([
      button(multiplier, podium, upgradePrices.INSURANCE),
      button(insurance, podium, upgradePrices.INSURANCE),
    ]).toEqual(["UPGRADE_DISABLED", "INSURANCE"]);
    expect([button(multiplier, podium.slice(1), 1000), button(insurance, podium.slice(1), 1000)]).toEqual([
      "UPGRADE_DISABLED",
      "INSURANCE_DISABLED",
    ]);
    const bought = podium.map((p) => ({
      ...p,
      upgrades: ["PREDICTION_SPRINT", "PREDICTION_INSURANCE_SPRINT"] as ExistingPick["upgrades"],
    }));
    expect([button(multiplier, bought, 0, false), button(insurance, bought, 0, false)]).toEqual([
      "UPGRADE_ACTIVE",
      "INSURANCE_ACTIVE",
    ]);
  });
});

describe("Removing a pick: only an injured rider's, before its session", () => {
  it("refuses a healthy rider's pick and any pick after the start", () => {
    expect(refusal(planRemove(T0 - 1, pick("FP1", "hurt", [], true), sessions.FP1!))).toBe("accepted");
    expect(refusal(planRemove(T0 - 1, pick("FP1", "a"), sessions.FP1!))).toBe("409 predictionSaved");
    expect(refusal(planRemove(T0, pick("FP1", "hurt", [], true), sessions.FP1!))).toBe("418 predictionExpired");
  });
});

describe("Points: a pick's points with the multiplier and insurance", () => {
  const top = ["a", "b", "c", "d"];
  it("exact hit earns the category's points, a miss none", () => {
    expect(scorePick({ category: "RACE_FIRST", riderId: "a", top })).toBe(25);
    expect(scorePick({ category: "POLEMAN", riderId: "b", top })).toBe(0);
  });
  it("insurance pays 50% for a top-three rider elsewhere, nothing outside the podium", () => {
    expect(scorePick({ category: "RACE_SECOND", riderId: "a", top, insured: true })).toBe(7.5);
    expect(scorePick({ category: "RACE_SECOND", riderId: "a", top })).toBe(0);
    expect(scorePick({ category: "RACE_SECOND", riderId: "d", top, insured: true })).toBe(0);
  });
  it("the multiplier doubles", () =>
    expect(scorePick({ category: "SPRINT_FIRST", riderId: "a", top, multiplied: true })).toBe(30));
});

describe("Points: settle scores each pick exactly once", () => {
  it("exact, insured elsewhere in the top three, multiplied, wrong, canceled, not yet classified, already settled", () => {
    const picks = [
      sp("RACE_FIRST", "a"),
      sp("RACE_SECOND", "a2", ["PREDICTION_INSURANCE_RACE", "PREDICTION_RACE"]),
      sp("RACE_THIRD", "x", ["PREDICTION_INSURANCE_RACE"]),
      sp("POLEMAN", "p", ["PREDICTION"]),
      sp("FP1", "f"),
      sp("SPRINT_FIRST", "s"),
      sp("FP2", "q", [], new Date()),
    ];
    const out = settle(picks, {
      START: { canceled: false, top: ["a", "b", "a2"] },
      Q2: { canceled: false, top: ["p"] },
      FP1: { canceled: true },
      FP2: { canceled: false, top: ["q"] },
    });
    expect(out).toEqual([
      { id: "RACE_FIRST", state: "ACCURATE", points: categoryPoints.RACE_FIRST },
      { id: "RACE_SECOND", state: "INSURANCE", points: categoryPoints.RACE_SECOND * INSURANCE_SHARE * MULTIPLIER },
      { id: "RACE_THIRD", state: "INACCURATE", points: 0 },
      { id: "POLEMAN", state: "ACCURATE", points: categoryPoints.POLEMAN * MULTIPLIER },
      { id: "FP1", state: "CANCELED", points: 0 },
    ]);
  });

  it("positions gained reads its own ranking, not the race's order", () => {
    expect(
      settle([sp("POSITION_GAINED", "g")], {
        START: { canceled: false, top: ["z"] },
        POSITION_GAINED: { canceled: false, top: ["g"] },
      }),
    ).toEqual([{ id: "POSITION_GAINED", state: "ACCURATE", points: categoryPoints.POSITION_GAINED }]);
  });
});
