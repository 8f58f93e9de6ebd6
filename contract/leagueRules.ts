import type { LeagueMemberStatus, LeagueType } from "./enums";
import { allow, refuse, type Verdict } from "./verdict";

// The league rules (spec sections 4 and 6, game-rules.md "Leagues"): what joining does by type, who may take a
// seat, leave, remove, approve, invite or edit, which types a player may create, and one league each. The server
// enforces them; the join flow and the views offer only what they allow.

/** What the rules need to know of one league. */
export type LeagueFacts = { type: LeagueType; ownerId: string; membersCount: number; max: number };
/** One player's seat in it (null: outside; LEAVED counts as outside). */
export type SeatStatus = LeagueMemberStatus | null;

const inside = (s: SeatStatus): s is Exclude<LeagueMemberStatus, "LEAVED"> => s !== null && s !== "LEAVED";

/** Spec section 4: PUBLIC → ACCEPTED, PRIVATE → PENDING (members answer), VIP → FOLLOWING (sees the board, not ranked). */
export const statusOnJoin = { PUBLIC: "ACCEPTED", PRIVATE: "PENDING", VIP: "FOLLOWING" } as const satisfies Record<
  LeagueType,
  LeagueMemberStatus
>;

/** Spec: "Join is refused when membersCount has reached max." */
export const isFull = (league: Pick<LeagueFacts, "membersCount" | "max">) => league.membersCount >= league.max;
export const isOwner = (league: Pick<LeagueFacts, "ownerId">, userId: string | null) =>
  userId !== null && league.ownerId === userId;

/** The types a player may create: VIP leagues are the Gurus' (they come with rewards). */
export const creatableTypes = (isGuru: boolean): readonly LeagueType[] =>
  isGuru ? ["PUBLIC", "PRIVATE", "VIP"] : ["PUBLIC", "PRIVATE"];

/** Spec: "One league per user." */
export const mayCreateLeague = (ownsLeague: boolean) => !ownsLeague;

/** POST /leagues: one league per player (409 leagueOwned), of a type the player may create (403). */
export function planCreate(p: { ownsLeague: boolean; isGuru: boolean; type: LeagueType }): Verdict<true> {
  if (!mayCreateLeague(p.ownsLeague)) return refuse(409, "leagueOwned");
  if (!creatableTypes(p.isGuru).includes(p.type)) return refuse(403, "forbidden");
  return allow(true);
}

/** The owner edits the league, invites, and reads its invite link. */
export const planOwnerAction = (league: Pick<LeagueFacts, "ownerId">, callerId: string): Verdict<true> =>
  isOwner(league, callerId) ? allow(true) : refuse(403, "forbidden");

/**
 * POST /leagues/{id}/members: a seat already held changes nothing; an invitation waiting makes the player
 * ACCEPTED; else the type decides. Refused when the league is full.
 */
export function planJoin(
  league: LeagueFacts,
  current: SeatStatus,
): Verdict<{ status: LeagueMemberStatus; changed: boolean }> {
  if (inside(current) && current !== "INVITED") return allow({ status: current, changed: false });
  if (isFull(league)) return refuse(409, "leagueFull");
  return allow({ status: current === "INVITED" ? "ACCEPTED" : statusOnJoin[league.type], changed: true });
}

/**
 * PUT /leagues/{id}/members/{userId} with ACCEPTED: the invitee accepts their own invitation, or an accepted
 * member approves a pending request; both take a seat, so both respect the maximum.
 */
export function planAccept(
  league: LeagueFacts,
  caller: { id: string; status: SeatStatus },
  target: { id: string; status: SeatStatus },
): Verdict<{ changed: boolean; self: boolean }> {
  if (!inside(target.status)) return refuse(404, "notFound");
  const self = caller.id === target.id;
  if (target.status === "ACCEPTED") return allow({ changed: false, self });
  if (self && target.status !== "INVITED") return refuse(403, "forbidden");
  if (!self && (target.status !== "PENDING" || caller.status !== "ACCEPTED")) return refuse(403, "forbidden");
  if (isFull(league)) return refuse(409, "leagueFull");
  return allow({ changed: true, self });
}

/** How a player leaves their own seat: the owner only when alone (which removes the league). */
export type Leaving = "ownerLeavesAlone" | "leave" | "nothing";

export function planLeave(league: LeagueFacts, me: { id: string; status: SeatStatus }): Verdict<Leaving> {
  if (isOwner(league, me.id))
    return league.membersCount > 1 ? refuse(409, "ownerCannotLeave") : allow("ownerLeavesAlone");
  return allow(inside(me.status) ? "leave" : "nothing");
}

/** DELETE /leagues/{id}/members/{userId} on another player: the owner removes anyone; an accepted member only rejects a request. */
export function planRemove(
  league: LeagueFacts,
  caller: { id: string; status: SeatStatus },
  target: { id: string; status: SeatStatus },
): Verdict<true> {
  if (!inside(target.status)) return refuse(404, "notFound");
  if (isOwner(league, caller.id) && target.id !== caller.id) return allow(true);
  if (target.status === "PENDING" && caller.status === "ACCEPTED") return allow(true);
  return refuse(403, "forbidden");
}

/** The league's end date from a picked day: the end of that day where the player is. */
export const endOfDay = (day: string): string => new Date(`${day}T23:59:59`).toISOString();

/** Where a player stands in a league, as the status buttons show it. */
export type SeatKind = "outside" | "requested" | "invited" | "following" | "member";
export const seatKindOf = (status: SeatStatus): SeatKind =>
  status === "ACCEPTED"
    ? "member"
    : status === "PENDING"
      ? "requested"
      : status === "INVITED"
        ? "invited"
        : status === "FOLLOWING"
          ? "following"
          : "outside";

/** What the player may do about another member in the members list (spec: answer requests, the owner removes). */
export function memberActions(
  league: LeagueFacts,
  me: { id: string; status: SeatStatus },
  member: { id: string; status: SeatStatus },
) {
  const answers = member.status === "PENDING" && member.id !== me.id && planAccept(league, me, member).ok;
  return {
    approve: answers,
    reject: answers && planRemove(league, me, member).ok,
    remove: member.status !== "PENDING" && member.id !== me.id && planRemove(league, me, member).ok,
  };
}
