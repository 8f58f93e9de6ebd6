import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { leagueJoinMachine, type ConfirmationKind, type LeagueSeat } from "../../machines/leagueJoin.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// Every path of the machine is played on the league page and the invite-link panel with the app's owner of the
// flows, with the coverage of every transition (tests/views/paths/leagueJoin.paths.test.tsx); these are the rules
// a path does not spell out.

const ME = "u1";
const seat = (over: Partial<LeagueSeat>): LeagueSeat => ({
  id: "L1",
  type: "PUBLIC",
  ownerId: "o1",
  membersCount: 5,
  max: 100,
  memberStatus: null,
  ...over,
});

const full: ErrorBody = {
  statusCode: 409,
  code: "leagueFull",
  message: "The maximum number of participants in the league has already been reached",
};
const ownerStays: ErrorBody = {
  statusCode: 409,
  code: "ownerCannotLeave",
  message: "You cannot leave your league while there are other members in it.",
};
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };
const linkExpired: ErrorBody = {
  statusCode: 400,
  code: "invalidToken",
  message: "This link is invalid or has expired",
};
const linkQuiet: ErrorBody = { statusCode: 509, code: "alreadyMember", message: "Already in the league" };

const actorNames = ["join", "accept", "removeMember", "approve", "deleteLeague", "useLink"] as const;

/** What the flow told the app: the league changed, was removed, or a link was used. */
type Announced = { type: "league.changed" | "league.removed" | "league.linkUsed"; leagueId: string };

/** The dotted state name ("ready.member"), for reading the walk in tests. */
function leagueJoinStatus(value: unknown): string {
  if (typeof value === "string") return value;
  const [parent, child] = Object.entries(value as Record<string, unknown>)[0] as [string, unknown];
  return typeof child === "string" ? `${parent}.${child}` : parent;
}

type Answers = Partial<Record<(typeof actorNames)[number], (input: unknown) => Promise<unknown>>>;

/** A league actor whose services answer as given; records the calls, modals and emitted events. */
function startLeague(league: LeagueSeat | null, answers: Answers = {}) {
  const inputs: Record<string, unknown[]> = {};
  const shown: Array<{ modal: string; kind?: ConfirmationKind; name?: string; message?: string }> = [];
  let cookiesDeleted = 0;
  const emitted: Announced[] = [];
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown, unknown>(async ({ input }) => {
        (inputs[name] ??= []).push(input);
        const answer = answers[name];
        if (!answer) throw new Error(`${name} was not expected`);
        return answer(input);
      }),
    ]),
  );
  const actor = createActor(
    leagueJoinMachine.provide({
      actors: actors as never,
      actions: {
        showFull: () => void shown.push({ modal: "full" }),
        showOwnerCannotLeave: () => void shown.push({ modal: "ownerCannotLeave" }),
        askConfirmation: (_, params) => void shown.push({ modal: "confirm", ...params }),
        showRetry: (_, params) => void shown.push({ modal: "retry", message: params.message }),
        forgetInviteLink: () => void (cookiesDeleted += 1),
        announceChanged: (_, { leagueId }) => void emitted.push({ type: "league.changed", leagueId }),
        announceRemoved: (_, { leagueId }) => void emitted.push({ type: "league.removed", leagueId }),
        announceLinkUsed: (_, { leagueId }) => void emitted.push({ type: "league.linkUsed", leagueId }),
      },
    }),
    { input: { league, me: ME } },
  );
  actor.start();
  const status = () => leagueJoinStatus(actor.getSnapshot().value);
  return { actor, inputs, shown, emitted, status, cookies: () => cookiesDeleted };
}

const ok = (value?: unknown) => async () => value;
const fail = (body: ErrorBody) => async () => {
  throw apiError(body);
};

