import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import webpush from "web-push";
import type { SocialProvider } from "../contract/enums";

export type OAuthProviderConfig = {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string;
};

export type Config = {
  production: boolean;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  jwtAccessSecret: string;
  jwtRefreshSecret: string;
  /** Operators' secret for /api/admin (header x-admin-token); without one the admin calls are not served. */
  adminToken: string | undefined;
  oauth: Partial<Record<SocialProvider, OAuthProviderConfig>>;
  rateLimitMax: number;
  /** Access tokens' lifetime (default 15 minutes); shortened only outside production (ACCESS_TTL_SECONDS), so tests see refreshes. */
  accessTtlSeconds?: number;
  /** Behind a load balancer: take the client address from X-Forwarded-For (rate limits count per address). */
  trustProxy: boolean;
  /** A request slower than this (ms, SLOW_REQUEST_MS, default 1000) is logged at warn with its route pattern. */
  slowRequestMs?: number;
  /** The scraper's bearer token for GET /api/metrics (METRICS_TOKEN); without one nothing is collected and the call answers 404. */
  metricsToken?: string;
  /**
   * Web Push's VAPID keys (base64url) and subject (a `mailto:` or `https:` address push services can reach the
   * operators at): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (docs/push.md). Without them push is off.
   */
  vapid?: VapidConfig;
  /** argon2 cost; lowered only by the test harness to keep the suite fast. */
  passwordHash: { memoryCost: number; timeCost: number };
};

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

type Env = Record<string, string | undefined>;

// The providers' real endpoints; each can be overridden (tests point them at a local provider).
const oauthDefaults: Record<SocialProvider, Omit<OAuthProviderConfig, "clientId" | "clientSecret">> = {
  google: {
    authorizeUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scope: "openid email profile",
  },
  facebook: {
    authorizeUrl: "https://www.facebook.com/v19.0/dialog/oauth",
    tokenUrl: "https://graph.facebook.com/v19.0/oauth/access_token",
    userinfoUrl: "https://graph.facebook.com/me?fields=id,name,email",
    scope: "email public_profile",
  },
  twitter: {
    authorizeUrl: "https://twitter.com/i/oauth2/authorize",
    tokenUrl: "https://api.twitter.com/2/oauth2/token",
    userinfoUrl: "https://api.twitter.com/2/users/me",
    scope: "users.read tweet.read",
  },
};

const nonEmpty = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

export function oauthFromEnv(env: Env): Config["oauth"] {
  const out: Config["oauth"] = {};
  for (const provider of Object.keys(oauthDefaults) as SocialProvider[]) {
    const p = `OAUTH_${provider.toUpperCase()}_`;
    const clientId = nonEmpty(env[`${p}CLIENT_ID`]);
    const clientSecret = nonEmpty(env[`${p}CLIENT_SECRET`] ?? env[`${p}SECRET`]);
    if (!clientId || !clientSecret) continue;
    const d = oauthDefaults[provider];
    out[provider] = {
      clientId,
      clientSecret,
      authorizeUrl: nonEmpty(env[`${p}AUTHORIZE_URL`]) ?? d.authorizeUrl,
      tokenUrl: nonEmpty(env[`${p}TOKEN_URL`]) ?? d.tokenUrl,
      userinfoUrl: nonEmpty(env[`${p}USERINFO_URL`]) ?? d.userinfoUrl,
      scope: nonEmpty(env[`${p}SCOPE`]) ?? d.scope,
    };
  }
  return out;
}

type DevSecrets = { access: string; refresh: string; admin: string };
const secret = () => randomBytes(32).toString("base64url");

/**
 * Dev secrets are generated once and kept in DATA_DIR so sessions survive restarts, and so the operator
 * CLI (`npm run admin`, `npm run simulate`) reads the same admin token as the server it talks to.
 */
export function devSecrets(dataDir: string): DevSecrets {
  const file = join(dataDir, "secrets.json");
  const stored = existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Partial<DevSecrets>) : {};
  const secrets = {
    access: stored.access ?? secret(),
    refresh: stored.refresh ?? secret(),
    admin: stored.admin ?? secret(),
  };
  if (stored.access !== secrets.access || stored.refresh !== secrets.refresh || stored.admin !== secrets.admin) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  }
  return secrets;
}

/**
 * Outside production a VAPID key pair is made once and kept in DATA_DIR/vapid.json, so browsers' subscriptions (made
 * for one public key) survive restarts. Several instances need the same pair: give them the variables.
 */
export function devVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, "vapid.json");
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, "utf8")) as Partial<{ publicKey: string; privateKey: string }>;
    if (stored.publicKey && stored.privateKey) return { publicKey: stored.publicKey, privateKey: stored.privateKey };
  }
  const made = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  return made;
}

