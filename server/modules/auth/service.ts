import { randomInt, randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type * as z from "zod";
import type { ChangePasswordBody, RecoveryNewPasswordBody, SignUpBody, Tokens } from "../../../contract/auth";
import type { Db } from "../../db/open";
import { emailConfirmations, recoveryCodes, users, type UserRow } from "../../db/schema";
import { AppError, fieldError } from "../../http/errors";
import type { AppDeps } from "../../http/deps";
import { alreadyRegisteredMail, confirmEmailMail, recoveryCodeMail } from "../../mail/templates";
import { mailLanguage } from "../../mail/texts";
import { signUpGrant } from "../diamonds/ledger";
import { passwordHasher } from "./passwords";
import { randomToken, tokenService } from "./tokens";
import { isUniqueViolation } from "../../db/errors";

export const CONFIRMATION_TTL_MS = 48 * 3600_000;
export const RECOVERY_TTL_MS = 15 * 60_000;
export const RECOVERY_MAX_ATTEMPTS = 5;

export const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;
export const byName = (name: string) => sql`lower(${users.name}) = lower(${name})`;

/** Player names are unique: they are shown in leagues and can sign in with them. */
export function nameTakenError(): AppError {
  return fieldError(400, "nameTaken", "name");
}

const invalidCode = () => fieldError(400, "invalidConfirmationCode", "code");

export function authService(deps: AppDeps) {
  const db: Db = deps.db.db;
  const { clock, mailer, config } = deps;
  const tokens = tokenService({ db, clock, config });
  const passwords = passwordHasher(config.passwordHash);
  const hashSecret = tokens.hash;
  const diamonds = deps.ledger;

  async function findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await db.select().from(users).where(byEmail(email));
    return row;
  }

  async function sendConfirmation(user: UserRow): Promise<void> {
    const token = randomToken();
    const now = clock.now();
    await db.insert(emailConfirmations).values({
      tokenHash: hashSecret(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS),
      createdAt: now,
    });
    await mailer.send(confirmEmailMail(user.email!, user.name, config.publicUrl, token, mailLanguage(user.lng)));
  }

  /** Same answer whether or not the e-mail is known: the owner gets a mail either way. */
  async function signUp(body: z.output<typeof SignUpBody>): Promise<{ email: string }> {
    const existing = await findByEmail(body.email);
    if (existing) {
      await mailer.send(
        alreadyRegisteredMail(existing.email!, config.publicUrl, mailLanguage(existing.lng ?? body.lng)),
      );
      return { email: body.email };
    }
    const [nameOwner] = await db.select({ id: users.id }).from(users).where(byName(body.name));
    if (nameOwner) throw nameTakenError();
    const now = clock.now();
    const row: typeof users.$inferInsert = {
      id: randomUUID(),
      email: body.email,
      name: body.name,
      passwordHash: await passwords.hash(body.password),
      lng: body.lng ?? null,
      createdAt: now,
      updatedAt: now,
    };
    try {
      // The account and its sign-up diamonds commit together (game rules: every new player starts with 100).
      await db.transaction(async (tx) => {
        await tx.insert(users).values(row);
        await diamonds.post(tx, signUpGrant(row.id));
      });
    } catch (err) {
      if (isUniqueViolation(err, "users_name_lower_key")) throw nameTakenError();
      // Lost a race with a sign-up for the same e-mail: answer as for a known e-mail.
      if (isUniqueViolation(err, "users_email_lower_key")) return { email: body.email };
      throw err;
    }
    const [created] = await db.select().from(users).where(eq(users.id, row.id));
    await sendConfirmation(created!);
    return { email: body.email };
  }

  async function confirm(token: string): Promise<Tokens & { isNew: boolean }> {
    const now = clock.now();
    const [row] = await db
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashSecret(token)),
          isNull(emailConfirmations.usedAt),
          sql`${emailConfirmations.expiresAt} > ${now}`,
        ),
      )
      .returning({ userId: emailConfirmations.userId });
    if (!row) throw fieldError(400, "invalidToken", "token");
    const [user] = await db.select().from(users).where(eq(users.id, row.userId));
    if (!user) throw fieldError(400, "invalidToken", "token");
    const isNew = !user.emailConfirmedAt;
    if (isNew) await db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    return { ...(await tokens.startSession(user.id)), isNew };
  }

  /** E-mail or name plus password. Unknown player and wrong password answer alike. */
  async function signIn(login: string, password: string, by: "email" | "login"): Promise<Tokens> {
    const [user] = await db
      .select()
      .from(users)
      .where(by === "email" ? byEmail(login) : sql`(${byEmail(login)} OR ${byName(login)})`)
      .limit(1);
    const ok = user?.passwordHash
      ? await passwords.verify(user.passwordHash, password)
      : await passwords.verifyDummy(password);
    if (!user || !ok) throw new AppError(401, "invalidCredentials");
    if (!user.emailConfirmedAt) {
      await sendConfirmation(user);
      throw new AppError(403, "confirmEmail");
    }
    return tokens.startSession(user.id);
  }

  async function sendRecoveryCode(email: string): Promise<void> {
    const user = await findByEmail(email);
    if (!user) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const now = clock.now();
    const values = {
      codeHash: hashSecret(`${user.id}:${code}`),
      expiresAt: new Date(now.getTime() + RECOVERY_TTL_MS),
      attempts: 0,
      createdAt: now,
    };
    await db
      .insert(recoveryCodes)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: recoveryCodes.userId, set: values });
    await mailer.send(recoveryCodeMail(user.email!, code, config.publicUrl, mailLanguage(user.lng)));
  }

  /** Checks a recovery code, counting failures; five wrong tries spend the code. */
  async function checkRecoveryCode(email: string, code: string): Promise<UserRow> {
    const user = await findByEmail(email);
    if (!user) throw invalidCode();
    const [row] = await db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    if (!row || row.expiresAt <= clock.now() || row.attempts >= RECOVERY_MAX_ATTEMPTS) throw invalidCode();
    if (row.codeHash !== hashSecret(`${user.id}:${code}`)) {
      await db
        .update(recoveryCodes)
        .set({ attempts: sql`${recoveryCodes.attempts} + 1` })
        .where(eq(recoveryCodes.userId, user.id));
      throw invalidCode();
    }
    return user;
  }

  async function recoverPassword(body: z.output<typeof RecoveryNewPasswordBody>): Promise<void> {
    const user = await checkRecoveryCode(body.email, body.code);
    const passwordHash = await passwords.hash(body.password);
    const now = clock.now();
    await db.transaction(async (tx) => {
      // The code arrived by e-mail, so the address is proven too.
      await tx
        .update(users)
        .set({
          passwordHash,
          mustChangePassword: false,
          emailConfirmedAt: user.emailConfirmedAt ?? now,
          updatedAt: now,
        })
        .where(eq(users.id, user.id));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
      await tokens.revokeAll(user.id, tx);
    });
  }

  /** New password after checking the old one; every other session ends, this one gets fresh tokens. */
  async function changePassword(userId: string, body: z.output<typeof ChangePasswordBody>): Promise<Tokens> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw new AppError(401, "unauthorized");
    if (!user.passwordHash || !(await passwords.verify(user.passwordHash, body.oldPassword)))
      throw fieldError(400, "wrongPassword", "oldPassword");
    if (body.oldPassword === body.password) throw fieldError(400, "samePassword", "password");
    const passwordHash = await passwords.hash(body.password);
    return db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ passwordHash, mustChangePassword: false, updatedAt: clock.now() })
        .where(eq(users.id, userId));
      await tokens.revokeAll(userId, tx);
      return tokens.startSession(userId, tx);
    });
  }

  return {
    signUp,
    confirm,
    signIn,
    sendRecoveryCode,
    checkRecoveryCode,
    recoverPassword,
    changePassword,
    tokens,
    passwords,
  };
}

export type AuthService = ReturnType<typeof authService>;
