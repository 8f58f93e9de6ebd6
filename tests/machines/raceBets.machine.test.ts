import { describe, expect, it } from "vitest";
import { assign, createActor, fromCallback, type SimulatedClock } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { betPlacementMachine } from "../../machines/betPlacement.machine";
import { raceBetsMachine, type RaceBetsContext } from "../../machines/raceBets.machine";
import { betOf, betsWorld, CLOSES, raceBetsView, T0 } from "../views/bets/betsFixtures";
import { apiError } from "./authFixtures";
import { allTransitions, promiseStubs, settle } from "./modelWalk";
import { advance, expectFull, settlePromise, toChild, toOwner, walkOwner, type OwnerStep } from "./ownerWalk";

const session = { userId: "u1", raceId: "R1" };
const fresh = raceBetsView(betsWorld());
const withWin = raceBetsView(betsWorld({ bets: [betOf("r1", "WIN", 30)] }));
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

/** The owner with stub services on the walk's fake clock: the modal does nothing, promises wait for the walk. */
function build(clock: SimulatedClock, record: string[] = []) {
  const stubs = promiseStubs(["placeBet"]);
  const readClock = assign({ now: () => clock.now() });
  const machine = raceBetsMachine.provide({
    actions: {
      readClock: readClock as never,
      openBetModal: () => void record.push("open BetOnRider"),
      closeBetModal: () => void record.push("close BetOnRider"),
      refetch: () => void record.push("refetch"),
    },
    actors: {
      watchBets: fromCallback(() => () => {}),
      betPlacement: betPlacementMachine.provide({
        actions: { readClock: readClock as never },
        actors: { placeBet: stubs.actors.placeBet },
      }),
    },
  });
  return { machine, pending: stubs.pending };
}

const steps: OwnerStep[] = [
  toOwner("bets.open", { type: "bets.open", session }),
  toOwner("bets.data (no bets)", { type: "bets.data", data: fresh }),
  toOwner("bets.data (a WIN bet on r1)", { type: "bets.data", data: withWin }),
  toOwner("bets.balance", { type: "bets.balance", balance: 20 }),
  toOwner("rider.bet r1 WIN", { type: "rider.bet", riderId: "r1", betType: "WIN" }),
  toOwner("rider.bet r2 (choose the type)", { type: "rider.bet", riderId: "r2" }),
  toOwner("rider.bet r3 (injured)", { type: "rider.bet", riderId: "r3", betType: "WIN" }),
  toChild("bet.confirm", "placement", { type: "bet.confirm" }),
  toChild("bet.type ACROSS", "placement", { type: "bet.type", betType: "ACROSS" }),
  settlePromise("placeBet done", "placeBet", { output: { bet: betOf("r1", "WIN", 30), balance: 70 } }),
  // The confirm alone moves only the child, which the walk does not count as a move; with the server's answer the
  // placement ends (placed), the one end it has now that a closed modal may open again.
  {
    name: "bet.confirm, placeBet done",
    run: (h) => {
      const ref = (h.actor.getSnapshot().context as RaceBetsContext).placement;
      if (!ref || !ref.getSnapshot().hasTag("staking")) return false;
      ref.send({ type: "bet.confirm" });
      return settlePromise("", "placeBet", { output: { bet: betOf("r1", "WIN", 30), balance: 70 } }).run(h);
    },
  },
  settlePromise("placeBet failed", "placeBet", { error: apiError(broken) }),
  toOwner("placement.closed", { type: "placement.closed" }),
  advance("bets close", CLOSES - T0),
  toOwner("bets.close", { type: "bets.close" }),
];

/** A state of the walk: the owner's value, which data it holds, and the placement's state. */
const key = (actor: { getSnapshot(): { value: unknown; context: unknown } }) => {
  const c = actor.getSnapshot().context as RaceBetsContext;
  return JSON.stringify([
    actor.getSnapshot().value,
    c.data?.bets.length ?? null,
    c.balance,
    c.placement?.getSnapshot().value ?? null,
  ]);
};

describe("raceBets.machine: every transition, walked on real actors", () => {
  it("covers 100% of the transitions", async () => {
    const { covered, paths } = await walkOwner({ build, steps, key, startAt: T0, maxDepth: 6 });
    expect(paths.length).toBeGreaterThan(20);
    expectFull("raceBets.machine", allTransitions(raceBetsMachine), covered);
  }, 300_000);
});

