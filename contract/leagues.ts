import * as z from "zod";
import { LeagueMemberStatus, LeagueType } from "./enums";
import { Id, IsoDate, uploadRef, Uuid } from "./common";
import { optionalSafeText, safeName, searchText } from "./text";
import { countryCode } from "./validation";

export const LEAGUE_MAX_MEMBERS = 100;
export const LEAGUE_NAME_MIN = 3;
export const LEAGUE_NAME_MAX = 20;
export const LEAGUES_PAGE_SIZE = 20;
export const MEMBERS_PAGE_SIZE = 50;
export const LEAGUE_IMAGE = { width: 354, height: 180, maxBytes: 2 * 1024 * 1024, maxSide: 1000 } as const;

export const LeagueOwner = z.object({ id: Id, name: z.string(), img: z.string().nullable() });
export const League = z.object({
  id: Id,
  name: z.string(),
  description: z.string().nullable(),
  type: LeagueType,
  endDate: z.string().nullable(),
  criteria: z.string().nullable(),
  country: z.string().nullable(),
  image: z.string().nullable(),
  owner: LeagueOwner,
  guru: LeagueOwner.nullable(),
  membersCount: z.number().int(),
  max: z.number().int(),
  memberStatus: LeagueMemberStatus.nullable(),
  inviteLink: z.string().nullable().optional(),
});
export type League = z.infer<typeof League>;

/** E-mail invitations per call. */
export const INVITATIONS_MAX = 50;

export const LeagueBody = z.object({
  name: safeName().min(LEAGUE_NAME_MIN, { error: "minLength" }).max(LEAGUE_NAME_MAX, { error: "maxLength" }),
  type: LeagueType.or(z.undefined()).refine((v) => v !== undefined, { error: "required" }),
  description: optionalSafeText(300, { multiline: true }),
  // An instant with its offset (the client sends the end of the chosen day); "" is "not set", like a missing one.
  endDate: IsoDate.optional().or(z.literal("").transform(() => undefined)),
  country: countryCode().optional(),
  image: uploadRef().optional(),
});
export const Invitation = z.object({
  emails: z
    .array(z.email({ error: "email" }).max(254, { error: "maxLength" }))
    .min(1, { error: "required" })
    .max(INVITATIONS_MAX, { error: "validation" }),
});

// ---- What the league calls answer and take (moved here from the client's provisional shapes).

/** One row of GET /leagues/{id}/members: a player and their status in the league. */
export const LeagueMember = z.object({
  id: Id,
  name: z.string(),
  img: z.string().nullable(),
  country: z.string().nullable().optional(),
  status: LeagueMemberStatus,
  /** Season points (accepted members; the others show theirs too). */
  points: z.number().optional(),
});
export type LeagueMember = z.infer<typeof LeagueMember>;

/** One row of GET /leagues/leaderboard: accepted members ranked by season points, ties broken by who joined first. */
export const LeaderboardRow = z.object({
  rank: z.number().int(),
  user: z.object({ id: Id, name: z.string(), img: z.string().nullable() }),
  points: z.number(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRow>;

export const LeagueReward = z.object({ place: z.number().int(), title: z.string() });
export type LeagueReward = z.infer<typeof LeagueReward>;
/** game-rules.md: VIP league rewards, merch credit to the top three at season end (one place to change them). */
export const VIP_LEAGUE_REWARDS: readonly LeagueReward[] = [
  { place: 1, title: "$300 merch credit" },
  { place: 2, title: "$200 merch credit" },
  { place: 3, title: "$100 merch credit" },
];

/** What a join, accept, leave or removal changed: the affected player's status (null = outside) and the accepted count. */
export const Seat = z.object({ memberStatus: LeagueMemberStatus.nullable(), membersCount: z.number().int() });
export type Seat = z.infer<typeof Seat>;

/** PUT /leagues/{id}/members/{userId}: only ACCEPTED moves a seat (an invitation accepted, a request approved). */
export const MemberStatusBody = z.object({ status: z.enum(["ACCEPTED"], { error: "validation" }) });

/** A VIP invite link's query values (spec query keys `data` and `signature`). */
const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[\w-]+$/, { error: "inviteLinkInvalid" });
export const InviteLinkBody = z.object({ data: base64url(512), signature: base64url(128) });
export const InviteLinkResult = z.object({ link: z.string() });
export const LinkUseResult = z.object({ leagueId: Id });
/** Invite links stay valid this long after GET /leagues/{id}/link made them. */
export const INVITE_LINK_TTL_MS = 7 * 24 * 3600_000;
const country = countryCode()
  .optional()
  .or(z.literal("").transform(() => undefined));
const page = z.coerce.number().int().min(1).default(1);
const take = (size: number) => z.coerce.number().int().min(1).max(100).default(size);

/** GET /leagues: name contains `text`, `country` (ISO code), 20 a page. */
export const LeaguesQuery = z.object({ text: searchText(), country, page, take: take(LEAGUES_PAGE_SIZE) });
export const MembersQuery = z.object({ page, take: take(MEMBERS_PAGE_SIZE) });
export const LeaderboardQuery = z.object({ leagueId: Uuid, page, take: take(MEMBERS_PAGE_SIZE) });
/** GET /leagues/owner: the caller's own league(s), filtered. */
export const OwnerQuery = z.object({ type: LeagueType.optional(), text: searchText(), country });
/** GET /leagues/manage: every league the caller has a seat in, optionally one status only. */
export const ManageQuery = z.object({ status: LeagueMemberStatus.optional() });
