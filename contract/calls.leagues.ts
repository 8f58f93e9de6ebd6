import * as z from "zod";
import { call } from "./calls";
import { Ok, paged } from "./common";
import {
  Invitation,
  InviteLinkBody,
  InviteLinkResult,
  LeaderboardQuery,
  LeaderboardRow,
  League,
  LeagueBody,
  LeagueMember,
  LeagueReward,
  LeaguesQuery,
  LinkUseResult,
  ManageQuery,
  MembersQuery,
  MemberStatusBody,
  OwnerQuery,
  Seat,
} from "./leagues";

/**
 * Spec section 7 "Leagues", paths word for word, plus `GET /leagues/{id}` (an addition: the league page
 * needs one league). Static paths (`/leagues/vip`, `/manage`, `/owner`, `/leaderboard`, `/link/use`)
 * never reach `/leagues/:id`: the router tries static segments before a parameter, whatever the order
 * they are declared in. Every call needs a signed-in player.
 */
const NOT_FOUND = { 404: ["notFound"] } as const;
/** Only the owner (or, for requests, an accepted member) may; 404 for a league the caller may not see. */
const OWNER_ONLY = { 403: ["forbidden"], 404: ["notFound"] } as const;

export const leaguesCalls = {
  /** 400 notImage: `image` is not one of our uploads; 403: a VIP league by someone who is not a Guru. */
  create: call({
    method: "POST",
    path: "/leagues",
    auth: true,
    body: LeagueBody,
    result: League,
    errors: { 400: ["notImage"], 403: ["forbidden"], 409: ["leagueOwned"] },
  }),
  list: call({ method: "GET", path: "/leagues", auth: true, query: LeaguesQuery, result: paged(League) }),
  vip: call({ method: "GET", path: "/leagues/vip", auth: true, result: z.array(League) }),
  removeMember: call({
    method: "DELETE",
    path: "/leagues/:id/members/:userId",
    auth: true,
    result: Seat,
    errors: { ...OWNER_ONLY, 409: ["ownerCannotLeave"] },
  }),
  setMemberStatus: call({
    method: "PUT",
    path: "/leagues/:id/members/:userId",
    auth: true,
    body: MemberStatusBody,
    result: Seat,
    errors: { ...OWNER_ONLY, 409: ["leagueFull"] },
  }),
  update: call({
    method: "PUT",
    path: "/leagues/:id",
    auth: true,
    body: LeagueBody,
    result: League,
    errors: { 400: ["notImage"], ...OWNER_ONLY },
  }),
  remove: call({
    method: "DELETE",
    path: "/leagues/:id",
    auth: true,
    result: Ok,
    errors: { ...OWNER_ONLY, 409: ["ownerCannotLeave"] },
  }),
  join: call({
    method: "POST",
    path: "/leagues/:id/members",
    auth: true,
    result: Seat,
    errors: { ...NOT_FOUND, 409: ["leagueFull"] },
  }),
  members: call({
    method: "GET",
    path: "/leagues/:id/members",
    auth: true,
    query: MembersQuery,
    result: paged(LeagueMember),
    errors: NOT_FOUND,
  }),
  /** Mails go out, so the owner may send RATE_LIMIT_MAX a minute. */
  invite: call({
    method: "POST",
    path: "/leagues/manage/:id/invitations",
    auth: true,
    body: Invitation,
    result: Ok,
    errors: { ...OWNER_ONLY, 429: ["tooManyRequests"] },
  }),
  owner: call({ method: "GET", path: "/leagues/owner", auth: true, query: OwnerQuery, result: z.array(League) }),
  manage: call({ method: "GET", path: "/leagues/manage", auth: true, query: ManageQuery, result: z.array(League) }),
  link: call({ method: "GET", path: "/leagues/:id/link", auth: true, result: InviteLinkResult, errors: OWNER_ONLY }),
  /** 509 alreadyMember is the spec's quiet failure (the client offers no retry). */
  useLink: call({
    method: "POST",
    path: "/leagues/link/use",
    auth: true,
    body: InviteLinkBody,
    result: LinkUseResult,
    errors: {
      400: ["inviteLinkInvalid"],
      ...NOT_FOUND,
      409: ["leagueFull"],
      410: ["inviteLinkExpired"],
      509: ["alreadyMember"],
    },
  }),
  user: call({ method: "GET", path: "/leagues/users/:userId", auth: true, result: z.array(League) }),
  rewards: call({
    method: "GET",
    path: "/leagues/:id/rewards",
    auth: true,
    result: z.array(LeagueReward),
    errors: NOT_FOUND,
  }),
  leaderboard: call({
    method: "GET",
    path: "/leagues/leaderboard",
    auth: true,
    query: LeaderboardQuery,
    result: paged(LeaderboardRow),
    errors: NOT_FOUND,
  }),
  /** Addition to spec section 7: one league, with the caller's status in it. */
  one: call({ method: "GET", path: "/leagues/:id", auth: true, result: League, errors: NOT_FOUND }),
} as const;

/** Development only (never served in production): fills a league with generated accepted players, for e2e tests. */
export const DevFillBody = z.object({ count: z.number().int().min(1).max(100) });
export const devLeaguesCalls = {
  fill: call({
    method: "POST",
    path: "/dev/leagues/:id/fill",
    auth: false,
    body: DevFillBody,
    result: Seat,
    errors: NOT_FOUND,
  }),
} as const;
