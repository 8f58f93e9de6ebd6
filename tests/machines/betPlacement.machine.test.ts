import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise, SimulatedClock } from "xstate";
import type { Bet } from "../../contract/bets";
import { oddsOf } from "../../contract/betRules";
import type { ErrorBody } from "../../contract/common";
import {
  betPlacementMachine,
  slipOf,
  stakeRangeOf,
  type BetPlacementInput,
  type PlaceBetInput,
  type PlaceBetOutput,
} from "../../machines/betPlacement.machine";
import { MAX_TIMER_MS } from "../../machines/predictionChange.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// Every path of the machine is played in the BetOnRider modal on the real owner, with the coverage of every
// transition (tests/views/paths/betPlacement.paths.test.tsx); these are the rules a path does not spell out.
const SEC = 1000;
const MIN = 60_000;
const CLOSES = Date.parse("2026-05-03T12:00:00Z");
const at = { before: CLOSES - 10 * MIN, late: CLOSES + SEC };
const riders = [
  { id: "a", odds: oddsOf(4) },
  { id: "b", odds: oddsOf(2) },
  { id: "hurt", odds: null },
];

const expiredBody: ErrorBody = { statusCode: 418, code: "raceStarted", message: "Race has already started" };
const poor: ErrorBody = { statusCode: 402, code: "notEnoughDiamonds", message: "You don't have enough diamonds" };
const alreadyPlaced: ErrorBody = {
  statusCode: 409,
  code: "betAlreadyPlaced",
  message: "You already have this bet on this rider in this race",
};
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };
const placedBet = (amount: number): Bet => ({
  id: "b1",
  raceId: "R1",
  riderId: "a",
  type: "WIN",
  amount,
  placedAt: new Date(at.before).toISOString(),
  status: "OPEN",
  payout: null,
  refunded: 0,
  legs: [{ type: "WIN", stake: amount, odds: 4, status: "OPEN", payout: null }],
});

/** A placement on a fake clock: `time` is what the clock reads, `clock` fires the timers. */
function startPlacement(
  startAt: number,
  input: Partial<BetPlacementInput> = {},
  place: (i: PlaceBetInput) => Promise<PlaceBetOutput> = async (i) => ({
    bet: placedBet(i.amount),
    balance: 100 - i.amount,
  }),
) {
  let time = startAt;
  const clock = new SimulatedClock();
  const calls: PlaceBetInput[] = [];
  const actor = createActor(
    betPlacementMachine.provide({
      actions: { readClock: assign({ now: () => time }) as never },
      actors: {
        placeBet: fromPromise<PlaceBetOutput, PlaceBetInput>(async ({ input: i }) => {
          calls.push(i);
          return place(i);
        }),
      },
    }),
    {
      input: { raceId: "R1", riderId: "a", riders, type: "WIN", balance: 100, closesAt: CLOSES, placed: [], ...input },
      clock,
    },
  ).start();
  const snap = () => actor.getSnapshot();
  return {
    actor,
    calls,
    snap,
    advance: (ms: number) => {
      time += ms;
      clock.increment(ms);
    },
    sleep: (ms: number) => void (time += ms),
  };
}