describe("League join: the outcome depends on the league's type", () => {
  it("a public league makes the player ACCEPTED and membersCount rises by one", async () => {
    const { actor, inputs, emitted, status } = startLeague(seat({}), {
      join: ok({ memberStatus: "ACCEPTED", membersCount: 6 }),
    });
    expect(status()).toBe("ready.outside");
    actor.send({ type: "league.join" });
    expect(status()).toBe("joining");
    await settle();
    expect(inputs.join).toEqual([{ leagueId: "L1" }]);
    expect(status()).toBe("ready.member");
    expect(actor.getSnapshot().context.league).toMatchObject({ memberStatus: "ACCEPTED", membersCount: 6 });
    expect(emitted).toEqual([{ type: "league.changed", leagueId: "L1" }]);
  });

  it("a private league sets PENDING: the player has requested", async () => {
    const { actor, status } = startLeague(seat({ type: "PRIVATE" }), {
      join: ok({ memberStatus: "PENDING", membersCount: 5 }),
    });
    actor.send({ type: "league.join" });
    await settle();
    expect(status()).toBe("ready.requested");
  });

  it("a VIP league sets FOLLOWING; unfollowing leaves it", async () => {
    const { actor, inputs, status } = startLeague(seat({ type: "VIP" }), {
      join: ok({ memberStatus: "FOLLOWING", membersCount: 5 }),
      removeMember: ok({ memberStatus: null, membersCount: 5 }),
    });
    actor.send({ type: "league.join" });
    await settle();
    expect(status()).toBe("ready.following");
    actor.send({ type: "league.unfollow" });
    await settle();
    expect(inputs.removeMember).toEqual([{ leagueId: "L1", userId: ME }]);
    expect(status()).toBe("ready.outside");
  });

  it("a pending request can be cancelled", async () => {
    const { actor, status } = startLeague(seat({ memberStatus: "PENDING" }), {
      removeMember: ok({ memberStatus: null, membersCount: 5 }),
    });
    expect(status()).toBe("ready.requested");
    actor.send({ type: "league.request.cancel" });
    await settle();
    expect(status()).toBe("ready.outside");
  });
});

