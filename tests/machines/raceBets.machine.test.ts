import { describe, expect, it } from "vitest";
import { assign, createActor, fromCallback } from "xstate";
import { betPlacementMachine } from "../../machines/betPlacement.machine";
import { raceBetsMachine } from "../../machines/raceBets.machine";
import { betOf, betsWorld, CLOSES, raceBetsView, T0 } from "../views/bets/betsFixtures";
import { promiseStubs, settle } from "./stubs";

// The owner's paths are walked on the Bets screen itself (tests/views/paths/raceBets.paths.test.tsx), with the
// coverage of every transition; these are the rules the paths do not spell out: what the flow is handed and told.

const session = { userId: "u1", raceId: "R1" };
const fresh = raceBetsView(betsWorld());
const withWin = raceBetsView(betsWorld({ bets: [betOf("r1", "WIN", 30)] }));

/** The owner with stub services on the test's clock: the modal is recorded, the placing call waits for the test. */
function build(clock: { now(): number }, record: string[] = []) {
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

function start(first = fresh) {
  const record: string[] = [];
  let now = T0;
  const clock = { now: () => now };
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