function start(first = fresh) {
  const record: string[] = [];
  let now = T0;
  const clock = { now: () => now, set: (t: number) => void (now = t) } as unknown as SimulatedClock;
  const { machine, pending } = build(clock, record);
  const actor = createActor(machine).start();
  actor.send({ type: "bets.open", session });
  actor.send({ type: "bets.data", data: first });
  return { actor, pending, record, ctx: () => actor.getSnapshot().context, setNow: (t: number) => void (now = t) };
}

describe("The Bets screen's owner spawns the bet's flow and hands it the rules' facts", () => {
  it("a rider's odds pressed: spawns betPlacement for the rider and type, opens BetOnRider", () => {
    const { actor, ctx, record } = start();
    expect(actor.getSnapshot().hasTag("open")).toBe(true);
    actor.send({ type: "rider.bet", riderId: "r2", betType: "PLACE" });
    const placement = ctx().placement!;
    expect(placement.getSnapshot().context).toMatchObject({
      riderId: "r2",
      type: "PLACE",
      balance: 100,
      closesAt: CLOSES,
    });
    expect(placement.getSnapshot().hasTag("staking")).toBe(true);
    expect(actor.getSnapshot().hasTag("betting")).toBe(true);
    expect(record).toEqual(["open BetOnRider"]);
  });

  it("forwards the live balance to the flow; closing the modal stops it", () => {
    const { actor, ctx } = start();
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    const placement = ctx().placement!;
    actor.send({ type: "bets.balance", balance: 10 });
    expect(placement.getSnapshot().context.balance).toBe(10);
    actor.send({ type: "placement.closed" });
    expect(placement.getSnapshot().status).toBe("stopped");
    expect(ctx().placement).toBeNull();
  });

  it("forwards the race read again to the flow: a bet placed elsewhere is refused at the confirm", () => {
    const { actor, ctx } = start();
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    const placement = ctx().placement!;
    actor.send({ type: "bets.data", data: withWin });
    expect(placement.getSnapshot().context.placed).toEqual([{ riderId: "r1", type: "WIN" }]);
    placement.send({ type: "bet.confirm" });
    expect(placement.getSnapshot().hasTag("incorrect")).toBe(true);
    expect(placement.getSnapshot().context.error?.code).toBe("betAlreadyPlaced");
  });

  it("a type already bet on the rider, an injured rider, or bets closed: nothing opens", () => {
    const { actor, ctx, setNow } = start(withWin);
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    actor.send({ type: "rider.bet", riderId: "r3", betType: "WIN" });
    expect(ctx().placement).toBeNull();
    setNow(CLOSES);
    actor.send({ type: "bets.data", data: withWin });
    expect(actor.getSnapshot().hasTag("closed")).toBe(true);
    actor.send({ type: "rider.bet", riderId: "r2", betType: "WIN" });
    expect(ctx().placement).toBeNull();
  });

  it("a bet placed: the outcome stays in the modal and the race's bets are read again", async () => {
    const { actor, ctx, pending, record } = start();
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    ctx().placement!.send({ type: "bet.confirm" });
    pending.get("placeBet")!.resolve({ bet: betOf("r1", "WIN", 30), balance: 70 });
    await settle();
    expect(ctx().placement!.getSnapshot().hasTag("placed")).toBe(true);
    expect(record).toEqual(["open BetOnRider", "refetch"]);
  });

  it("the race read again after an operator moved its race session: the open flow takes the new close", () => {
    const { actor, ctx, setNow } = start();
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    const placement = ctx().placement!;
    const later = CLOSES + 3_600_000;
    setNow(CLOSES + 1_000);
    // The old close passed on the flow's clock; the race's data says it moved an hour later.
    actor.send({ type: "bets.data", data: { ...fresh, closesAt: new Date(later).toISOString() } });
    expect(placement.getSnapshot().context.closesAt).toBe(later);
    expect(placement.getSnapshot().hasTag("staking")).toBe(true);
    expect(actor.getSnapshot().hasTag("open")).toBe(true);
  });

  it("another race: the flow stops and the modal closes", () => {
    const { actor, ctx, record } = start();
    actor.send({ type: "rider.bet", riderId: "r1", betType: "WIN" });
    const placement = ctx().placement!;
    actor.send({ type: "bets.open", session: { userId: "u1", raceId: "R2" } });
    expect(placement.getSnapshot().status).toBe("stopped");
    expect(record).toContain("close BetOnRider");
    expect(actor.getSnapshot().hasTag("loading")).toBe(true);
  });
});