describe("Bets close at the race session's scheduled start (one second either side)", () => {
  it("the second before: the bet is placed, 'Bet is placed!'", async () => {
    const { actor, snap, calls } = startPlacement(CLOSES - SEC);
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(calls).toEqual([{ raceId: "R1", riderId: "a", type: "WIN", amount: 30 }]);
    expect(snap().hasTag("placed")).toBe(true);
    expect(snap().context.balance).toBe(70);
  });

  it("the second after: expired, nothing sent", () => {
    const { actor, snap, calls, sleep } = startPlacement(CLOSES - SEC);
    sleep(2 * SEC);
    actor.send({ type: "bet.confirm" });
    expect(snap().hasTag("expired")).toBe(true);
    expect(calls).toEqual([]);
  });

  it("the modal closes itself at the deadline, whatever it shows", () => {
    const { snap, advance } = startPlacement(CLOSES - 10 * SEC, { type: null });
    expect(snap().hasTag("choosing")).toBe(true);
    advance(10 * SEC - 1);
    expect(snap().hasTag("choosing")).toBe(true);
    advance(1);
    expect(snap().hasTag("expired")).toBe(true);
  });

  it("a deadline weeks ahead re-arms its timer instead of firing at once", () => {
    const { snap, advance } = startPlacement(CLOSES - 30 * 24 * 60 * MIN);
    advance(MAX_TIMER_MS);
    expect(snap().hasTag("staking")).toBe(true);
  });

  it("opened after the deadline: expired at once", () => {
    expect(startPlacement(CLOSES).snap().hasTag("expired")).toBe(true);
  });

  it("418 from the server (its clock is ahead): expired", async () => {
    const { actor, snap } = startPlacement(at.before, {}, async () => {
      throw apiError(expiredBody);
    });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(snap().hasTag("expired")).toBe(true);
  });
});

describe("The slider: 30 to 150; ACROSS in steps of 3, split into three legs, shown live", () => {
  it("snaps the stake to the type's step and limits; changing type keeps it valid", () => {
    const { actor, snap } = startPlacement(at.before, { type: "ACROSS", balance: 500 });
    actor.send({ type: "bet.amount", amount: 31 });
    expect(snap().context.amount).toBe(30);
    actor.send({ type: "bet.amount", amount: 95 });
    expect(snap().context.amount).toBe(96);
    expect(slipOf(snap().context)).toEqual({
      amount: 96,
      legs: [
        { type: "WIN", stake: 32, odds: 4, payout: 128 },
        { type: "PLACE", stake: 32, odds: 2.5, payout: 80 },
        { type: "SHOW", stake: 32, odds: 1.82, payout: 58 },
      ],
      potential: 266,
    });
    actor.send({ type: "bet.amount", amount: 500 });
    expect(snap().context.amount).toBe(150);
    actor.send({ type: "bet.type", betType: "WIN" });
    actor.send({ type: "bet.amount", amount: 29 });
    expect(snap().context.amount).toBe(30);
    actor.send({ type: "bet.amount", amount: 31 });
    expect(snap().context).toMatchObject({ type: "WIN", amount: 31 });
    actor.send({ type: "bet.type", betType: "ACROSS" });
    expect(snap().context.amount).toBe(30);
  });

  it("a type already bet on this rider is not offered", () => {
    const { actor, snap } = startPlacement(at.before, { type: "WIN", placed: [{ riderId: "a", type: "WIN" }] });
    expect(snap().hasTag("choosing")).toBe(true);
    actor.send({ type: "bet.type", betType: "WIN" });
    expect(snap().hasTag("choosing")).toBe(true);
    actor.send({ type: "bet.type", betType: "PLACE" });
    expect(snap().hasTag("staking")).toBe(true);
  });
});

