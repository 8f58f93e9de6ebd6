import * as z from "zod";
import { Ok, PageQuery, PathKey, Uuid } from "./common";
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
import {
  FavoriteResult,
  NoteEmailBody,
  PlayersPage,
  PlayersQuery,
  Profile,
  PublicProfile,
  UpdateProfileBody,
} from "./users";
import { Country, Links, NewsItem, Season } from "./system";
import type { MessageCode } from "./messages";
import { languageTag, opaqueToken } from "./validation";

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/** Error answers by status, each with the message codes (contract/messages.ts) it may carry. */
export type ErrorAnswers = { readonly [status: number]: readonly MessageCode[] };

export type Call = {
  method: Method;
  /** Under `/api`; `:name` marks a path parameter. */
  path: string;
  /** Needs a signed-in player. */
  auth: boolean;
  /**
   * The path's `:name` values, an object schema. Left out, call() declares them by name (pathParams): a row's id
   * is a UUID (contract/common.ts `Uuid`), a provider, a token or a file a safe key. serve() parses them once; a
   * value the schema refuses names nothing and answers 404.
   */
  params?: z.ZodType;
  body?: z.ZodType;
  query?: z.ZodType;
  /** A `multipart/form-data` body, read by the call's own handler (serve() checks JSON bodies only). */
  form?: z.ZodType;
  /** Request headers the call reads, besides Authorization. */
  headers?: z.ZodType;
  result: z.ZodType;
  /**
   * The same answer for everybody, kept by the server per version of its data: it carries an ETag, and a request
   * whose If-None-Match names it answers 304 with no body.
   */
  shared?: true;
  /**
   * The error answers particular to this call. Those every call of its shape gives are implied (server/openapi
   * adds them): 400 validation with a body, form, query or headers; 404 notFound with path values; 415 on every
   * method but GET; 401 unauthorized and 403 mustChangePassword with `auth`; 400 malformedRequest, 408, 413 and 431
   * (Node's and Fastify's own refusals), 500 somethingWentWrong and 503 serviceUnavailable always.
   */
  errors?: ErrorAnswers;
};

/**
 * A route that answers something other than `{ "result": … }` JSON: picture bytes, a redirect, the API's own
 * description. Its module serves it without serve(); it is declared here so the API's description lists it.
 */
export type RawCall = {
  /** POST for a download that is also an act (a backup: the audit log records it), never fetched by a link. */
  method: "GET" | "POST";
  path: string;
  auth: false;
  params?: z.ZodType;
  query?: z.ZodType;
  /** The answers that are not errors, by status: the body's media types (none for a redirect or a 304). */
  answers: { readonly [status: number]: readonly string[] };
  errors?: ErrorAnswers;
};

/** Path parameters that are not a row's id. */
const PATH_KEYS = new Set(["provider", "token", "file"]);

/** The `:name`s of a path, as a union of their names: `"/leagues/:id/members/:userId"` → `"id" | "userId"`. */
export type PathNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path's values by name, each a string once read (ids in lower case). */
export type PathValues<P extends string> = { [K in PathNames<P>]: string };

/** The schema of a path's `:name` values by their names: `Uuid` for ids, `PathKey` for the few that are not. */
export function pathParams<P extends string>(path: P): z.ZodType<PathValues<P>> {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return z.object(
    Object.fromEntries(names.map((name) => [name, PATH_KEYS.has(name) ? PathKey : Uuid])),
  ) as unknown as z.ZodType<PathValues<P>>;
}

type WithParams<C extends { path: string }> = C & {
  params: C extends { params: z.ZodType } ? C["params"] : z.ZodType<PathValues<C["path"]>>;
};

// `const` keeps each path a literal type, so its `:name`s type the handler's params and the client's options.
/** Declares one raw route (see RawCall). */
export const raw = <const C extends RawCall>(c: C) =>
  ({ ...c, params: c.params ?? pathParams(c.path) }) as WithParams<C>;

/** Declares one call of the catalogue; each API area keeps its own `contract/calls.<area>.ts`. */
export const call = <const C extends Call>(c: C) => ({ ...c, params: c.params ?? pathParams(c.path) }) as WithParams<C>;

export const API_PREFIX = "/api";

/** Sign-in, sign-up, recovery and refresh allow RATE_LIMIT_MAX attempts a minute per client address and account. */
const LIMITED = { 429: ["tooManyRequests"] } as const;
const SIGN_IN_REFUSED = { 401: ["invalidCredentials"], 403: ["confirmEmail"], ...LIMITED } as const;
const CODE_REFUSED = { 400: ["invalidConfirmationCode"], ...LIMITED } as const;

