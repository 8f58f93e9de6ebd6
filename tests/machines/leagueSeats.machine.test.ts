import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { leagueJoinMachine, type LeagueSeat } from "../../machines/leagueJoin.machine";
import { leagueSeatsMachine } from "../../machines/leagueSeats.machine";
import { apiError } from "./authFixtures";
import { allTransitions, promiseStubs, settle } from "./modelWalk";
import { expectFull, settlePromise, toChild, toOwner, walkOwner, type OwnerStep } from "./ownerWalk";

const seat = (id: string, over: Partial<LeagueSeat> = {}): LeagueSeat => ({
  id,
  type: "PUBLIC",
  ownerId: "o1",
  membersCount: 5,
  max: 100,
  memberStatus: null,
  ...over,
});
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

function build() {
  const stubs = promiseStubs(["join", "accept", "removeMember", "approve", "deleteLeague", "useLink"]);
  const machine = leagueSeatsMachine.provide({
    actors: {
      watchLeagues: fromCallback(() => () => {}),
      leagueJoin: leagueJoinMachine.provide({ actors: stubs.actors }),
    },
  });
  return { machine, pending: stubs.pending };
}

/** Sends to the flow of league `id` (kept in `seats`). */
const toSeat = (name: string, id: string, event: { type: string }): OwnerStep => ({
  name,
  run: ({ actor }) => {
    const ref = (
      actor.getSnapshot().context as {
        seats: Record<string, { send(e: unknown): void; getSnapshot(): { status: string } }>;
      }
    ).seats[id];
    if (!ref || ref.getSnapshot().status !== "active") return false;
    ref.send(event);
    return true;
  },
});

const steps: OwnerStep[] = [
  toOwner("data: L1 for u1", { type: "leagues.data", me: "u1", leagues: [seat("L1")] }),
  toOwner("data: L1 joined, L2 for u1", {
    type: "leagues.data",
    me: "u1",
    leagues: [seat("L1", { memberStatus: "ACCEPTED" }), seat("L2")],
  }),
  toOwner("data: owned L3, alone", {
    type: "leagues.data",
    me: "u1",
    leagues: [seat("L3", { ownerId: "u1", memberStatus: "ACCEPTED", membersCount: 1 })],
  }),
  toOwner("data: another player", { type: "leagues.data", me: "u2", leagues: [seat("L1")] }),
  toOwner("signed out", { type: "leagues.data", me: null, leagues: [] }),
  toOwner("link.use", { type: "leagues.link.use", data: "d", signature: "s" }),
  settlePromise("link used", "useLink", { output: { leagueId: "L1" } }),
  settlePromise("link failed", "useLink", { error: apiError(broken) }),
  toSeat("L3 leave", "L3", { type: "league.leave" }),
  toSeat("L3 confirm", "L3", { type: "league.confirm" }),
  settlePromise("league deleted", "deleteLeague", { output: undefined }),
  toChild("link retry", "link", { type: "link.retry" }),
];

const key = (actor: { getSnapshot(): { context: unknown } }) => {
  const c = actor.getSnapshot().context as {
    me: string | null;
    seats: Record<string, { getSnapshot(): { value: unknown } }>;
    link: { getSnapshot(): { value: unknown } } | null;
  };
  return JSON.stringify([
    c.me,
    Object.entries(c.seats).map(([id, ref]) => [id, ref.getSnapshot().value]),
    c.link?.getSnapshot().value ?? null,
  ]);
};

describe("leagueSeats.machine: every transition, walked on real actors", () => {
  it("covers 100% of the transitions", async () => {
    const { covered } = await walkOwner({ build, steps, key, maxDepth: 5 });
    expectFull("leagueSeats.machine", allTransitions(leagueSeatsMachine), covered);
  }, 120_000);
});

function start() {
  const { machine, pending } = build();
  const actor = createActor(machine).start();
  return { actor, pending, seats: () => actor.getSnapshot().context.seats };
}

describe("One join flow per league, shared by every view of it", () => {
  it("spawns a flow on a league's first data and syncs it with later data", () => {
    const { actor, seats } = start();
    actor.send({ type: "leagues.data", me: "u1", leagues: [seat("L1")] });
    const first = seats().L1!;
    expect(first.getSnapshot().hasTag("outside")).toBe(true);
    actor.send({ type: "leagues.data", me: "u1", leagues: [seat("L1", { memberStatus: "ACCEPTED" })] });
    expect(seats().L1).toBe(first);
    expect(first.getSnapshot().hasTag("member")).toBe(true);
  });

  it("stops the flows of the previous player when another signs in", () => {
    const { actor, seats } = start();
    actor.send({ type: "leagues.data", me: "u1", leagues: [seat("L1")] });
    const old = seats().L1!;
    actor.send({ type: "leagues.data", me: "u2", leagues: [] });
    expect(old.getSnapshot().status).toBe("stopped");
    expect(seats()).toEqual({});
  });

  it("ends a league's flow once the league is removed", async () => {
    const { actor, pending, seats } = start();
    actor.send({
      type: "leagues.data",
      me: "u1",
      leagues: [seat("L3", { ownerId: "u1", memberStatus: "ACCEPTED", membersCount: 1 })],
    });
    seats().L3!.send({ type: "league.leave" });
    seats().L3!.send({ type: "league.confirm" });
    pending.get("deleteLeague")!.resolve(undefined);
    await settle();
    expect(seats().L3).toBeUndefined();
  });

  it("uses an invite link on a flow of its own", async () => {
    const { actor, pending } = start();
    actor.send({ type: "leagues.link.use", data: "d", signature: "s" });
    expect(actor.getSnapshot().context.link?.getSnapshot().hasTag("busy")).toBe(true);
    pending.get("useLink")!.reject(apiError(broken));
    await settle();
    expect(actor.getSnapshot().context.link?.getSnapshot().hasTag("linkFailed")).toBe(true);
  });
});
