// The pure rules of server/modules/predictions (no database): the order of refusals, where multipliers go
// on a change, the upgrade checks and buttons, and settlement exactly once.
import { describe, expect, it } from "vitest";
import type { PredictionCategory } from "../../contract/enums";
import { categoryPoints, changeTiers, INSURANCE_SHARE, MULTIPLIER, upgradePrices } from "../../contract/rules";
import { AppError } from "../../server/http/errors";
import {
  beforeStart,
  followRider,
  multiplierButton,
  planSave,
  planUpgrade,
  podiumButtons,
  tierAt,
  type ExistingPick,
  type SaveInput,
  type SessionWindow,
} from "../../server/modules/predictions/rules";
import { settle, type SettlePick } from "../../server/modules/predictions/settle";

const T0 = Date.parse("2026-06-05T10:00:00Z");
const MIN = 60_000;
const win = (start: number, minutes: number): SessionWindow => ({ startsAt: new Date(start), endsAt: new Date(start + minutes * MIN), canceled: false });
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
  ...["a", "b", "c", "d", "e"].map((id) => [id, { raceClass: "MOTOGP", status: "ACTIVE" }] as [string, { raceClass: string; status: string }]),
  ["hurt", { raceClass: "MOTOGP", status: "INJURED" }],
  ["moto2", { raceClass: "MOTO2", status: "ACTIVE" }],
]);
const pick = (category: PredictionCategory, riderId: string, upgrades: ExistingPick["upgrades"] = [], riderInjured = false): ExistingPick => ({
  id: `id-${category}`,
  category,
  riderId,
  upgrades,
  changes: 0,
  riderInjured,
});
const input = (over: Partial<SaveInput>): SaveInput => ({ now: new Date(T0 - MIN), mode: "change", raceCanceled: false, sessions, existing: [], items: [], riders, ...over });
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return `${err.statusCode} ${err.code}`;
    throw err;
  }
  return "accepted";
};

/** The race podium after a change: a, b, c unless overridden. */
const after = (m: Partial<Record<PredictionCategory, string>>) => new Map(Object.entries({ RACE_FIRST: "a", RACE_SECOND: "b", RACE_THIRD: "c", ...m }) as [PredictionCategory, string][]);
/** The outcome of an upgrade purchase check, as "status code" or "accepted". */
const up = (type: Parameters<typeof planUpgrade>[0]["type"], picks: ExistingPick[], category?: PredictionCategory, now = new Date(T0 - 1)) =>
  refusal(() => planUpgrade({ now, type, category, raceCanceled: false, sessions, picks }));
/** A pick to settle, its id its category. */
const sp = (category: PredictionCategory, riderId: string, upgrades: SettlePick["upgrades"] = [], settledAt: Date | null = null): SettlePick => ({ id: category, category, riderId, upgrades, settledAt });

describe("windows", () => {
  it("first save and upgrades strictly before the start; tiers from contract/rules.ts; canceled closes everything", () => {
    const s = sessions.FP1!;
    expect(beforeStart(new Date(T0 - 1), s, false)).toBe(true);
    expect(beforeStart(new Date(T0), s, false)).toBe(false);
    expect(beforeStart(new Date(T0 - MIN), { ...s, canceled: true }, false)).toBe(false);
    expect(beforeStart(new Date(T0 - MIN), s, true)).toBe(false);
    expect(tierAt(new Date(T0 - 1), s, false)).toBe("BEFORE");
    expect(tierAt(new Date(T0 + 5 * MIN - 1), s, false)).toBe("EARLY");
    expect(tierAt(new Date(T0 + 5 * MIN), s, false)).toBeNull();
    expect(tierAt(new Date(T0 + 40 * MIN), s, false)).toBe("LATE");
    expect(tierAt(new Date(T0 + 45 * MIN), s, false)).toBeNull();
    expect(tierAt(new Date(T0 - MIN), s, true)).toBeNull();
  });
});