// Spec section 7, the areas served so far. Other areas join as their issues land.
export const authCalls = {
  signIn: call({
    method: "POST",
    path: "/auth/sign-in",
    auth: false,
    body: SignInBody,
    result: Tokens,
    errors: SIGN_IN_REFUSED,
  }),
  signInEmail: call({
    method: "POST",
    path: "/auth/sign-in/email",
    auth: false,
    body: SignInEmailBody,
    result: Tokens,
    errors: SIGN_IN_REFUSED,
  }),
  signUp: call({
    method: "POST",
    path: "/auth/sign-up",
    auth: false,
    body: SignUpBody,
    result: SignUpResult,
    errors: { 400: ["nameTaken"], ...LIMITED },
  }),
  signUpConfirm: call({
    method: "POST",
    path: "/auth/sign-up/confirm",
    auth: false,
    body: SignUpConfirmBody,
    result: SignUpConfirmResult,
    errors: { 400: ["invalidToken"], ...LIMITED },
  }),
  /** A missing or unknown refresh token answers 401 refreshTokenNotExists; an expired, revoked or reused one 401 unauthorized. */
  refresh: call({
    method: "POST",
    path: "/auth/refresh",
    auth: false,
    body: RefreshBody,
    result: Tokens,
    errors: { 401: ["refreshTokenNotExists", "unauthorized"], ...LIMITED },
  }),
  recoveryValidate: call({
    method: "POST",
    path: "/auth/recovery/validate",
    auth: false,
    body: RecoveryValidateBody,
    result: Ok,
    errors: CODE_REFUSED,
  }),
  recoverySendCode: call({
    method: "POST",
    path: "/auth/recovery/send-code",
    auth: false,
    body: RecoverySendCodeBody,
    result: Ok,
    errors: LIMITED,
  }),
  recoveryNewPassword: call({
    method: "POST",
    path: "/auth/recovery/new-password",
    auth: false,
    body: RecoveryNewPasswordBody,
    result: Ok,
    errors: CODE_REFUSED,
  }),
  changePassword: call({
    method: "POST",
    path: "/auth/change-password",
    auth: true,
    body: ChangePasswordBody,
    result: Tokens,
    errors: { 400: ["samePassword", "wrongPassword"] },
  }),
  signOut: call({
    method: "POST",
    path: "/auth/sign-out",
    auth: false,
    body: z.object({ refreshToken: opaqueToken() }),
    result: Ok,
  }),
  socialProviders: call({ method: "GET", path: "/auth/social", auth: false, result: SocialProviders }),
} as const;

export const usersCalls = {
  profile: call({ method: "GET", path: "/users/profile", auth: true, result: Profile }),
  update: call({
    method: "PUT",
    path: "/users",
    auth: true,
    body: UpdateProfileBody,
    result: Profile,
    errors: { 400: ["nameTaken"] },
  }),
  /** `type=follow` needs a bearer token (401 without). */
  players: call({
    method: "GET",
    path: "/users",
    auth: false,
    query: PlayersQuery,
    result: PlayersPage,
    errors: { 401: ["unauthorized"] },
  }),
  /** 403 for oneself; 404 for an unknown or unconfirmed player. */
  favorite: call({
    method: "POST",
    path: "/users/:id/favorite",
    auth: true,
    result: FavoriteResult,
    errors: { 403: ["forbidden"], 404: ["notFound"] },
  }),
  unfavorite: call({
    method: "DELETE",
    path: "/users/:id/favorite",
    auth: true,
    result: FavoriteResult,
    errors: { 403: ["forbidden"], 404: ["notFound"] },
  }),
  addNoteEmail: call({ method: "POST", path: "/users/add-note-email", auth: true, body: NoteEmailBody, result: Ok }),
  publicProfile: call({
    method: "GET",
    path: "/users/:id/profile",
    auth: false,
    result: PublicProfile,
    errors: { 404: ["notFound"] },
  }),
  deleteAccount: call({ method: "DELETE", path: "/users", auth: true, result: Ok }),
} as const;

export const systemCalls = {
  countries: call({ method: "GET", path: "/system/countries", auth: false, result: z.array(Country) }),
  seasons: call({
    method: "GET",
    path: "/system/seasons",
    auth: false,
    query: z.object({ riderId: Uuid.optional() }),
    result: z.array(Season),
  }),
  links: call({ method: "GET", path: "/system/links", auth: false, result: Links }),
  news: call({ method: "GET", path: "/system/news", auth: false, query: PageQuery, result: z.array(NewsItem) }),
  newsPageNext: call({
    method: "GET",
    path: "/system/news-page/next",
    auth: false,
    query: z.object({ langCode: languageTag().optional() }),
    result: NewsItem.nullable(),
  }),
} as const;

/** Fills `:name` path parameters. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`missing path parameter ${k}`);
    return encodeURIComponent(String(v));
  });
}