describe("Join is refused when membersCount has reached max: a modal with only OK", () => {
  it("does not call the server when the league is known to be full", async () => {
    const { actor, inputs, shown, status } = startLeague(seat({ membersCount: 100 }));
    actor.send({ type: "league.join" });
    await settle();
    expect(shown).toEqual([{ modal: "full" }]);
    expect(inputs).toEqual({});
    expect(status()).toBe("ready.outside");
  });

  it("shows the same modal when the server answers leagueFull (someone was faster)", async () => {
    const { actor, shown, status } = startLeague(seat({ membersCount: 99 }), { join: fail(full) });
    actor.send({ type: "league.join" });
    await settle();
    expect(shown).toEqual([{ modal: "full" }]);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(status()).toBe("ready.outside");
  });

  it("other failures keep the server's error for the view", async () => {
    const { actor } = startLeague(seat({}), { join: fail(broken) });
    actor.send({ type: "league.join" });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(broken);
    actor.send({ type: "league.error.clear" });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe("Invitations: accept, or decline with confirmation", () => {
  it("accepting calls accept for the current user and makes them a member", async () => {
    const { actor, inputs, status } = startLeague(seat({ type: "VIP", memberStatus: "INVITED" }), {
      accept: ok({ memberStatus: "ACCEPTED", membersCount: 6 }),
    });
    expect(status()).toBe("ready.invited");
    actor.send({ type: "league.invite.accept" });
    await settle();
    expect(inputs.accept).toEqual([{ leagueId: "L1", userId: ME }]);
    expect(status()).toBe("ready.member");
  });

  it("accepting into a full league shows the OK-only modal instead", async () => {
    const { actor, shown, inputs } = startLeague(seat({ memberStatus: "INVITED", membersCount: 100 }));
    actor.send({ type: "league.invite.accept" });
    expect(shown).toEqual([{ modal: "full" }]);
    expect(inputs).toEqual({});
  });

  it("declining asks first; cancel keeps the invitation, confirm removes it", async () => {
    const { actor, inputs, shown, status } = startLeague(seat({ memberStatus: "INVITED" }), {
      removeMember: ok({ memberStatus: null, membersCount: 5 }),
    });
    actor.send({ type: "league.invite.decline" });
    expect(shown).toEqual([{ modal: "confirm", kind: "decline" }]);
    actor.send({ type: "league.cancel" });
    expect(status()).toBe("ready.invited");
    actor.send({ type: "league.invite.decline" });
    actor.send({ type: "league.confirm" });
    await settle();
    expect(inputs.removeMember).toEqual([{ leagueId: "L1", userId: ME }]);
    expect(status()).toBe("ready.outside");
  });
});

describe("Leaving", () => {
  it("a member confirms and leaves", async () => {
    const { actor, shown, status } = startLeague(seat({ memberStatus: "ACCEPTED" }), {
      removeMember: ok({ memberStatus: null, membersCount: 4 }),
    });
    actor.send({ type: "league.leave" });
    expect(shown).toEqual([{ modal: "confirm", kind: "leave" }]);
    actor.send({ type: "league.confirm" });
    await settle();
    expect(status()).toBe("ready.outside");
    expect(actor.getSnapshot().context.league?.membersCount).toBe(4);
  });

  it("an owner cannot leave while other members remain", () => {
    const { actor, shown, inputs, status } = startLeague(
      seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 2 }),
    );
    actor.send({ type: "league.leave" });
    expect(shown).toEqual([{ modal: "ownerCannotLeave" }]);
    expect(inputs).toEqual({});
    expect(status()).toBe("ready.member");
  });

  it("an owner alone confirms and the league is removed", async () => {
    const { actor, inputs, shown, emitted, status } = startLeague(
      seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 1 }),
      {
        deleteLeague: ok({ ok: true }),
      },
    );
    actor.send({ type: "league.leave" });
    expect(shown).toEqual([{ modal: "confirm", kind: "ownerLeave" }]);
    actor.send({ type: "league.confirm" });
    await settle();
    expect(inputs.deleteLeague).toEqual([{ leagueId: "L1" }]);
    expect(status()).toBe("removed");
    expect(actor.getSnapshot().status).toBe("done");
    expect(emitted).toEqual([{ type: "league.removed", leagueId: "L1" }]);
  });

  it("the server's ownerCannotLeave (someone joined meanwhile) shows the same message", async () => {
    const { actor, shown, status } = startLeague(seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 1 }), {
      deleteLeague: fail(ownerStays),
    });
    actor.send({ type: "league.leave" });
    actor.send({ type: "league.confirm" });
    await settle();
    expect(shown.at(-1)).toEqual({ modal: "ownerCannotLeave" });
    expect(status()).toBe("ready.member");
  });
});

describe("The owner removes members, with confirmation; members answer requests", () => {
  it("remove asks with the member's name, then removes them", async () => {
    const { actor, inputs, shown, status } = startLeague(
      seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 3 }),
      {
        removeMember: ok({ memberStatus: null, membersCount: 2 }),
      },
    );
    actor.send({ type: "member.remove", userId: "u2", name: "Bagnaia" });
    expect(shown).toEqual([{ modal: "confirm", kind: "remove", name: "Bagnaia" }]);
    actor.send({ type: "league.confirm" });
    await settle();
    expect(inputs.removeMember).toEqual([{ leagueId: "L1", userId: "u2" }]);
    expect(status()).toBe("ready.member");
    expect(actor.getSnapshot().context.league).toMatchObject({ memberStatus: "ACCEPTED", membersCount: 2 });
    expect(actor.getSnapshot().context.target).toBeNull();
  });

  it("a member who is not the owner cannot remove, and nobody removes themself", () => {
    const member = startLeague(seat({ memberStatus: "ACCEPTED" }));
    member.actor.send({ type: "member.remove", userId: "u2", name: "Bagnaia" });
    expect(member.status()).toBe("ready.member");
    const owner = startLeague(seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 3 }));
    owner.actor.send({ type: "member.remove", userId: ME, name: "Me" });
    expect(owner.status()).toBe("ready.member");
    expect(owner.shown).toEqual([]);
  });

  it("approving a request accepts the requester; rejecting removes them", async () => {
    const { actor, inputs } = startLeague(seat({ type: "PRIVATE", memberStatus: "ACCEPTED" }), {
      approve: ok({ memberStatus: "ACCEPTED", membersCount: 6 }),
      removeMember: ok({ memberStatus: null, membersCount: 6 }),
    });
    actor.send({ type: "member.approve", userId: "u3", name: "Marquez" });
    await settle();
    actor.send({ type: "member.reject", userId: "u4", name: "Quartararo" });
    await settle();
    expect(inputs.approve).toEqual([{ leagueId: "L1", userId: "u3" }]);
    expect(inputs.removeMember).toEqual([{ leagueId: "L1", userId: "u4" }]);
    expect(actor.getSnapshot().context.league?.membersCount).toBe(6);
  });
});