/** VAPID_* from the environment: all three or none (push off in production, a kept pair in development). */
export function vapidFromEnv(
  env: Env,
  production: boolean,
  dataDir: string,
  mailFrom: string,
): VapidConfig | undefined {
  const publicKey = nonEmpty(env.VAPID_PUBLIC_KEY);
  const privateKey = nonEmpty(env.VAPID_PRIVATE_KEY);
  const subject = nonEmpty(env.VAPID_SUBJECT);
  if (publicKey && privateKey) {
    if (!subject && production)
      throw new Error("VAPID_SUBJECT is required with VAPID keys (mailto: or https: address)");
    return { publicKey, privateKey, subject: subject ?? devSubject(mailFrom) };
  }
  if (publicKey || privateKey)
    throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both or neither");
  if (production) return undefined;
  return { ...devVapidKeys(dataDir), subject: subject ?? devSubject(mailFrom) };
}

/** The mail sender's address as a `mailto:` subject (push services contact the operators there). */
const devSubject = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

/**
 * A line for the log when this instance looks like one of several (REDIS_URL is set for that; a DATABASE_URL may be
 * shared) while a secret comes from its own DATA_DIR/secrets.json: each instance then signs with its own key and
 * refuses the others' tokens (a player signed in on one is signed out by the next request the balancer sends
 * elsewhere). Undefined when there is nothing to say.
 */
export function ownSecretsWarning(env: Env = process.env): string | undefined {
  const shared = (["REDIS_URL", "DATABASE_URL"] as const).filter((name) => nonEmpty(env[name]));
  if (shared.length === 0) return undefined;
  const production = env.NODE_ENV === "production";
  const own = (["JWT_ACCESS_SECRET", "JWT_REFRESH_SECRET", "ADMIN_TOKEN"] as const).filter(
    // Production refuses to start without the JWT secrets and has no admin token unless one is given.
    (name) => !production && !nonEmpty(env[name]),
  );
  if (own.length === 0) return undefined;
  return `[config] ${shared.join(" and ")} ${shared.length > 1 ? "say" : "says"} this instance may be one of several, but ${own.join(", ")} ${own.length > 1 ? "come" : "comes"} from this instance's own DATA_DIR/secrets.json: instances with different secrets refuse each other's tokens. Give every instance the same values.`;
}

export function loadConfig(env: Env = process.env): Config {
  const production = env.NODE_ENV === "production";
  const port = Number(nonEmpty(env.PORT) ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? "./data");
  let jwtAccessSecret = nonEmpty(env.JWT_ACCESS_SECRET);
  let jwtRefreshSecret = nonEmpty(env.JWT_REFRESH_SECRET);
  if (!jwtAccessSecret || !jwtRefreshSecret) {
    if (production) throw new Error("JWT_ACCESS_SECRET and JWT_REFRESH_SECRET are required when NODE_ENV=production");
    const generated = devSecrets(dataDir);
    jwtAccessSecret ??= generated.access;
    jwtRefreshSecret ??= generated.refresh;
  }
  // Production serves the admin calls only with an explicit ADMIN_TOKEN; development always has one.
  const adminToken = nonEmpty(env.ADMIN_TOKEN) ?? (production ? undefined : devSecrets(dataDir).admin);
  const rateLimitMax = Number(nonEmpty(env.RATE_LIMIT_MAX) ?? 10);
  const accessTtlSeconds = production ? undefined : Number(nonEmpty(env.ACCESS_TTL_SECONDS) ?? Number.NaN);
  const slowRequestMs = Number(nonEmpty(env.SLOW_REQUEST_MS) ?? Number.NaN);
  const metricsToken = nonEmpty(env.METRICS_TOKEN);
  const mailFrom = nonEmpty(env.MAIL_FROM) ?? "Paddock Predictor <no-reply@paddock-predictor.local>";
  const vapid = vapidFromEnv(env, production, dataDir, mailFrom);
  return {
    production,
    port,
    dataDir,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    redisUrl: nonEmpty(env.REDIS_URL),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom,
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ""),
    jwtAccessSecret,
    jwtRefreshSecret,
    adminToken,
    oauth: oauthFromEnv(env),
    rateLimitMax: Number.isFinite(rateLimitMax) && rateLimitMax > 0 ? rateLimitMax : 10,
    ...(accessTtlSeconds !== undefined && Number.isInteger(accessTtlSeconds) && accessTtlSeconds > 0
      ? { accessTtlSeconds }
      : {}),
    trustProxy: ["1", "true", "yes"].includes((env.TRUST_PROXY ?? "").toLowerCase()),
    ...(Number.isFinite(slowRequestMs) && slowRequestMs > 0 ? { slowRequestMs } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    ...(vapid ? { vapid } : {}),
    passwordHash: { memoryCost: 19456, timeCost: 2 },
  };
}
