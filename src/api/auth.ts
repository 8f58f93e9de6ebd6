import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import type * as z from "zod";
import type { ChangePasswordBody, RecoveryNewPasswordBody, SignUpBody, Tokens } from "../../contract/auth";
import { authCalls } from "../../contract/calls";
import { apiErrorOf } from "./apiError";
import { request } from "./client";
import type { MutationReaction } from "./mutationReaction";
import { clearTokens, readTokens, storeTokens } from "./tokens";

export async function signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<Tokens> {
  const tokens = await request(authCalls.signInEmail, { body: input });
  storeTokens(tokens, input.rememberMe);
  return tokens;
}

export const signUp = (body: SignUpBody) => request(authCalls.signUp, { body });
export const confirmEmail = (token: string) => request(authCalls.signUpConfirm, { body: { token } });
export const sendRecoveryCode = (email: string) => request(authCalls.recoverySendCode, { body: { email } });
export const validateRecoveryCode = (email: string, code: string) =>
  request(authCalls.recoveryValidate, { body: { email, code } });
export const setNewPassword = (body: RecoveryNewPasswordBody) => request(authCalls.recoveryNewPassword, { body });
export const getSocialProviders = () => request(authCalls.socialProviders);

/** Changing the password rotates the session: the new tokens replace the old ones where they were kept. */
export async function changePassword(body: ChangePasswordBody): Promise<Tokens> {
  const tokens = await request(authCalls.changePassword, { body });
  storeTokens(tokens);
  return tokens;
}

/** Spec: "Refresh without a stored refresh token fails with 'Refresh token not exists'." */
export async function refreshTokens(): Promise<Tokens> {
  const { refreshToken } = readTokens();
  if (!refreshToken) throw apiErrorOf("refreshTokenNotExists", 401);
  return request(authCalls.refresh, { body: { refreshToken } });
}

/** Revokes the refresh token on the server; the player is signed out locally whatever the server says. */
export async function signOut(): Promise<void> {
  const { refreshToken } = readTokens();
  try {
    if (refreshToken) await request(authCalls.signOut, { body: { refreshToken } });
  } finally {
    clearTokens();
  }
}

export type SocialResult = z.infer<typeof authCalls.signUpConfirm.result>;

/** The auth area's cache keys. */
export const authKeys = {
  socialProviders: ["auth", "social"] as const,
};

/** The sign-in providers the server has credentials for. */
export const socialProvidersQuery = () =>
  queryOptions({ queryKey: authKeys.socialProviders, queryFn: () => getSocialProviders() });
export const useSocialProviders = () => useQuery(socialProvidersQuery());

/** POST /auth/change-password: the session's tokens are replaced; no cached entry holds a password. */
export const useChangePassword = ({ onSuccess }: MutationReaction<Tokens, ChangePasswordBody> = {}) =>
  useMutation({ mutationFn: changePassword, onSuccess: (tokens, body) => onSuccess?.(tokens, body) });