describe("planSave", () => {
  it("refuses a late first save (418) before looking at the rider", () => {
    expect(refusal(() => planSave(input({ now: new Date(T0), items: [{ category: "FP1", riderId: "hurt" }] })))).toBe("418 raceStarted");
    expect(refusal(() => planSave(input({ items: [{ category: "FP1", riderId: "hurt" }] })))).toBe("409 riderInjured");
    expect(refusal(() => planSave(input({ items: [{ category: "FP1", riderId: "moto2" }] })))).toBe("400 riderNotInRace");
  });

  it("a repeat costs nothing; POST can't change; PUT charges the tier and needs the exact confirmation", () => {
    const existing = [pick("FP1", "a")];
    expect(planSave(input({ existing, items: [{ category: "FP1", riderId: "a" }] }))).toMatchObject({ inserts: [], changes: [], cost: 0 });
    expect(refusal(() => planSave(input({ mode: "create", existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe("409 predictionSaved");
    expect(refusal(() => planSave(input({ existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe("409 changeConfirmation");
    const plan = planSave(input({ existing, items: [{ category: "FP1", riderId: "b" }], confirmation: { tier: "BEFORE", cost: changeTiers.BEFORE.cost } }));
    expect(plan.changes).toEqual([{ id: "id-FP1", category: "FP1", riderId: "b", paid: { tier: "BEFORE", cost: changeTiers.BEFORE.cost }, changes: 1 }]);
    expect(refusal(() => planSave(input({ now: new Date(T0 + 10 * MIN), existing, items: [{ category: "FP1", riderId: "b" }], confirmation: { tier: "EARLY", cost: 25 } })))).toBe(
      "418 predictionExpired",
    );
  });

  it("an injured rider's pick is replaced free before its session, paid after", () => {
    const existing = [pick("FP1", "hurt", [], true)];
    expect(planSave(input({ existing, items: [{ category: "FP1", riderId: "b" }] })).changes[0]).toMatchObject({ paid: null, changes: 0 });
    expect(refusal(() => planSave(input({ now: new Date(T0 + MIN), existing, items: [{ category: "FP1", riderId: "b" }] })))).toBe("409 changeConfirmation");
  });

  it("checks podium duplicates on the podium as it will be", () => {
    const existing = [pick("RACE_FIRST", "a"), pick("RACE_SECOND", "b")];
    expect(refusal(() => planSave(input({ existing, items: [{ category: "RACE_THIRD", riderId: "a" }] })))).toBe("400 duplicateRider");
    expect(refusal(() => planSave(input({ existing, items: [{ category: "SPRINT_THIRD", riderId: "a" }] })))).toBe("accepted");
  });
});

describe("multipliers follow the rider", () => {
  const race: PredictionCategory[] = ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"];
  const before = [pick("RACE_FIRST", "a", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]), pick("RACE_SECOND", "b", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]), pick("RACE_THIRD", "c", ["PREDICTION_INSURANCE_RACE"])];

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
    const two = [pick("RACE_FIRST", "a", ["PREDICTION", "PREDICTION_INSURANCE_RACE"]), pick("RACE_SECOND", "b", ["PREDICTION_INSURANCE_RACE"])];
    const plan = planSave(
      input({ existing: two, items: [{ category: "RACE_FIRST", riderId: "d" }, { category: "RACE_THIRD", riderId: "a" }], confirmation: { tier: "BEFORE", cost: changeTiers.BEFORE.cost } }),
    );
    expect(plan.inserts).toEqual([{ category: "RACE_THIRD", riderId: "a", upgrades: ["PREDICTION_INSURANCE_RACE", "PREDICTION"] }]);
    expect(plan.upgrades).toEqual(new Map([["id-RACE_FIRST", ["PREDICTION_INSURANCE_RACE"]]]));
  });
});

describe("upgrades", () => {
  const podium = [pick("SPRINT_FIRST", "a"), pick("SPRINT_SECOND", "b"), pick("SPRINT_THIRD", "c")];

  it("prices from contract/rules.ts and the refusals in order", () => {
    expect(planUpgrade({ now: new Date(T0 - 1), type: "PREDICTION", category: "FP1", raceCanceled: false, sessions, picks: [pick("FP1", "a")] })).toEqual({ pickIds: ["id-FP1"], cost: upgradePrices.PREDICTION });
    expect(planUpgrade({ now: new Date(T0), type: "PREDICTION_SPRINT", raceCanceled: false, sessions, picks: podium }).cost).toBe(upgradePrices.PODIUM);
    expect(planUpgrade({ now: new Date(T0), type: "PREDICTION_INSURANCE_SPRINT", raceCanceled: false, sessions, picks: podium }).cost).toBe(upgradePrices.INSURANCE);
    expect(up("PREDICTION", [pick("FP1", "a")], "FP1", new Date(T0))).toBe("418 predictionExpired");
    expect(up("PREDICTION", [], "FP1")).toBe("409 upgradeNeedsPick");
    expect(up("PREDICTION", [pick("FP1", "a")])).toBe("400 validation");
    expect(up("PREDICTION_SPRINT", podium.slice(0, 2))).toBe("409 upgradeNeedsPick");
    expect(up("PREDICTION", [pick("FP1", "hurt", [], true)], "FP1")).toBe("409 riderInjured");
    expect(up("PREDICTION", [pick("FP1", "a", ["PREDICTION"])], "FP1")).toBe("409 upgradeActive");
    expect(up("PREDICTION", [pick("SPRINT_FIRST", "a", ["PREDICTION_SPRINT"])], "SPRINT_FIRST")).toBe("409 upgradeActive");
    expect(up("PREDICTION_SPRINT", [pick("SPRINT_FIRST", "a", ["PREDICTION"]), ...podium.slice(1)])).toBe("409 upgradeActive");
    expect(up("PREDICTION_INSURANCE_SPRINT", [pick("SPRINT_FIRST", "a", ["PREDICTION"]), ...podium.slice(1)])).toBe("accepted");
  });

  it("buttons: buyable, active, or disabled when locked, unaffordable or without a pick", () => {
    expect(multiplierButton(undefined, true, 1000)).toBe("UPGRADE_DISABLED");
    expect(multiplierButton(pick("FP1", "a"), true, upgradePrices.PREDICTION)).toBe("UPGRADE");
    expect(multiplierButton(pick("FP1", "a"), true, upgradePrices.PREDICTION - 1)).toBe("UPGRADE_DISABLED");
    expect(multiplierButton(pick("FP1", "a"), false, 1000)).toBe("UPGRADE_DISABLED");
    expect(multiplierButton(pick("FP1", "a", ["PREDICTION"]), false, 0)).toBe("UPGRADE_ACTIVE");
    expect(podiumButtons("SPRINT", podium, true, upgradePrices.PODIUM)).toEqual({ multiplier: "UPGRADE_PODIUM", insurance: "INSURANCE" });
    expect(podiumButtons("SPRINT", podium, true, upgradePrices.INSURANCE)).toEqual({ multiplier: "UPGRADE_DISABLED", insurance: "INSURANCE" });
    expect(podiumButtons("SPRINT", podium.slice(1), true, 1000)).toEqual({ multiplier: "UPGRADE_DISABLED", insurance: "INSURANCE_DISABLED" });
    const bought = podium.map((p) => ({ ...p, upgrades: ["PREDICTION_SPRINT", "PREDICTION_INSURANCE_SPRINT"] as ExistingPick["upgrades"] }));
    expect(podiumButtons("SPRINT", bought, false, 0)).toEqual({ multiplier: "UPGRADE_ACTIVE", insurance: "INSURANCE_ACTIVE" });
  });
});

describe("settle: scores each pick exactly once with scorePick", () => {

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
    expect(settle([sp("POSITION_GAINED", "g")], { START: { canceled: false, top: ["z"] }, POSITION_GAINED: { canceled: false, top: ["g"] } })).toEqual([
      { id: "POSITION_GAINED", state: "ACCURATE", points: categoryPoints.POSITION_GAINED },
    ]);
  });
});
