import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { LeagueMemberStatus, LeagueType } from "../contract/enums";
import { isFull, isOwner, planLeave, planRemove, seatKindOf } from "../contract/leagueRules";
import { notProvided, toErrorBody } from "./serviceErrors";

/** What the flow needs to know about one league, from the signed-in player's side. */
export type LeagueSeat = {
  id: string;
  type: LeagueType;
  ownerId: string;
  membersCount: number;
  max: number;
  /** The signed-in player's status in the league; null (or LEAVED) when outside it. */
  memberStatus: LeagueMemberStatus | null;
};
export type InviteLink = { data: string; signature: string };
export type MemberTarget = { userId: string; name: string };
/** What a join, accept or leave changed: the player's status and the league's accepted count. */
export type SeatChange = { memberStatus: LeagueMemberStatus | null; membersCount: number };
export type ConfirmationKind = "leave" | "ownerLeave" | "remove" | "decline";

export type LeagueJoinContext = {
  league: LeagueSeat | null;
  me: string | null;
  error: ErrorBody | null;
  link: InviteLink | null;
  /** The member an owner is removing, or the player whose request is being answered. */
  target: MemberTarget | null;
};

export type LeagueJoinInput = { league?: LeagueSeat | null; me?: string | null };

export type LeagueJoinEvent =
  | { type: "league.sync"; league: LeagueSeat; me: string | null }
  | { type: "league.join" }
  | { type: "league.request.cancel" }
  | { type: "league.invite.accept" }
  | { type: "league.invite.decline" }
  | { type: "league.unfollow" }
  | { type: "league.leave" }
  | { type: "league.confirm" }
  | { type: "league.cancel" }
  | { type: "member.remove"; userId: string; name: string }
  | { type: "member.approve"; userId: string; name: string }
  | { type: "member.reject"; userId: string; name: string }
  | { type: "link.use"; data: string; signature: string }
  | { type: "link.retry" }
  | { type: "league.error.clear" };

/**
 * Tags the views read: where the player stands (`outside`, `requested`, `invited`, `following`, `member`), `busy`
 * while a call runs, `loading` before the league is known, `linkFailed`, `removed`.
 */
export type LeagueJoinTag =
  | "outside"
  | "requested"
  | "invited"
  | "following"
  | "member"
  | "busy"
  | "loading"
  | "linkFailed"
  | "removed";

/** The spec's code for the invite-link failure that shows no retry modal. */
export const LINK_QUIET_STATUS = 509;

const codeOf = (error: unknown) => toErrorBody(error).code;

const leagueIdOf = (c: LeagueJoinContext) => c.league?.id ?? "";

/** Fresh data while a confirmation is open is kept, and the question stays: the player answers it. */
const keepAsking = {
  actions: {
    type: "setLeague" as const,
    params: ({ event }: { event: { league: LeagueSeat; me: string | null } }) => event,
  },
};