describe("The slider stops at the balance: 30 to the lower of 150 and the diamonds held", () => {
  it("at 40 diamonds a stake of 150 snaps to 40, never past the balance; ACROSS to 39", () => {
    const { actor, snap } = startPlacement(at.before, { balance: 40, amount: 150 });
    expect(snap().context.amount).toBe(40);
    actor.send({ type: "bet.amount", amount: 150 });
    expect(snap().context.amount).toBe(40);
    expect(stakeRangeOf(snap().context)).toEqual({ ok: true, value: { min: 30, max: 40, step: 1 } });
    actor.send({ type: "bet.type", betType: "ACROSS" });
    expect(snap().context.amount).toBe(39);
    actor.send({ type: "bet.confirm" });
    expect(snap().hasTag("busy")).toBe(true);
  });

  it("the live balance falling brings the stake down with it; rising lets it go up to 150", () => {
    const { actor, snap } = startPlacement(at.before, { balance: 200 });
    actor.send({ type: "bet.amount", amount: 120 });
    actor.send({ type: "bet.balance", balance: 50 });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context.amount).toBe(50);
    actor.send({ type: "bet.balance", balance: 500 });
    expect(snap().context.amount).toBe(50);
    actor.send({ type: "bet.amount", amount: 400 });
    expect(snap().context.amount).toBe(150);
  });

  it("the stake on its way is not moved by the live balance; a failure brings it back within the balance", async () => {
    const held: { fail?: (e: unknown) => void } = {};
    const { actor, snap } = startPlacement(
      at.before,
      { balance: 100 },
      () => new Promise((_, reject) => (held.fail = reject)),
    );
    actor.send({ type: "bet.amount", amount: 80 });
    actor.send({ type: "bet.confirm" });
    actor.send({ type: "bet.balance", balance: 60 });
    expect(snap().hasTag("busy")).toBe(true);
    expect(snap().context).toMatchObject({ amount: 80, balance: 60 });
    held.fail?.(apiError(broken));
    await settle();
    expect(snap().hasTag("failed")).toBe(true);
    expect(snap().context.amount).toBe(60);
  });
});

describe("Under the minimum stake: the modal names the minimum and offers the Store, and follows the live balance", () => {
  it("opened at 10 diamonds: insufficient at once, the contract's belowMinimumStake, and a confirm sends nothing", () => {
    const { actor, snap, calls } = startPlacement(at.before, { balance: 10 });
    expect(snap().hasTag("insufficient")).toBe(true);
    expect(stakeRangeOf(snap().context)).toEqual({ ok: false, refusal: { status: 402, code: "belowMinimumStake" } });
    expect(snap().context.amount).toBe(30);
    actor.send({ type: "bet.confirm" });
    actor.send({ type: "bet.amount", amount: 10 });
    expect(snap().hasTag("insufficient")).toBe(true);
    expect(snap().context.amount).toBe(30);
    expect(calls).toEqual([]);
  });

  it("without a type chosen too; another type keeps it, as the minimum is every type's", () => {
    const { actor, snap } = startPlacement(at.before, { balance: 29, type: null });
    expect(snap().hasTag("insufficient")).toBe(true);
    actor.send({ type: "bet.type", betType: "ACROSS" });
    expect(snap().hasTag("insufficient")).toBe(true);
    expect(snap().context.type).toBe("ACROSS");
  });

  it("the live balance falling under the minimum while staking or choosing; diamonds arriving bring the slider back", async () => {
    const { actor, snap, calls } = startPlacement(at.before, { balance: 100 });
    actor.send({ type: "bet.amount", amount: 60 });
    actor.send({ type: "bet.balance", balance: 20 });
    expect(snap().hasTag("insufficient")).toBe(true);
    // The stake rests at the minimum meanwhile.
    expect(snap().context.amount).toBe(30);
    actor.send({ type: "bet.balance", balance: 45 });
    expect(snap().hasTag("staking")).toBe(true);
    actor.send({ type: "bet.amount", amount: 60 });
    expect(snap().context.amount).toBe(45);
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(calls).toEqual([{ raceId: "R1", riderId: "a", type: "WIN", amount: 45 }]);
    expect(snap().hasTag("placed")).toBe(true);

    const choosing = startPlacement(at.before, { balance: 100, type: null });
    choosing.actor.send({ type: "bet.balance", balance: 5 });
    expect(choosing.snap().hasTag("insufficient")).toBe(true);
    choosing.actor.send({ type: "bet.balance", balance: 30 });
    expect(choosing.snap().hasTag("choosing")).toBe(true);
  });

  it("a 402 from the server (spent in another tab before the live balance came) is insufficient until the balance says how many", async () => {
    const { actor, snap } = startPlacement(at.before, {}, async () => {
      throw apiError(poor);
    });
    actor.send({ type: "bet.amount", amount: 90 });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(snap().hasTag("insufficient")).toBe(true);
    expect(snap().context.error).toEqual(poor);
    actor.send({ type: "bet.balance", balance: 50 });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context.amount).toBe(50);
  });

  it("the same balance again (the owner repeats it after a reconnect) changes nothing: the deadline's timer keeps running", () => {
    const { actor, snap, advance } = startPlacement(CLOSES - 10 * SEC, { balance: 100 });
    advance(5 * SEC);
    actor.send({ type: "bet.balance", balance: 100 });
    expect(snap().hasTag("staking")).toBe(true);
    advance(5 * SEC);
    expect(snap().hasTag("expired")).toBe(true);
  });

  it("the deadline still closes it", () => {
    const { snap, advance } = startPlacement(CLOSES - 10 * SEC, { balance: 0 });
    expect(snap().hasTag("insufficient")).toBe(true);
    advance(10 * SEC);
    expect(snap().hasTag("expired")).toBe(true);
  });
});

