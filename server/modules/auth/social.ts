import { createHash, randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { and, eq } from "drizzle-orm";
import { NAME_MAX, NAME_MIN } from "../../../contract/auth";
import { SocialProvider } from "../../../contract/enums";
import type { OAuthProviderConfig } from "../../config";
import { socialAccounts, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { isUniqueViolation } from "../../db/errors";
import { byEmail, byName, type AuthService } from "./service";
import { randomToken } from "./tokens";
import { signUpGrant } from "../diamonds/ledger";

const STATE_TTL_SECONDS = 600;
const cookieName = (provider: string) => `pp_oauth_${provider}`;

type Identity = { id: string; email: string | null; name: string | null; emailVerified: boolean };

/** Userinfo shapes differ: Google (sub, email_verified), Facebook (id, email), Twitter ({ data: { id, name, username } }). */
export function readIdentity(info: Record<string, unknown>): Identity | null {
  const src = (typeof info.data === "object" && info.data ? info.data : info) as Record<string, unknown>;
  const id = src.sub ?? src.id;
  if (typeof id !== "string" && typeof id !== "number") return null;
  const email = typeof src.email === "string" && src.email.includes("@") ? src.email : null;
  const name = [src.name, src.username].find((v): v is string => typeof v === "string" && v.trim().length > 0) ?? null;
  // Facebook and Twitter only hand out e-mails they have verified; Google says so explicitly.
  const emailVerified =
    src.email_verified === undefined ? true : src.email_verified === true || src.email_verified === "true";
  return { id: String(id), email, name, emailVerified };
}

async function fetchIdentity(
  cfg: OAuthProviderConfig,
  code: string,
  redirect: string,
  verifier: string,
): Promise<Identity | null> {
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirect,
    client_id: cfg.clientId,
    client_secret: cfg.clientSecret,
    code_verifier: verifier,
  });
  const basic = Buffer.from(`${encodeURIComponent(cfg.clientId)}:${encodeURIComponent(cfg.clientSecret)}`).toString(
    "base64",
  );
  const tokenRes = await fetch(cfg.tokenUrl, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
      authorization: `Basic ${basic}`,
    },
    body: form,
    signal: AbortSignal.timeout(10_000),
  });
  if (!tokenRes.ok) throw new Error(`token endpoint answered ${tokenRes.status}`);
  const { access_token: accessToken } = (await tokenRes.json()) as { access_token?: string };
  if (!accessToken) throw new Error("no access_token");
  const infoRes = await fetch(cfg.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    signal: AbortSignal.timeout(10_000),
  });
  if (!infoRes.ok) throw new Error(`userinfo answered ${infoRes.status}`);
  return readIdentity((await infoRes.json()) as Record<string, unknown>);
}