export const leagueJoinMachine = setup({
  types: {
    context: {} as LeagueJoinContext,
    events: {} as LeagueJoinEvent,
    input: {} as LeagueJoinInput | undefined,
    tags: {} as LeagueJoinTag,
  },
  actors: {
    /** POST /leagues/{id}/members: PUBLIC → ACCEPTED, PRIVATE → PENDING, VIP → FOLLOWING. */
    join: fromPromise<SeatChange, { leagueId: string }>(notProvided("join")),
    /** PUT /leagues/{id}/members/{me} with status ACCEPTED. */
    accept: fromPromise<SeatChange, { leagueId: string; userId: string }>(notProvided("accept")),
    /** DELETE /leagues/{id}/members/{userId}: leave, unfollow, cancel a request, decline an invite, remove or reject. */
    removeMember: fromPromise<SeatChange, { leagueId: string; userId: string }>(notProvided("removeMember")),
    /** PUT /leagues/{id}/members/{userId} with status ACCEPTED, for a pending request. */
    approve: fromPromise<SeatChange, { leagueId: string; userId: string }>(notProvided("approve")),
    /** DELETE /leagues/{id}: the owner leaves alone. */
    deleteLeague: fromPromise<unknown, { leagueId: string }>(notProvided("deleteLeague")),
    /** POST /leagues/link/use: returns the league id. */
    useLink: fromPromise<{ leagueId: string }, InviteLink>(notProvided("useLink")),
  },
  guards: {
    hasLeague: ({ context }) => context.league !== null,
    isMember: ({ context }) => seatKindOf(context.league?.memberStatus ?? null) === "member",
    isRequested: ({ context }) => seatKindOf(context.league?.memberStatus ?? null) === "requested",
    isInvited: ({ context }) => seatKindOf(context.league?.memberStatus ?? null) === "invited",
    isFollowing: ({ context }) => seatKindOf(context.league?.memberStatus ?? null) === "following",
    /** Spec: "Join is refused when membersCount has reached max." */
    isFull: ({ context }) => context.league !== null && isFull(context.league),
    isOwner: ({ context }) => context.league !== null && isOwner(context.league, context.me),
    /** The rules refuse the owner's leave while others remain. */
    ownerWithOthers: ({ context }) =>
      context.league !== null &&
      context.me !== null &&
      !planLeave(context.league, { id: context.me, status: context.league.memberStatus }).ok,
    /** The rules let the owner remove others, never themself. */
    canRemove: ({ context, event }) =>
      event.type === "member.remove" &&
      context.league !== null &&
      context.me !== null &&
      event.userId !== context.me &&
      isOwner(context.league, context.me) &&
      planRemove(
        context.league,
        { id: context.me, status: context.league.memberStatus },
        { id: event.userId, status: "ACCEPTED" },
      ).ok,
    hasLink: ({ context }) => context.link !== null,
    leagueFullError: (_, params: { error: unknown }) => codeOf(params.error) === "leagueFull",
    ownerCannotLeaveError: (_, params: { error: unknown }) => codeOf(params.error) === "ownerCannotLeave",
    quietLinkError: (_, params: { error: unknown }) => toErrorBody(params.error).statusCode === LINK_QUIET_STATUS,
  },
  actions: {
    setLeague: assign((_, params: { league: LeagueSeat; me: string | null }) => ({
      league: params.league,
      me: params.me,
    })),
    /** Moves the seat to what the server answered. */
    applyChange: assign({
      league: ({ context }, change: SeatChange) => (context.league ? { ...context.league, ...change } : null),
    }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
    setTarget: assign({ target: (_, params: MemberTarget) => params }),
    clearTarget: assign({ target: null }),
    // Modals, cookies, the cache and navigation belong to the app, which provides these.
    /** Something about the league changed on the server: the app refreshes what it shows. */
    announceChanged: (_args, _params: { leagueId: string }) => {},
    /** The owner left alone: the league no longer exists (the app leaves its page). */
    announceRemoved: (_args, _params: { leagueId: string }) => {},
    /** An invite link was used: the app goes to the league. */
    announceLinkUsed: (_args, _params: { leagueId: string }) => {},
    /** Spec: "Joining a full league shows a confirmation modal with only OK." */
    showFull: () => {},
    /** Spec: 'You cannot leave your league while there are other members in it.' */
    showOwnerCannotLeave: () => {},
    /** Opens the confirmation; the app answers with league.confirm or league.cancel. */
    askConfirmation: (_args, _params: { kind: ConfirmationKind; name?: string }) => {},
    /** Spec: "unless status 509, a retry modal shows the server message"; the app answers with link.retry. */
    showRetry: (_args, _params: { message: string }) => {},
    /** Spec: "Invite cookies are deleted afterwards." */
    forgetInviteLink: () => {},
  },
}).createMachine({
  id: "leagueJoin",
  description:
    "One league seen by the signed-in player: join by type (public, private, VIP), full league, requests, invitations, leaving (owner alone or not), the owner removing members, members answering requests, and the invite link.",
  initial: "start",
  context: ({ input }) => ({
    league: input?.league ?? null,
    me: input?.me ?? null,
    error: null,
    link: null,
    target: null,
  }),
  states: {
    start: {
      tags: "loading",
      always: [{ guard: "hasLeague", target: "ready" }, { target: "unknown" }],
    },
    // No league: the flow of an invite link, which learns its league from the link. (League flows start with
    // their league's data; none waits here for it.)
    unknown: {
      tags: "loading",
      on: {
        "link.use": {
          target: "usingLink",
          actions: assign({ link: ({ event }) => ({ data: event.data, signature: event.signature }) }),
        },
      },
    },
    ready: {
      initial: "route",
      // Fresh data (a reload, a live event) puts the player where the server says they are.
      on: {
        "league.sync": {
          target: ".route",
          reenter: true,
          actions: { type: "setLeague", params: ({ event }) => event },
        },
        // A refused call's message shows under the status buttons until the player closes it (or the next call).
        "league.error.clear": { actions: "clearError" },
      },
      states: {
        route: {
          always: [
            { guard: "isMember", target: "member" },
            { guard: "isRequested", target: "requested" },
            { guard: "isInvited", target: "invited" },
            { guard: "isFollowing", target: "following" },
            { target: "outside" },
          ],
        },
        outside: {
          tags: "outside",
          on: {
            "league.join": [{ guard: "isFull", actions: "showFull" }, { target: "#leagueJoin.joining" }],
          },
        },
        requested: {
          tags: "requested",
          on: { "league.request.cancel": "#leagueJoin.leaving" },
        },
        invited: {
          tags: "invited",
          on: {
            "league.invite.accept": [{ guard: "isFull", actions: "showFull" }, { target: "#leagueJoin.accepting" }],
            "league.invite.decline": "confirmDecline",
          },
        },
        confirmDecline: {
          tags: "invited",
          entry: { type: "askConfirmation", params: { kind: "decline" } },
          on: { "league.confirm": "#leagueJoin.declining", "league.cancel": "invited", "league.sync": keepAsking },
        },
        following: {
          tags: "following",
          on: { "league.unfollow": "#leagueJoin.leaving" },
        },
        member: {
          tags: "member",
          on: {
            "league.leave": [
              { guard: "ownerWithOthers", actions: "showOwnerCannotLeave" },
              { guard: "isOwner", target: "confirmOwnerLeave" },
              { target: "confirmLeave" },
            ],
            "member.remove": {
              guard: "canRemove",
              target: "confirmRemove",
              actions: { type: "setTarget", params: ({ event }) => ({ userId: event.userId, name: event.name }) },
            },
            "member.approve": {
              target: "#leagueJoin.approving",
              actions: { type: "setTarget", params: ({ event }) => ({ userId: event.userId, name: event.name }) },
            },
            "member.reject": {
              target: "#leagueJoin.rejecting",
              actions: { type: "setTarget", params: ({ event }) => ({ userId: event.userId, name: event.name }) },
            },
          },
        },
        confirmLeave: {
          tags: "member",
          entry: { type: "askConfirmation", params: { kind: "leave" } },
          on: { "league.confirm": "#leagueJoin.leaving", "league.cancel": "member", "league.sync": keepAsking },
        },
        confirmOwnerLeave: {
          tags: "member",
          entry: { type: "askConfirmation", params: { kind: "ownerLeave" } },
          on: { "league.confirm": "#leagueJoin.deleting", "league.cancel": "member", "league.sync": keepAsking },
        },
        confirmRemove: {
          tags: "member",
          entry: {
            type: "askConfirmation",
            params: ({ context }) => ({ kind: "remove" as const, name: context.target?.name }),
          },
          on: {
            "league.confirm": "#leagueJoin.removing",
            "league.cancel": { target: "member", actions: "clearTarget" },
            "league.sync": keepAsking,
          },
        },
      },
    },
    joining: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "join",
        src: "join",
        input: ({ context }) => ({ leagueId: leagueIdOf(context) }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyChange", params: ({ event }) => event.output },
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: [
          {
            guard: { type: "leagueFullError", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: "showFull",
          },
          { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    accepting: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "accept",
        src: "accept",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.me ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyChange", params: ({ event }) => event.output },
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: [
          {
            guard: { type: "leagueFullError", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: "showFull",
          },
          { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // Declining, leaving, unfollowing and cancelling a request all take the player out of the league.
    declining: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "decline",
        src: "removeMember",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.me ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyChange", params: ({ event }) => event.output },
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    leaving: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "leave",
        src: "removeMember",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.me ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            { type: "applyChange", params: ({ event }) => event.output },
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        // Only players who are not the owner leave this way (the owner's leave is `deleting`), so the server's
        // ownerCannotLeave never answers here; any refusal shows under the status buttons.
        onError: { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "deleteLeague",
        src: "deleteLeague",
        input: ({ context }) => ({ leagueId: leagueIdOf(context) }),
        onDone: {
          target: "removed",
          actions: { type: "announceRemoved", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
        },
        onError: [
          // Someone joined between the check and the call.
          {
            guard: { type: "ownerCannotLeaveError", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: "showOwnerCannotLeave",
          },
          { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    removing: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "remove",
        src: "removeMember",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.target?.userId ?? "" }),
        // The answer is about the removed member; the owner's own status stays.
        onDone: {
          target: "ready",
          actions: [
            assign({
              league: ({ context, event }) =>
                context.league ? { ...context.league, membersCount: event.output.membersCount } : null,
            }),
            "clearTarget",
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: {
          target: "ready",
          actions: [{ type: "setError", params: ({ event }) => ({ error: event.error }) }, "clearTarget"],
        },
      },
    },
    approving: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "approve",
        src: "approve",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.target?.userId ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            assign({
              league: ({ context, event }) =>
                context.league ? { ...context.league, membersCount: event.output.membersCount } : null,
            }),
            "clearTarget",
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: [
          {
            guard: { type: "leagueFullError", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: ["showFull", "clearTarget"],
          },
          {
            target: "ready",
            actions: [{ type: "setError", params: ({ event }) => ({ error: event.error }) }, "clearTarget"],
          },
        ],
      },
    },
    rejecting: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "reject",
        src: "removeMember",
        input: ({ context }) => ({ leagueId: leagueIdOf(context), userId: context.target?.userId ?? "" }),
        onDone: {
          target: "ready",
          actions: [
            "clearTarget",
            { type: "announceChanged", params: ({ context }) => ({ leagueId: leagueIdOf(context) }) },
          ],
        },
        onError: {
          target: "ready",
          actions: [{ type: "setError", params: ({ event }) => ({ error: event.error }) }, "clearTarget"],
        },
      },
    },
    usingLink: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "useLink",
        src: "useLink",
        input: ({ context, event }) => {
          if (event.type === "link.use") return { data: event.data, signature: event.signature };
          return context.link ?? { data: "", signature: "" };
        },
        onDone: {
          target: "linkUsed",
          actions: [
            "forgetInviteLink",
            { type: "announceLinkUsed", params: ({ event }) => ({ leagueId: event.output.leagueId }) },
          ],
        },
        onError: [
          {
            guard: { type: "quietLinkError", params: ({ event }) => ({ error: event.error }) },
            target: "linkRefused",
            actions: ["forgetInviteLink", { type: "setError", params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: "linkFailed",
            actions: [
              "forgetInviteLink",
              { type: "setError", params: ({ event }) => ({ error: event.error }) },
              { type: "showRetry", params: ({ event }) => ({ message: toErrorBody(event.error).message }) },
            ],
          },
        ],
      },
    },
    linkFailed: {
      tags: "linkFailed",
      on: { "link.retry": { guard: "hasLink", target: "usingLink" } },
    },
    // Spec: a 509 (already in the league) shows no retry, so none is taken: the page only says why. Not final,
    // so the app keeps the flow (and its message) while the page shows it.
    linkRefused: { tags: "linkFailed" },
    linkUsed: { type: "final" },
    removed: { type: "final", tags: "removed" },
  },
});