describe("The modal decides with the race as last read: a rider injured meanwhile is refused at the confirm", () => {
  it("the owner's fresh facts: the confirm is incorrect (riderInjured) without asking the server; another type or stake tries again", () => {
    const { actor, snap, calls } = startPlacement(at.before);
    actor.send({ type: "bet.facts", riders: riders.map((r) => (r.id === "a" ? { ...r, odds: null } : r)), placed: [] });
    expect(snap().hasTag("staking")).toBe(true);
    actor.send({ type: "bet.confirm" });
    expect(snap().hasTag("incorrect")).toBe(true);
    expect(snap().context.error?.code).toBe("riderInjured");
    expect(calls).toEqual([]);
    actor.send({ type: "bet.amount", amount: 40 });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context.error).toBeNull();
  });
});

describe("Refusals and failures", () => {
  it("the server's 409 (already placed) is incorrect: another type tries again", async () => {
    const { actor, snap } = startPlacement(at.before, {}, async () => {
      throw apiError(alreadyPlaced);
    });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(snap().hasTag("incorrect")).toBe(true);
    expect(snap().context.error).toEqual(alreadyPlaced);
    actor.send({ type: "bet.type", betType: "PLACE" });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context.error).toBeNull();
  });

  it("a failure offers Try Again, which checks the rules first and places the bet", async () => {
    let fail = true;
    const { actor, snap, calls } = startPlacement(at.before, {}, async (i) => {
      if (fail) throw apiError(broken);
      return { bet: placedBet(i.amount), balance: 70 };
    });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(snap().hasTag("failed")).toBe(true);
    expect(snap().context.error).toEqual(broken);
    fail = false;
    actor.send({ type: "bet.retry" });
    await settle();
    expect(snap().hasTag("placed")).toBe(true);
    expect(calls).toHaveLength(2);
    expect(snap().context.bet?.id).toBe("b1");
  });

  it("an injured rider (no odds) cannot be bet on: incorrect on confirm", () => {
    const { actor, snap, calls } = startPlacement(at.before, { riderId: "hurt" });
    actor.send({ type: "bet.confirm" });
    expect(snap().hasTag("incorrect")).toBe(true);
    expect(snap().context.error?.code).toBe("riderInjured");
    expect(calls).toEqual([]);
  });
});

