import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Tokens } from "../../../contract/auth";
import type { Db } from "../../db/open";
import { refreshTokens, sessionFamilies, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { AppDeps } from "../../http/deps";
import type { Caller } from "../../http/caller";
import { forgetSessions, sessionCacheOf, type SessionFacts } from "./sessionCache";

export const ACCESS_TTL_SECONDS = 15 * 60;
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
/**
 * A rotated refresh token that comes back this soon is its owner's, not a thief's: the answer with its successor was
 * lost (a reload or a dropped connection mid-refresh, then the client's retry), or two tabs sharing remember-me
 * cookies refreshed at once. It gets a new token of the same family; later, reuse still revokes the family.
 */
export const REUSE_GRACE_MS = 30_000;

export const randomToken = () => randomBytes(32).toString("base64url");

/** Secrets that reach the database (refresh tokens, confirmation tokens, codes) are stored only as keyed hashes. */
export const secretHasher = (key: string) => (value: string) =>
  createHmac("sha256", key).update(value).digest("base64url");

type Tx = Pick<Db, "insert" | "update" | "select">;

/**
 * Access tokens whose HS256 signature was verified, with their claims (per signing key): a player's requests
 * within the token's 15 minutes verify it once. Bounded: emptied when full. Revocation is checked per request, from
 * the session cache when the app attached one (sessionCache.ts), else in the database.
 */
const verifiedTokens = new Map<string, { secret: string; sub: string; fam: string; exp: number }>();
const VERIFIED_TOKENS_MAX = 50_000;

export function tokenService(deps: Pick<AppDeps, "clock" | "config"> & { db: Db }) {
  const { db, clock } = deps;
  const accessKey = new TextEncoder().encode(deps.config.jwtAccessSecret);
  const hash = secretHasher(deps.config.jwtRefreshSecret);
  const accessTtl = deps.config.accessTtlSeconds ?? ACCESS_TTL_SECONDS;

  async function signAccess(userId: string, familyId: string): Promise<string> {
    const iat = Math.floor(clock.now().getTime() / 1000);
    return new SignJWT({ fam: familyId })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + accessTtl)
      .sign(accessKey);
  }

  async function issueRefresh(tx: Tx, familyId: string): Promise<string> {
    const token = randomToken();
    const now = clock.now();
    await tx.insert(refreshTokens).values({
      tokenHash: hash(token),
      familyId,
      expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
      createdAt: now,
    });
    return token;
  }

  /** A new sign-in: a new token family. */
  async function startSession(userId: string, tx: Tx = db): Promise<Tokens> {
    const familyId = randomUUID();
    await tx.insert(sessionFamilies).values({ id: familyId, userId, createdAt: clock.now() });
    return { accessToken: await signAccess(userId, familyId), refreshToken: await issueRefresh(tx, familyId) };
  }

  async function revokeFamily(familyId: string, tx: Tx = db): Promise<void> {
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
    // This instance at once (inside a transaction the trigger's NOTIFY, at commit, makes it final everywhere).
    forgetSessions(db, { familyId });
  }

  async function revokeAll(userId: string, tx: Tx = db): Promise<void> {
    await tx
      .update(sessionFamilies)
      .set({ revokedAt: clock.now() })
      .where(and(eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)));
    forgetSessions(db, { userId });
  }

  async function findRefresh(token: string) {
    const [row] = await db
      .select({
        tokenHash: refreshTokens.tokenHash,
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        rotatedAt: refreshTokens.rotatedAt,
        revokedAt: sessionFamilies.revokedAt,
        userId: sessionFamilies.userId,
      })
      .from(refreshTokens)
      .innerJoin(sessionFamilies, eq(sessionFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hash(token)));
    return row;
  }

  /** Rotates a refresh token. A token used again after REUSE_GRACE_MS means it leaked: the whole family is revoked. */
  async function rotate(token: string): Promise<Tokens> {
    const row = await findRefresh(token);
    if (!row) throw new AppError(401, "refreshTokenNotExists");
    const now = clock.now();
    if (row.revokedAt || row.expiresAt <= now) throw new AppError(401, "unauthorized");
    if (row.rotatedAt && now.getTime() - row.rotatedAt.getTime() >= REUSE_GRACE_MS) {
      await revokeFamily(row.familyId);
      throw new AppError(401, "unauthorized");
    }
    const refreshToken = await db.transaction(async (tx) => {
      // Conditional: the first use marks the token, so the grace runs from then (of two concurrent uses, both are
      // within it and both get a successor).
      await tx
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.tokenHash, row.tokenHash), isNull(refreshTokens.rotatedAt)));
      return issueRefresh(tx, row.familyId);
    });
    return { accessToken: await signAccess(row.userId, row.familyId), refreshToken };
  }

  /** Signs out: revokes the family the refresh token belongs to (unknown tokens are ignored). */
  async function signOut(token: string): Promise<void> {
    const row = await findRefresh(token);
    if (row) await revokeFamily(row.familyId);
  }

  /** A valid access token of a live family of an existing user, else null. */
  async function verifyAccess(token: string): Promise<Caller | null> {
    let sub: string | undefined;
    let fam: unknown;
    // A signature checks once: the claims of a token already verified come from memory, its expiry checked again.
    const known = verifiedTokens.get(token);
    if (known && known.secret === deps.config.jwtAccessSecret && known.exp > Math.floor(clock.now().getTime() / 1000)) {
      sub = known.sub;
      fam = known.fam;
    } else {
      try {
        const { payload } = await jwtVerify(token, accessKey, { algorithms: ["HS256"], currentDate: clock.now() });
        sub = payload.sub;
        fam = payload.fam;
        if (sub && typeof fam === "string" && typeof payload.exp === "number") {
          if (verifiedTokens.size >= VERIFIED_TOKENS_MAX) verifiedTokens.clear();
          verifiedTokens.set(token, { secret: deps.config.jwtAccessSecret, sub, fam, exp: payload.exp });
        }
      } catch {
        return null;
      }
    }
    if (!sub || typeof fam !== "string") return null;
    const userId = sub;
    const cache = sessionCacheOf(db);
    const facts =
      cache?.get(fam, userId) ??
      (cache ? await cache.load(fam, () => readSession(fam, userId)) : await readSession(fam, userId));
    return facts ? { userId, familyId: fam, mustChangePassword: facts.mustChangePassword } : null;
  }

  /** A live family of this existing user, in the database. */
  async function readSession(familyId: string, userId: string): Promise<SessionFacts | null> {
    const [row] = await db
      .select({ mustChangePassword: users.mustChangePassword })
      .from(sessionFamilies)
      .innerJoin(users, eq(users.id, sessionFamilies.userId))
      .where(
        and(eq(sessionFamilies.id, familyId), eq(sessionFamilies.userId, userId), isNull(sessionFamilies.revokedAt)),
      );
    return row ? { userId, mustChangePassword: row.mustChangePassword } : null;
  }

  return { signAccess, startSession, revokeFamily, revokeAll, rotate, signOut, verifyAccess, hash };
}

export type TokenService = ReturnType<typeof tokenService>;
