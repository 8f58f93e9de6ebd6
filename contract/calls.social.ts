import * as z from "zod";
import { raw } from "./calls";

/** What the provider sends back to the callback (OAuth 2 authorization code flow). */
export const SocialCallbackQuery = z.object({ code: z.string().optional(), state: z.string().optional() });

/**
 * Social sign-in by redirects (the spec's popup handshake): the start sends the browser to the provider with a
 * signed state cookie; the callback sends it back to the SPA with the tokens, or `?social=error&reason=…`, in the
 * query. `GET /auth/social` (authCalls.socialProviders) lists the providers that are configured.
 */
export const socialCalls = {
  start: raw({
    method: "GET",
    path: "/auth/social/:provider",
    auth: false,
    answers: { 302: [] },
    errors: { 404: ["notFound"] },
  }),
  callback: raw({
    method: "GET",
    path: "/auth/social/:provider/callback",
    auth: false,
    query: SocialCallbackQuery,
    answers: { 302: [] },
    errors: { 404: ["notFound"] },
  }),
} as const;
