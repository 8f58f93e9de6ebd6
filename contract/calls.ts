import * as z from "zod";
import { Ok, PageQuery } from "./common";
import {
  ChangePasswordBody,
  RecoveryNewPasswordBody,
  RecoverySendCodeBody,
  RecoveryValidateBody,
  RefreshBody,
  SignInBody,
  SignInEmailBody,
  SignUpBody,
  SignUpConfirmBody,
  SignUpConfirmResult,
  SignUpResult,
  SocialProviders,
  Tokens,
} from "./auth";
import { FavoriteResult, NoteEmailBody, PlayersPage, PlayersQuery, Profile, PublicProfile, UpdateProfileBody } from "./users";
import { Country, Links, NewsItem, Season } from "./system";
import { languageTag } from "./validation";

export type Method = "GET" | "POST" | "PUT" | "DELETE";
export type Call = {
  method: Method;
  /** Under `/api`; `:name` marks a path parameter. */
  path: string;
  /** Needs a signed-in player. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  result: z.ZodType;
};

/** Declares one call of the catalogue; each API area keeps its own `contract/calls.<area>.ts`. */
export const call = <C extends Call>(c: C) => c;

export const API_PREFIX = "/api";

// Spec section 7, the areas served so far. Other areas join as their issues land.
export const authCalls = {
  signIn: call({ method: "POST", path: "/auth/sign-in", auth: false, body: SignInBody, result: Tokens }),
  signInEmail: call({ method: "POST", path: "/auth/sign-in/email", auth: false, body: SignInEmailBody, result: Tokens }),
  signUp: call({ method: "POST", path: "/auth/sign-up", auth: false, body: SignUpBody, result: SignUpResult }),
  signUpConfirm: call({ method: "POST", path: "/auth/sign-up/confirm", auth: false, body: SignUpConfirmBody, result: SignUpConfirmResult }),
  refresh: call({ method: "POST", path: "/auth/refresh", auth: false, body: RefreshBody, result: Tokens }),
  recoveryValidate: call({ method: "POST", path: "/auth/recovery/validate", auth: false, body: RecoveryValidateBody, result: Ok }),
  recoverySendCode: call({ method: "POST", path: "/auth/recovery/send-code", auth: false, body: RecoverySendCodeBody, result: Ok }),
  recoveryNewPassword: call({ method: "POST", path: "/auth/recovery/new-password", auth: false, body: RecoveryNewPasswordBody, result: Ok }),
  changePassword: call({ method: "POST", path: "/auth/change-password", auth: true, body: ChangePasswordBody, result: Tokens }),
  signOut: call({ method: "POST", path: "/auth/sign-out", auth: false, body: z.object({ refreshToken: z.string().min(1) }), result: Ok }),
  socialProviders: call({ method: "GET", path: "/auth/social", auth: false, result: SocialProviders }),
} as const;

export const usersCalls = {
  profile: call({ method: "GET", path: "/users/profile", auth: true, result: Profile }),
  update: call({ method: "PUT", path: "/users", auth: true, body: UpdateProfileBody, result: Profile }),
  players: call({ method: "GET", path: "/users", auth: false, query: PlayersQuery, result: PlayersPage }),
  favorite: call({ method: "POST", path: "/users/:id/favorite", auth: true, result: FavoriteResult }),
  unfavorite: call({ method: "DELETE", path: "/users/:id/favorite", auth: true, result: FavoriteResult }),
  addNoteEmail: call({ method: "POST", path: "/users/add-note-email", auth: true, body: NoteEmailBody, result: Ok }),
  publicProfile: call({ method: "GET", path: "/users/:id/profile", auth: false, result: PublicProfile }),
  deleteAccount: call({ method: "DELETE", path: "/users", auth: true, result: Ok }),
} as const;

export const systemCalls = {
  countries: call({ method: "GET", path: "/system/countries", auth: false, result: z.array(Country) }),
  seasons: call({ method: "GET", path: "/system/seasons", auth: false, query: z.object({ riderId: z.string().max(64, { error: "maxLength" }).optional() }), result: z.array(Season) }),
  links: call({ method: "GET", path: "/system/links", auth: false, result: Links }),
  news: call({ method: "GET", path: "/system/news", auth: false, query: PageQuery, result: z.array(NewsItem) }),
  newsPageNext: call({ method: "GET", path: "/system/news-page/next", auth: false, query: z.object({ langCode: languageTag().optional() }), result: NewsItem.nullable() }),
} as const;

/** Fills `:name` path parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}
