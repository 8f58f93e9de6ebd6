import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type Query,
} from "@tanstack/react-query";
import type * as z from "zod";
import { usersCalls } from "../../contract/calls";
import { DEFAULT_PAGE_SIZE } from "../../contract/common";
import type { PlayersQuery, Profile, PublicProfile, UpdateProfileBody } from "../../contract/users";
import { request } from "./client";
import type { MutationReaction } from "./mutationReaction";

export const getProfile = (signal?: AbortSignal) => request(usersCalls.profile, { signal });
export const updateProfile = (body: UpdateProfileBody) => request(usersCalls.update, { body });
export const getPublicProfile = (id: string, signal?: AbortSignal) =>
  request(usersCalls.publicProfile, { params: { id }, signal });
export const getPlayers = (query: z.input<typeof PlayersQuery>, signal?: AbortSignal) =>
  request(usersCalls.players, { query, signal });
export const favorite = (id: string) => request(usersCalls.favorite, { params: { id } });
export const unfavorite = (id: string) => request(usersCalls.unfavorite, { params: { id } });
export const addNoteEmail = (email: string) => request(usersCalls.addNoteEmail, { body: { email } });
export const deleteAccount = () => request(usersCalls.deleteAccount);

/** The users area's cache keys. The signed-in player's own profile lives in the auth actor, not here. */
export const userKeys = {
  all: ["users"] as const,
  publicProfile: (id: string) => ["users", id, "profile"] as const,
  players: (type: string, page: number) => ["users", "players", type, page] as const,
  /** Every page of the follow list. */
  followList: ["users", "players", "follow"] as const,
};

/** Any player's public profile entry (their statistics move with every results entry). */
export const isPublicProfile = ({ queryKey }: Query) => queryKey[0] === userKeys.all[0] && queryKey[2] === "profile";

/** Another player's public profile, with whether I follow them. */
export const publicProfileQuery = (id: string) =>
  queryOptions({ queryKey: userKeys.publicProfile(id), queryFn: ({ signal }) => getPublicProfile(id, signal) });
export const usePublicProfile = (id: string | null) =>
  useQuery({ ...publicProfileQuery(id ?? ""), enabled: id !== null });

/** The players and Gurus I follow (GET /users?type=follow), one page; the last page stays shown while the next loads. */
export const followListQuery = (page: number) =>
  queryOptions({
    queryKey: userKeys.players("follow", page),
    queryFn: ({ signal }) => getPlayers({ type: "follow", page, take: DEFAULT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
export const useFollowList = (page: number) => useQuery(followListQuery(page));

/** PUT /users: the saved profile goes to the caller (the auth actor holds it); my public profile is read again. */
export function useUpdateProfile({ onSuccess }: MutationReaction<Profile, UpdateProfileBody> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (saved, body) => {
      void client.invalidateQueries({ queryKey: userKeys.publicProfile(saved.id) });
      onSuccess?.(saved, body);
    },
  });
}

/** The note e-mail is private: no cached entry shows it, only the signed-in profile the caller updates. */
export const useAddNoteEmail = ({ onSuccess }: MutationReaction<unknown, string> = {}) =>
  useMutation({ mutationFn: addNoteEmail, onSuccess: (result, email) => onSuccess?.(result, email) });

/** Deleting the account ends the session; signing out (the caller's reaction) clears every cached entry. */
export const useDeleteAccount = ({ onSuccess }: MutationReaction<unknown> = {}) =>
  useMutation({ mutationFn: deleteAccount, onSuccess: (result) => onSuccess?.(result) });

/**
 * Follows or unfollows a player: their profile's `isFavorite` takes the server's answer and the follow list (its
 * pages and count) is read again.
 */
export function useSetFavorite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, follow }: { id: string; follow: boolean }) => (follow ? favorite(id) : unfavorite(id)),
    onSuccess: async (result, { id }) => {
      client.setQueryData<PublicProfile>(userKeys.publicProfile(id), (old) =>
        old ? { ...old, isFavorite: result.isFavorite } : old,
      );
      await client.invalidateQueries({ queryKey: userKeys.followList });
    },
  });
}
