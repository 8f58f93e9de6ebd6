import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { leagueJoinMachine, type LeagueSeat } from "../../machines/leagueJoin.machine";
import { leagueSeatsMachine } from "../../machines/leagueSeats.machine";
import { apiError } from "./authFixtures";
import { promiseStubs, settle } from "./stubs";

// The owner's paths are walked on the league page and the invite-link panel
// (tests/views/paths/leagueSeats.paths.test.tsx), with the coverage of every transition; these are the rules the paths
// do not spell out: one flow per league, kept on later data, and the ends that take a flow away.

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
