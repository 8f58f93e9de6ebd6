import * as z from "zod";
import { LeagueMemberStatus, LeagueType } from "./enums";
import { Id } from "./common";
import { required } from "./validation";

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

export const LeagueBody = z.object({
  name: required().min(LEAGUE_NAME_MIN, { error: "minLength" }).max(LEAGUE_NAME_MAX, { error: "maxLength" }),
  type: LeagueType.or(z.undefined()).refine((v) => v !== undefined, { error: "required" }),
  description: z.string().max(300, { error: "maxLength" }).optional(),
  endDate: z.string().optional(),
  country: z.string().length(2).optional(),
  image: z.string().optional(),
});
export const Invitation = z.object({ emails: z.array(z.email({ error: "email" })).min(1, { error: "required" }) });