describe("An operator moves the race session: the open modal follows the close live", () => {
  const LATER = CLOSES + 60 * MIN;

  it("moved later: the old deadline passes with the modal open, the new one closes it", () => {
    const { actor, snap, advance } = startPlacement(CLOSES - 10 * SEC);
    actor.send({ type: "bet.closeChanged", closesAt: LATER });
    expect(snap().context.closesAt).toBe(LATER);
    advance(10 * SEC);
    expect(snap().hasTag("staking")).toBe(true);
    advance(LATER - CLOSES - 1);
    expect(snap().hasTag("staking")).toBe(true);
    advance(1);
    expect(snap().hasTag("expired")).toBe(true);
  });

  it("moved earlier, still ahead: the timer is re-armed and fires at the new close", () => {
    const { actor, snap, advance } = startPlacement(CLOSES - 10 * MIN, { type: null });
    actor.send({ type: "bet.closeChanged", closesAt: CLOSES - 9 * MIN });
    expect(snap().hasTag("choosing")).toBe(true);
    advance(MIN);
    expect(snap().hasTag("expired")).toBe(true);
  });

  it("moved earlier into the past on the modal's clock: closed at once, nothing sent", () => {
    const { actor, snap, calls } = startPlacement(CLOSES - 10 * MIN);
    actor.send({ type: "bet.closeChanged", closesAt: CLOSES - 11 * MIN });
    expect(snap().hasTag("expired")).toBe(true);
    actor.send({ type: "bet.confirm" });
    expect(calls).toEqual([]);
  });

  it("a closed modal opens again when the close moves later, the type and stake as they were; placing works", async () => {
    const { actor, snap, advance, calls } = startPlacement(CLOSES - 10 * SEC, { type: "PLACE", amount: 45 });
    advance(10 * SEC);
    expect(snap().hasTag("expired")).toBe(true);
    // The same close again (the owner repeats it with every read of the race) changes nothing.
    actor.send({ type: "bet.closeChanged", closesAt: CLOSES });
    expect(snap().hasTag("expired")).toBe(true);
    actor.send({ type: "bet.closeChanged", closesAt: LATER });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context).toMatchObject({ type: "PLACE", amount: 45, closesAt: LATER });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(calls).toEqual([{ raceId: "R1", riderId: "a", type: "PLACE", amount: 45 }]);
    expect(snap().hasTag("placed")).toBe(true);
  });

  it("after the server's 418, a close moved later opens it again without the server's error", async () => {
    const { actor, snap } = startPlacement(at.before, {}, async () => {
      throw apiError(expiredBody);
    });
    actor.send({ type: "bet.confirm" });
    await settle();
    expect(snap().hasTag("expired")).toBe(true);
    actor.send({ type: "bet.closeChanged", closesAt: LATER });
    expect(snap().hasTag("staking")).toBe(true);
    expect(snap().context.error).toBeNull();
  });

  it("a closed modal takes the race as read meanwhile, so it decides with it when it opens again", () => {
    const { actor, snap, advance } = startPlacement(CLOSES - 10 * SEC);
    advance(10 * SEC);
    actor.send({ type: "bet.facts", riders, placed: [{ riderId: "a", type: "WIN" }] });
    actor.send({ type: "bet.closeChanged", closesAt: LATER });
    expect(snap().context.placed).toEqual([{ riderId: "a", type: "WIN" }]);
    actor.send({ type: "bet.confirm" });
    expect(snap().hasTag("incorrect")).toBe(true);
    expect(snap().context.error?.code).toBe("betAlreadyPlaced");
  });

  it("moved while the bet is on its way: the request is left to finish, a failure arms the timer on the new close", async () => {
    const held: { fail?: (e: unknown) => void } = {};
    const { actor, snap, advance } = startPlacement(
      CLOSES - 10 * SEC,
      {},
      () => new Promise((_, reject) => (held.fail = reject)),
    );
    actor.send({ type: "bet.confirm" });
    actor.send({ type: "bet.closeChanged", closesAt: LATER });
    expect(snap().hasTag("busy")).toBe(true);
    held.fail?.(apiError(broken));
    await settle();
    expect(snap().hasTag("failed")).toBe(true);
    advance(10 * SEC);
    expect(snap().hasTag("failed")).toBe(true);
    advance(LATER - CLOSES);
    expect(snap().hasTag("expired")).toBe(true);
  });
});
