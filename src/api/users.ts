import type { UpdateProfileBody } from "../../contract/users";
import type { PlayersQuery } from "../../contract/users";
import type * as z from "zod";
import { usersCalls } from "../../contract/calls";
import { request } from "./client";

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

/** The users area's cache keys. */
export const userKeys = {
  publicProfile: (id: string) => ["users", id, "profile"] as const,
  players: (type: string, page: number) => ["users", "players", type, page] as const,
};
