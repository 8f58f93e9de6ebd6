import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
  type QueryClient,
} from "@tanstack/react-query";
import type * as z from "zod";
import { leaguesCalls as calls } from "../../contract/calls.leagues";
import type { LeagueType } from "../../contract/enums";
import { LEAGUES_PAGE_SIZE, MEMBERS_PAGE_SIZE, type LeagueBody } from "../../contract/leagues";
import type { InviteLink, SeatChange } from "../../machines/leagueJoin.machine";
import { request } from "./client";
import { uploadImage } from "./uploads";

// The league calls from the contract's catalogue (contract/calls.leagues.ts); the shapes live in contract/leagues.ts.
export { LeaderboardRow, LeagueMember, LeagueReward as Reward } from "../../contract/leagues";

export type LeaguesQuery = { page?: number; take?: number; text?: string; country?: string };

export const getLeagues = (query: LeaguesQuery, signal?: AbortSignal) => request(calls.list, { query, signal });
export const getVipLeagues = (signal?: AbortSignal) => request(calls.vip, { signal });
export const getLeague = (id: string, signal?: AbortSignal) => request(calls.one, { params: { id }, signal });
export const getUserLeagues = (userId: string, signal?: AbortSignal) =>
  request(calls.user, { params: { userId }, signal });
export const getManagedLeagues = (signal?: AbortSignal) => request(calls.manage, { signal });
export const getOwnedLeagues = (query: { type?: LeagueType; text?: string; country?: string }, signal?: AbortSignal) =>
  request(calls.owner, { query, signal });
export const createLeague = (body: z.input<typeof LeagueBody>) => request(calls.create, { body });
export const getMembers = (id: string, query: { page?: number; take?: number }, signal?: AbortSignal) =>
  request(calls.members, { params: { id }, query, signal });
export const inviteByEmail = (id: string, emails: string[]) =>
  request(calls.invite, { params: { id }, body: { emails } });
export const getInviteLink = (id: string, signal?: AbortSignal) => request(calls.link, { params: { id }, signal });

export const joinLeague = (id: string): Promise<SeatChange> => request(calls.join, { params: { id } });
export const acceptMembership = (id: string, userId: string): Promise<SeatChange> =>
  request(calls.setMemberStatus, { params: { id, userId }, body: { status: "ACCEPTED" } });
export const removeMember = (id: string, userId: string): Promise<SeatChange> =>
  request(calls.removeMember, { params: { id, userId } });
export const updateLeague = (id: string, body: z.input<typeof LeagueBody>) =>
  request(calls.update, { params: { id }, body });
export const deleteLeague = (id: string) => request(calls.remove, { params: { id } });
/** POST /leagues/link/use: spends an invite link (the caller becomes an accepted member); answers the league. */
export const spendInviteLink = (link: InviteLink) => request(calls.useLink, { body: link });
export const getLeaderboard = (leagueId: string, query: { page?: number; take?: number }, signal?: AbortSignal) =>
  request(calls.leaderboard, { query: { leagueId, ...query }, signal });
export const getRewards = (id: string, signal?: AbortSignal) => request(calls.rewards, { params: { id }, signal });

/** Leagues: everything under ["leagues"], so one invalidation refreshes every league screen. */
export const leagueKeys = {
  all: ["leagues"] as const,
  /** Every search of the all-leagues list, and the join tab's preview. */
  lists: ["leagues", "list"] as const,
  list: (text: string, country: string) => ["leagues", "list", text, country] as const,
  preview: ["leagues", "list", "", "", "preview"] as const,
  vip: ["leagues", "vip"] as const,
  /** Every player's own leagues. */
  mines: ["leagues", "user"] as const,
  mine: (userId: string) => ["leagues", "user", userId] as const,
  manage: ["leagues", "manage"] as const,
  one: (id: string) => ["leagues", "one", id] as const,
  members: (id: string) => ["leagues", "one", id, "members"] as const,
  leaderboard: (id: string) => ["leagues", "one", id, "leaderboard"] as const,
  rewards: (id: string) => ["leagues", "one", id, "rewards"] as const,
  link: (id: string) => ["leagues", "one", id, "link"] as const,
};

/** Any league's leaderboard entry (a results entry moves them all). */
export const isLeagueLeaderboard = ({ queryKey }: Query) =>
  queryKey[0] === leagueKeys.all[0] && queryKey[3] === "leaderboard";

const nextPage = (last: { page: number; pages: number }) => (last.page < last.pages ? last.page + 1 : undefined);

export const leagueQuery = (id: string) =>
  queryOptions({ queryKey: leagueKeys.one(id), queryFn: ({ signal }) => getLeague(id, signal) });
/** One league with the caller's seat in it; nothing is read while `id` is null. */
export const useLeague = (id: string | null) => useQuery({ ...leagueQuery(id ?? ""), enabled: id !== null });