export function socialRoutes(app: FastifyInstance, auth: AuthService): void {
  const { config, clock } = app.deps;
  const db = app.deps.db.db;
  const diamonds = app.deps.ledger;
  const secure = config.publicUrl.startsWith("https:");
  const redirectUri = (provider: string) => `${config.publicUrl}/api/auth/social/${provider}/callback`;
  const landing = (params: Record<string, string>) => `${config.publicUrl}/?${new URLSearchParams(params).toString()}`;

  const providerOf = (raw: string): [SocialProvider, OAuthProviderConfig] => {
    const parsed = SocialProvider.safeParse(raw);
    const cfg = parsed.success ? config.oauth[parsed.data] : undefined;
    if (!parsed.success || !cfg) throw new AppError(404, "notFound");
    return [parsed.data, cfg];
  };

  app.get<{ Params: { provider: string } }>("/auth/social/:provider", async (request, reply) => {
    const [provider, cfg] = providerOf(request.params.provider);
    const state = randomToken();
    const verifier = randomToken();
    reply.setCookie(cookieName(provider), JSON.stringify({ state, verifier }), {
      signed: true,
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/api/auth/social",
      maxAge: STATE_TTL_SECONDS,
    });
    const url = new URL(cfg.authorizeUrl);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", cfg.clientId);
    url.searchParams.set("redirect_uri", redirectUri(provider));
    url.searchParams.set("scope", cfg.scope);
    url.searchParams.set("state", state);
    // PKCE: Twitter requires it, the others accept it.
    url.searchParams.set("code_challenge", createHash("sha256").update(verifier).digest("base64url"));
    url.searchParams.set("code_challenge_method", "S256");
    return reply.redirect(url.toString(), 302);
  });

  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    "/auth/social/:provider/callback",
    async (request, reply) => {
      const [provider, cfg] = providerOf(request.params.provider);
      const fail = (reason: string) => {
        reply.clearCookie(cookieName(provider), { path: "/api/auth/social" });
        return reply.redirect(landing({ social: "error", reason }), 302);
      };
      const raw = request.cookies[cookieName(provider)];
      const unsigned = raw ? request.unsignCookie(raw) : { valid: false, value: null };
      let saved: { state?: string; verifier?: string } = {};
      try {
        saved = unsigned.valid && unsigned.value ? (JSON.parse(unsigned.value) as typeof saved) : {};
      } catch {
        saved = {};
      }
      const { code, state } = request.query;
      if (!saved.state || !saved.verifier || state !== saved.state) return fail("state");
      if (!code) return fail("denied");

      let identity: Identity | null;
      try {
        identity = await fetchIdentity(cfg, code, redirectUri(provider), saved.verifier);
      } catch (err) {
        request.log.warn({ err, provider }, "social sign-in exchange failed");
        return fail("provider");
      }
      if (!identity) return fail("provider");
      const { userId, isNew } = await findOrCreate(provider, identity);
      const tokens = await auth.tokens.startSession(userId);
      reply.clearCookie(cookieName(provider), { path: "/api/auth/social" });
      return reply.redirect(
        landing({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, isNew: String(isNew) }),
        302,
      );
    },
  );

  async function uniqueName(wanted: string | null): Promise<string> {
    const base =
      (wanted ?? "")
        .replace(/\s+/g, " ")
        .trim()
        .slice(0, NAME_MAX - 5) || "Player";
    const padded = base.length >= NAME_MIN ? base : `${base}${"_".repeat(NAME_MIN - base.length)}`;
    for (let i = 0; i < 20; i++) {
      const candidate = i === 0 ? padded : `${padded} ${Math.floor(1000 + Math.random() * 9000)}`;
      const [taken] = await db.select({ id: users.id }).from(users).where(byName(candidate));
      if (!taken) return candidate;
    }
    return `${padded.slice(0, 16)} ${randomUUID().slice(0, 8)}`;
  }

  /** The linked player, else the player with that (provider-verified) e-mail, else a new confirmed player. */
  async function findOrCreate(provider: string, identity: Identity): Promise<{ userId: string; isNew: boolean }> {
    const [linked] = await db
      .select({ userId: socialAccounts.userId })
      .from(socialAccounts)
      .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, identity.id)));
    if (linked) return { userId: linked.userId, isNew: false };
    const now = clock.now();
    const email = identity.email && identity.emailVerified ? identity.email : null;
    const [byMail] = email ? await db.select().from(users).where(byEmail(email)) : [];
    let userId: string;
    let isNew = false;
    if (byMail) {
      userId = byMail.id;
      if (!byMail.emailConfirmedAt)
        await db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, userId));
    } else {
      userId = randomUUID();
      isNew = true;
      // The player and the sign-up diamonds commit together; a lost name race retries both.
      const create = (name: string) =>
        db.transaction(async (tx) => {
          await tx
            .insert(users)
            .values({ id: userId, email, name, emailConfirmedAt: email ? now : null, createdAt: now, updatedAt: now });
          await diamonds.post(tx, signUpGrant(userId));
        });
      try {
        await create(await uniqueName(identity.name));
      } catch (err) {
        if (!isUniqueViolation(err, "users_name_lower_key")) throw err;
        await create(`Player ${randomUUID().slice(0, 8)}`);
      }
    }
    await db
      .insert(socialAccounts)
      .values({ provider, providerUserId: identity.id, userId, createdAt: now })
      .onConflictDoNothing();
    return { userId, isNew };
  }
}
