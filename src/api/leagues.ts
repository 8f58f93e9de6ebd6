import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod";
import { leaguesCalls as calls } from "../../contract/calls.leagues";
import type { LeagueType } from "../../contract/enums";
import type { LeagueBody } from "../../contract/leagues";
import type { InviteLink, SeatChange } from "../../machines/leagueJoin.machine";
import { request } from "./client";
import { uploadImage } from "./uploads";

// Issue 5's calls from the contract's catalogue (contract/calls.leagues.ts); the shapes live in contract/leagues.ts.
export { LeaderboardRow, LeagueMember, LeagueReward as Reward } from "../../contract/leagues";

export type LeaguesQuery = { page?: number; take?: number; text?: string; country?: string };

export const getLeagues = (query: LeaguesQuery, signal?: AbortSignal) => request(calls.list, { query, signal });
export const getVipLeagues = (signal?: AbortSignal) => request(calls.vip, { signal });
export const getLeague = (id: string, signal?: AbortSignal) => request(calls.one, { params: { id }, signal });
export const getUserLeagues = (userId: string, signal?: AbortSignal) => request(calls.user, { params: { userId }, signal });
export const getManagedLeagues = (signal?: AbortSignal) => request(calls.manage, { signal });
export const getOwnedLeagues = (query: { type?: LeagueType; text?: string; country?: string }, signal?: AbortSignal) => request(calls.owner, { query, signal });
export const createLeague = (body: z.input<typeof LeagueBody>) => request(calls.create, { body });
export const getMembers = (id: string, query: { page?: number; take?: number }, signal?: AbortSignal) =>
  request(calls.members, { params: { id }, query, signal });
export const inviteByEmail = (id: string, emails: string[]) => request(calls.invite, { params: { id }, body: { emails } });
export const getInviteLink = (id: string, signal?: AbortSignal) => request(calls.link, { params: { id }, signal });

export const joinLeague = (id: string): Promise<SeatChange> => request(calls.join, { params: { id } });
export const acceptMembership = (id: string, userId: string): Promise<SeatChange> =>
  request(calls.setMemberStatus, { params: { id, userId }, body: { status: "ACCEPTED" } });
export const removeMember = (id: string, userId: string): Promise<SeatChange> => request(calls.removeMember, { params: { id, userId } });
export const updateLeague = (id: string, body: z.input<typeof LeagueBody>) => request(calls.update, { params: { id }, body });
export const deleteLeague = (id: string) => request(calls.remove, { params: { id } });
export const useInviteLink = (link: InviteLink) => request(calls.useLink, { body: link });
export const getLeaderboard = (leagueId: string, query: { page?: number; take?: number }, signal?: AbortSignal) =>
  request(calls.leaderboard, { query: { leagueId, ...query }, signal });
export const getRewards = (id: string, signal?: AbortSignal) => request(calls.rewards, { params: { id }, signal });

/** Leagues (issue 5): everything under ["leagues"], so one invalidation refreshes every league screen. */
export const leagueKeys = {
  all: ["leagues"] as const,
  list: (text: string, country: string) => ["leagues", "list", text, country] as const,
  vip: ["leagues", "vip"] as const,
  mine: (userId: string) => ["leagues", "user", userId] as const,
  manage: ["leagues", "manage"] as const,
  one: (id: string) => ["leagues", "one", id] as const,
  members: (id: string) => ["leagues", "one", id, "members"] as const,
  leaderboard: (id: string) => ["leagues", "one", id, "leaderboard"] as const,
  rewards: (id: string) => ["leagues", "one", id, "rewards"] as const,
  link: (id: string) => ["leagues", "one", id, "link"] as const,
};

export const leagueQuery = (id: string) => queryOptions({ queryKey: leagueKeys.one(id), queryFn: ({ signal }) => getLeague(id, signal) });
export const userLeaguesQuery = (userId: string) => queryOptions({ queryKey: leagueKeys.mine(userId), queryFn: ({ signal }) => getUserLeagues(userId, signal) });

export type SaveLeague = { editId: string | null; body: z.input<typeof LeagueBody>; picture: Blob | null };

/** Creates the player's league or edits it, uploading a new picture first; every league screen refreshes. */
export function useSaveLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ editId, body, picture }: SaveLeague) => {
      const image = picture ? (await uploadImage(picture, picture.type === "image/png" ? "league.png" : "league.jpg")).url : body.image;
      return editId ? updateLeague(editId, { ...body, image }) : createLeague({ ...body, image });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: leagueKeys.all }),
  });
}