export const userLeaguesQuery = (userId: string) =>
  queryOptions({ queryKey: leagueKeys.mine(userId), queryFn: ({ signal }) => getUserLeagues(userId, signal) });
/** The leagues `userId` has a seat in; nothing is read for a guest (undefined). */
export const useUserLeagues = (userId: string | undefined) =>
  useQuery({ ...userLeaguesQuery(userId ?? ""), enabled: userId !== undefined });

export const vipLeaguesQuery = () =>
  queryOptions({ queryKey: leagueKeys.vip, queryFn: ({ signal }) => getVipLeagues(signal) });
export const useVipLeagues = () => useQuery(vipLeaguesQuery());

export const managedLeaguesQuery = () =>
  queryOptions({ queryKey: leagueKeys.manage, queryFn: ({ signal }) => getManagedLeagues(signal) });
/** The leagues I own, belong to, follow, asked to join or am invited to. */
export const useManagedLeagues = () => useQuery(managedLeaguesQuery());

/** The first page of every league, unfiltered: the join tab's preview. */
export const leaguesPreviewQuery = () =>
  queryOptions({
    queryKey: leagueKeys.preview,
    queryFn: ({ signal }) => getLeagues({ page: 1, take: LEAGUES_PAGE_SIZE }, signal),
  });
export const useLeaguesPreview = () => useQuery(leaguesPreviewQuery());

/** Every league matching a name and a country ("" for any), 20 at a time; the last answer stays shown while a new search loads. */
export const leagueSearchQuery = (text: string, country: string) =>
  infiniteQueryOptions({
    queryKey: leagueKeys.list(text, country),
    queryFn: ({ pageParam, signal }) =>
      getLeagues(
        { page: pageParam, take: LEAGUES_PAGE_SIZE, text: text || undefined, country: country || undefined },
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    placeholderData: keepPreviousData,
  });
export const useLeagueSearch = (text: string, country: string) => useInfiniteQuery(leagueSearchQuery(text, country));

/** A league's members, 50 at a time (what the caller may see of them). */
export const leagueMembersQuery = (id: string) =>
  infiniteQueryOptions({
    queryKey: leagueKeys.members(id),
    queryFn: ({ pageParam, signal }) => getMembers(id, { page: pageParam, take: MEMBERS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
export const useLeagueMembers = (id: string) => useInfiniteQuery(leagueMembersQuery(id));

/** A league's accepted members ranked by season points (one page of 100). */
export const leagueLeaderboardQuery = (id: string) =>
  queryOptions({
    queryKey: leagueKeys.leaderboard(id),
    queryFn: ({ signal }) => getLeaderboard(id, { page: 1, take: 100 }, signal),
  });
export const useLeagueLeaderboard = (id: string) => useQuery(leagueLeaderboardQuery(id));

export const leagueRewardsQuery = (id: string) =>
  queryOptions({ queryKey: leagueKeys.rewards(id), queryFn: ({ signal }) => getRewards(id, signal) });
export const useLeagueRewards = (id: string) => useQuery(leagueRewardsQuery(id));

/** The owner's invite link of a league. */
export const inviteLinkQuery = (id: string) =>
  queryOptions({ queryKey: leagueKeys.link(id), queryFn: ({ signal }) => getInviteLink(id, signal) });
export const useLeagueInviteLink = (id: string) => useQuery(inviteLinkQuery(id));

export type SaveLeague = { editId: string | null; body: z.input<typeof LeagueBody>; picture: Blob | null };

/** Creates the player's league or edits it, uploading a new picture first; every league screen refreshes. */
export function useSaveLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ editId, body, picture }: SaveLeague) => {
      const image = picture
        ? (await uploadImage(picture, picture.type === "image/png" ? "league.png" : "league.jpg")).url
        : body.image;
      return editId ? updateLeague(editId, { ...body, image }) : createLeague({ ...body, image });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: leagueKeys.all }),
  });
}

/** E-mail invitations: players who already have an account get an INVITED seat, so the league's members are read again. */
export function useInviteByEmail(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (emails: string[]) => inviteByEmail(leagueId, emails),
    onSuccess: () => client.invalidateQueries({ queryKey: leagueKeys.members(leagueId) }),
  });
}

/**
 * What a live league event (an invitation, a request, a member's status change or removal) makes stale: that
 * league (members, board, link) and every league list. An event without a league refreshes every league entry.
 */
export function invalidateForLeagueEvent(client: QueryClient, leagueId: string | undefined) {
  if (!leagueId) {
    void client.invalidateQueries({ queryKey: leagueKeys.all });
    return;
  }
  for (const queryKey of [
    leagueKeys.one(leagueId),
    leagueKeys.lists,
    leagueKeys.vip,
    leagueKeys.mines,
    leagueKeys.manage,
  ]) {
    void client.invalidateQueries({ queryKey });
  }
}
