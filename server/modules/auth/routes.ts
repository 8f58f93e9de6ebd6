import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { authCalls } from "../../../contract/calls";
import type { SocialProvider } from "../../../contract/enums";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { socialRoutes } from "./social";

/**
 * Attempts are counted per client address and account, so one attacker can't lock out everybody. The
 * account is named as the contract reads it (NFC, trimmed, any case): "José" typed decomposed is the same
 * account, so it must not be a fresh counter.
 */
function rateKey(request: FastifyRequest): string {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const who = [body.email, body.login].find((v) => typeof v === "string") as string | undefined;
  return `${request.ip}|${(who ?? "").normalize("NFC").trim().toLowerCase()}`;
}

/**
 * A refresh (and an e-mail confirmation) is counted per token it carries, not per address: at a circuit thousands
 * of players share one carrier address, and each of their tabs refreshes every few minutes. A token is 32 random
 * bytes, so counting per token gives a guesser nothing; its hash keeps the secret out of the limiter's store.
 */
const perToken =
  (field: "refreshToken" | "token") =>
  (request: FastifyRequest): string => {
    const token = ((request.body ?? {}) as Record<string, unknown>)[field];
    return typeof token === "string"
      ? `${field}|${createHash("sha256").update(token).digest("base64url")}`
      : `${field}|${request.ip}`;
  };

function limited(max: number, keyGenerator: (request: FastifyRequest) => string = rateKey) {
  return { config: { rateLimit: { max, timeWindow: 60_000, hook: "preHandler" as const, keyGenerator } } };
}

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { auth } = app.services;
  const limit = limited(app.deps.config.rateLimitMax);
  const ok = { ok: true as const };

  serve(app, authCalls.signUp, ({ body }) => auth.signUp(body), { routeOptions: limit });
  serve(app, authCalls.signUpConfirm, ({ body }) => auth.confirm(body.token), {
    routeOptions: limited(app.deps.config.rateLimitMax, perToken("token")),
  });
  serve(app, authCalls.signInEmail, ({ body }) => auth.signIn(body.email, body.password, "email"), {
    routeOptions: limit,
  });
  serve(app, authCalls.signIn, ({ body }) => auth.signIn(body.login, body.password, "login"), { routeOptions: limit });
  serve(app, authCalls.refresh, ({ body }) => auth.tokens.rotate(body.refreshToken), {
    routeOptions: limited(app.deps.config.rateLimitMax, perToken("refreshToken")),
    invalidBody: () => new AppError(401, "refreshTokenNotExists"),
  });
  serve(app, authCalls.signOut, async ({ body }) => {
    await auth.tokens.signOut(body.refreshToken);
    return ok;
  });
  serve(
    app,
    authCalls.recoverySendCode,
    async ({ body }) => {
      await auth.sendRecoveryCode(body.email);
      return ok;
    },
    { routeOptions: limit },
  );
  serve(
    app,
    authCalls.recoveryValidate,
    async ({ body }) => {
      await auth.checkRecoveryCode(body.email, body.code);
      return ok;
    },
    { routeOptions: limit },
  );
  serve(
    app,
    authCalls.recoveryNewPassword,
    async ({ body }) => {
      await auth.recoverPassword(body);
      return ok;
    },
    { routeOptions: limit },
  );
  serve(app, authCalls.changePassword, ({ body, caller }) => auth.changePassword(caller.userId, body), {
    allowedWhileMustChangePassword: true,
  });
  serve(app, authCalls.socialProviders, async () => ({
    providers: Object.keys(app.deps.config.oauth) as SocialProvider[],
  }));
  socialRoutes(app, auth);
}