describe("Fresh data moves the player to the server's status", () => {
  it("but not while a confirmation is open: the data is kept and the question stays", () => {
    const { actor, status } = startLeague(seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 3 }));
    actor.send({ type: "member.remove", userId: "u2", name: "Bagnaia" });
    actor.send({
      type: "league.sync",
      league: seat({ memberStatus: "ACCEPTED", ownerId: ME, membersCount: 4 }),
      me: ME,
    });
    expect(status()).toBe("ready.confirmRemove");
    expect(actor.getSnapshot().context.league?.membersCount).toBe(4);
  });

  it("a live invitation turns an outsider into an invitee", () => {
    const { actor, status } = startLeague(seat({}));
    actor.send({ type: "league.sync", league: seat({ memberStatus: "INVITED" }), me: ME });
    expect(status()).toBe("ready.invited");
  });

  it("a flow without a league waits for an invite link only (league flows start with their data)", () => {
    const { actor, status } = startLeague(null);
    expect(status()).toBe("unknown");
    actor.send({ type: "league.sync", league: seat({ memberStatus: "ACCEPTED" }), me: ME });
    expect(status()).toBe("unknown");
  });
});

describe("Invite link: retry modal with the server's message unless 509; invite cookies deleted after", () => {
  const link = { type: "link.use" as const, data: "d", signature: "s" };

  it("on success deletes the cookies and announces the league to go to", async () => {
    const { actor, inputs, emitted, cookies, status } = startLeague(null, { useLink: ok({ leagueId: "L9" }) });
    actor.send(link);
    await settle();
    expect(inputs.useLink).toEqual([{ data: "d", signature: "s" }]);
    expect(status()).toBe("linkUsed");
    expect(cookies()).toBe(1);
    expect(emitted).toEqual([{ type: "league.linkUsed", leagueId: "L9" }]);
  });

  it("on failure shows the server's message in a retry modal; retry uses the same link again", async () => {
    let calls = 0;
    const { actor, shown, cookies, status, inputs } = startLeague(null, {
      useLink: async () => {
        calls += 1;
        if (calls === 1) throw apiError(linkExpired);
        return { leagueId: "L9" };
      },
    });
    actor.send(link);
    await settle();
    expect(shown).toEqual([{ modal: "retry", message: linkExpired.message }]);
    expect(cookies()).toBe(1);
    expect(status()).toBe("linkFailed");
    actor.send({ type: "link.retry" });
    await settle();
    expect(inputs.useLink).toEqual([
      { data: "d", signature: "s" },
      { data: "d", signature: "s" },
    ]);
    expect(status()).toBe("linkUsed");
  });

  it("a 509 answer shows no modal but still deletes the cookies", async () => {
    const { actor, shown, cookies, status } = startLeague(null, { useLink: fail(linkQuiet) });
    actor.send(link);
    await settle();
    expect(shown).toEqual([]);
    expect(cookies()).toBe(1);
    expect(status()).toBe("linkRefused");
    expect(actor.getSnapshot().hasTag("linkFailed")).toBe(true);
    expect(actor.getSnapshot().context.error?.statusCode).toBe(509);
  });

  it("after a 509 no retry is taken (the page offers none)", async () => {
    const { actor, inputs, status } = startLeague(null, { useLink: fail(linkQuiet) });
    actor.send(link);
    await settle();
    actor.send({ type: "link.retry" });
    await settle();
    expect(inputs.useLink).toHaveLength(1);
    expect(status()).toBe("linkRefused");
  });
});
