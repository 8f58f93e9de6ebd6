import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  betSlip,
  betStatusOf,
  bettingOpen,
  isValidStake,
  legOutcome,
  legsOf,
  oddsOf,
  payoutOf,
  planBet,
  settleLegs,
  snapStake,
  stakeLimits,
  stakeRange,
  typesLeft,
  type BetFacts,
  type BettableRider,
} from "../../contract/betRules";
import { refusalCode } from "../../contract/verdict";

const START = Date.parse("2026-05-03T12:00:00Z");
const race = { startsAt: START, endsAt: START + 40 * 60_000, canceled: false };
const riders = new Map<string, BettableRider>([
  ["a", { available: true, odds: 3 }],
  ["b", { available: true, odds: 4 }],
  ["hurt", { available: false, odds: null }],
]);
const facts = (over: Partial<BetFacts> = {}): BetFacts => ({ now: START - 60_000, race, riders, placed: [], ...over });

describe("Odds: PLACE = WIN × 0.5 + 0.5, SHOW = WIN × 0.33 + 0.5, never below 1.1", () => {
  it.each([
    [3, { WIN: 3, PLACE: 2, SHOW: 1.49 }],
    [4, { WIN: 4, PLACE: 2.5, SHOW: 1.82 }],
    [7.5, { WIN: 7.5, PLACE: 4.25, SHOW: 2.98 }],
    [1.1, { WIN: 1.1, PLACE: 1.1, SHOW: 1.1 }],
    [1.5, { WIN: 1.5, PLACE: 1.25, SHOW: 1.1 }],
    [250, { WIN: 250, PLACE: 125.5, SHOW: 83 }],
  ])("WIN %f", (win, odds) => {
    expect(oddsOf(win)).toEqual(odds);
  });

  it("PLACE and SHOW never pay more than WIN for odds above 1.1, and never less than 1.1", () => {
    fc.assert(
      fc.property(fc.integer({ min: 110, max: 25_000 }), (c) => {
        const o = oddsOf(c / 100);
        return o.PLACE <= o.WIN && o.SHOW <= o.PLACE && o.SHOW >= 1.1;
      }),
    );
  });
});

describe("Stakes: 30 to 150 whole diamonds; ACROSS in steps of 3", () => {
  it.each([
    ["WIN", 29, false],
    ["WIN", 30, true],
    ["WIN", 31, true],
    ["WIN", 150, true],
    ["WIN", 151, false],
    ["WIN", 30.5, false],
    ["ACROSS", 30, true],
    ["ACROSS", 31, false],
    ["ACROSS", 33, true],
    ["ACROSS", 149, false],
    ["ACROSS", 150, true],
  ] as const)("%s %f: %s", (type, amount, valid) => {
    expect(isValidStake(type, amount)).toBe(valid);
  });

  it("the slider snaps to the nearest valid stake, within the limits", () => {
    expect(snapStake("WIN", 10)).toBe(30);
    expect(snapStake("WIN", 200)).toBe(150);
    expect(snapStake("ACROSS", 31)).toBe(30);
    expect(snapStake("ACROSS", 32)).toBe(33);
    expect(snapStake("ACROSS", 151)).toBe(150);
    expect(stakeLimits("ACROSS")).toEqual({ min: 30, max: 150, step: 3 });
    fc.assert(
      fc.property(
        fc.constantFrom("WIN", "PLACE", "SHOW", "ACROSS" as const),
        fc.integer({ min: -50, max: 400 }),
        (type, n) => isValidStake(type, snapStake(type, n)),
      ),
    );
  });
});

describe("The slider stops at the balance: its top is the lower of 150 and the balance, on the type's step", () => {
  it.each([
    ["WIN", 40, { min: 30, max: 40, step: 1 }],
    ["ACROSS", 40, { min: 30, max: 39, step: 3 }],
    ["WIN", 30, { min: 30, max: 30, step: 1 }],
    ["WIN", 1000, { min: 30, max: 150, step: 1 }],
    ["ACROSS", 149, { min: 30, max: 147, step: 3 }],
  ] as const)("%s at %i diamonds: %o", (type, balance, range) => {
    expect(stakeRange(type, balance)).toEqual({ ok: true, value: range });
  });

  it("at 40 diamonds a stake of 150 snaps to 40", () => {
    expect(snapStake("WIN", 150, 40)).toBe(40);
    expect(snapStake("ACROSS", 150, 40)).toBe(39);
    expect(snapStake("WIN", 150)).toBe(150);
  });

  it("below the minimum of 30 there is no stake to offer: 402 belowMinimumStake, the slider rests at the minimum", () => {
    expect(stakeRange("WIN", 10)).toEqual({ ok: false, refusal: { status: 402, code: "belowMinimumStake" } });
    expect(stakeRange("ACROSS", 29)).toEqual({ ok: false, refusal: { status: 402, code: "belowMinimumStake" } });
    expect(snapStake("WIN", 100, 10)).toBe(30);
  });

  it("every stake it offers is valid and affordable", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("WIN", "PLACE", "SHOW", "ACROSS" as const),
        fc.integer({ min: -50, max: 400 }),
        fc.integer({ min: 30, max: 1000 }),
        (type, n, balance) => {
          const stake = snapStake(type, n, balance);
          return (
            isValidStake(type, stake) &&
            stake <= balance &&
            planBet(facts({ balance }), { riderId: "a", type, amount: stake }).ok
          );
        },
      ),
    );
  });
});

describe("An ACROSS bet splits equally into three linked WIN, PLACE and SHOW legs", () => {
  it("90 across on WIN odds 4: 30 on each at its own odds", () => {
    expect(legsOf("ACROSS", 90, oddsOf(4))).toEqual([
      { type: "WIN", stake: 30, odds: 4 },
      { type: "PLACE", stake: 30, odds: 2.5 },
      { type: "SHOW", stake: 30, odds: 1.82 },
    ]);
    expect(legsOf("PLACE", 40, oddsOf(4))).toEqual([{ type: "PLACE", stake: 40, odds: 2.5 }]);
  });

  it("the slip shows each leg's payout and the most the bet can pay", () => {
    expect(betSlip("ACROSS", 60, oddsOf(4))).toEqual({
      amount: 60,
      legs: [
        { type: "WIN", stake: 20, odds: 4, payout: 80 },
        { type: "PLACE", stake: 20, odds: 2.5, payout: 50 },
        { type: "SHOW", stake: 20, odds: 1.82, payout: 36 },
      ],
      potential: 166,
    });
  });
});

describe("Payout = stake × odds, rounded down to whole diamonds", () => {
  it.each([
    [50, 3, 150],
    [30, 1.49, 44],
    [50, 1.14, 57],
    [33, 1.1, 36],
    [150, 250, 37_500],
  ])("%i × %f = %i", (stake, odds, payout) => {
    expect(payoutOf(stake, odds)).toBe(payout);
  });
});

describe("Outcome per type: WIN the winner, PLACE first or second, SHOW the podium", () => {
  const top = ["a", "b", "c", "d"];
  it.each([
    ["WIN", "a", "WON"],
    ["WIN", "b", "LOST"],
    ["PLACE", "b", "WON"],
    ["PLACE", "c", "LOST"],
    ["SHOW", "c", "WON"],
    ["SHOW", "d", "LOST"],
    ["SHOW", "z", "LOST"],
  ] as const)("%s on %s: %s", (type, rider, outcome) => {
    expect(legOutcome(type, rider, top)).toBe(outcome);
  });

  it("settles every open leg at once; a canceled race refunds them all", () => {
    const legs = [
      { id: "1", riderId: "a", type: "WIN" as const, stake: 50, odds: 3 },
      { id: "2", riderId: "b", type: "WIN" as const, stake: 20, odds: 4 },
      { id: "3", riderId: "b", type: "PLACE" as const, stake: 20, odds: 2.5 },
    ];
    expect(settleLegs(legs, { canceled: false, top })).toEqual([
      { id: "1", status: "WON", payout: 150 },
      { id: "2", status: "LOST", payout: 0 },
      { id: "3", status: "WON", payout: 50 },
    ]);
    expect(settleLegs(legs, { canceled: true }).map((l) => [l.status, l.payout])).toEqual([
      ["REFUNDED", null],
      ["REFUNDED", null],
      ["REFUNDED", null],
    ]);
    expect(
      betStatusOf([
        { status: "LOST", payout: 0 },
        { status: "WON", payout: 50 },
      ]),
    ).toBe("WON");
    expect(betStatusOf([{ status: "LOST", payout: 0 }])).toBe("LOST");
    expect(
      betStatusOf([
        { status: "OPEN", payout: null },
        { status: "WON", payout: 5 },
      ]),
    ).toBe("OPEN");
    expect(betStatusOf([{ status: "REFUNDED", payout: null }])).toBe("REFUNDED");
  });
});

describe("Placing a bet: the refusals in order, each at its boundary", () => {
  const ok = { riderId: "a", type: "WIN" as const, amount: 30 };
  it("closes at the race session's scheduled start: the second before is open, the start is not", () => {
    expect(planBet(facts({ now: START - 1000 }), ok).ok).toBe(true);
    expect(refusalCode(planBet(facts({ now: START }), ok))).toBe("betExpired");
    expect(refusalCode(planBet(facts({ now: START + 1000 }), ok))).toBe("betExpired");
    expect(planBet(facts({ now: START + 1000 }), ok)).toMatchObject({ ok: false, refusal: { status: 418 } });
    expect(refusalCode(planBet(facts({ race: { ...race, canceled: true } }), ok))).toBe("betExpired");
    expect(refusalCode(planBet(facts({ race: undefined }), ok))).toBe("betExpired");
    expect(bettingOpen(START - 1, race)).toBe(true);
  });

  it("no rider to bet on; an unknown rider, type or stake is incorrect; an injured rider is refused as injured", () => {
    expect(refusalCode(planBet(facts({ riders: new Map([["hurt", { available: false, odds: null }]]) }), ok))).toBe(
      "noRidersForBetting",
    );
    expect(refusalCode(planBet(facts(), { ...ok, riderId: "x" }))).toBe("betIncorrect");
    expect(refusalCode(planBet(facts(), { ...ok, type: "EXACTA" as never }))).toBe("betIncorrect");
    for (const amount of [29, 151, 30.5]) expect(refusalCode(planBet(facts(), { ...ok, amount }))).toBe("betIncorrect");
    expect(refusalCode(planBet(facts(), { ...ok, type: "ACROSS", amount: 31 }))).toBe("betIncorrect");
    expect(refusalCode(planBet(facts(), { ...ok, riderId: "hurt" }))).toBe("riderInjured");
  });

  it("one bet per rider and type per race; then the balance", () => {
    const placed = [{ riderId: "a", type: "WIN" as const }];
    expect(refusalCode(planBet(facts({ placed }), ok))).toBe("betAlreadyPlaced");
    expect(planBet(facts({ placed }), { ...ok, type: "ACROSS" }).ok).toBe(true);
    expect(typesLeft(placed, "a")).toEqual(["PLACE", "SHOW", "ACROSS"]);
    expect(refusalCode(planBet(facts({ balance: 29 }), ok))).toBe("notEnoughDiamonds");
    expect(planBet(facts({ balance: 30 }), ok)).toEqual({
      ok: true,
      value: { ...ok, legs: [{ type: "WIN", stake: 30, odds: 3 }] },
    });
  });
});
