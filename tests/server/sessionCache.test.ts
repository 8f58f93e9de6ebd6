// The access token's revocation check is served from each instance's memory (server/modules/auth/sessionCache.ts).
// These tests hold it to what the database says: a session ended anywhere (another instance, an operator's SQL)
// is refused everywhere within moments.
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDb, type Database } from "../../server/db/open";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { forcePasswordChange } from "../../server/modules/users/admin";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend, PG_URL, type Harness } from "./harness";

const PROMPTLY_MS = 2000;

/** Calls the profile with `token` on `app` until it answers `status`; answers how long that took (or throws). */
async function untilStatus(h: Harness, app: FastifyInstance, token: string, status: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await h.call("GET", "/users/profile", { token }, app);
    if (res.status === status) return Date.now() - started;
    if (Date.now() - started > PROMPTLY_MS)
      throw new Error(`still ${res.status} after ${PROMPTLY_MS} ms (wanted ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Uses the token a few times so the instance has its session in memory. */
async function warm(h: Harness, app: FastifyInstance, p: Player): Promise<void> {
  for (let i = 0; i < 3; i++)
    expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken }, app)).status).toBe(200);
}

onEachBackend("session cache", (h) => {
  describe("a session ended outside the API is refused within moments", () => {
    it("refuses an access token whose family an operator revoked in SQL", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, h.app, p);
      await h.database.db.execute(sql`UPDATE session_families SET revoked_at = now() WHERE user_id = ${p.id}`);
      expect(await untilStatus(h, h.app, p.tokens.accessToken, 401)).toBeLessThan(PROMPTLY_MS);
    });

    it("answers 403 mustChangePassword once an operator set the flag in SQL", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, h.app, p);
      await h.database.db.execute(sql`UPDATE users SET must_change_password = true WHERE id = ${p.id}`);
      const started = Date.now();
      for (;;) {
        const res = await h.call("PUT", "/users", { token: p.tokens.accessToken, body: { bio: "hi" } });
        if (res.status === 403) break;
        expect(Date.now() - started).toBeLessThan(PROMPTLY_MS);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });

    it("refuses the tokens of a deleted account at once", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, h.app, p);
      expect((await h.call("DELETE", "/users", { token: p.tokens.accessToken })).status).toBeLessThan(300);
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
    });
  });

  // Two instances are two processes in production; here two apps, each on its own pool and listening connection.
  if (h.kind !== "postgres") return;
  describe("a session ended on one instance is refused on the other within moments", () => {
    let other: Database;
    let b: FastifyInstance;

    beforeAll(async () => {
      const [{ schema }] = (await h.database.withConnection((c) =>
        c.query<{ schema: string }>("SELECT current_schema() AS schema"),
      )) as [{ schema: string }];
      other = await openDb({ databaseUrl: PG_URL, dataDir: "", schemaName: schema });
      b = await buildApp({
        db: other,
        clock: h.clock,
        mailer: outboxMailer(other.db, h.clock),
        config: h.config,
        live: createLive({ db: other, clock: h.clock, config: h.config }),
      });
    });
    afterAll(async () => {
      await b.close();
      await other.close();
    });

    it("refuses on B an access token signed out on A", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, b, p);
      expect((await h.call("POST", "/auth/sign-out", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        200,
      );
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
      expect(await untilStatus(h, b, p.tokens.accessToken, 401)).toBeLessThan(PROMPTLY_MS);
    });

    it("refuses on B every session of a player who changed the password on A", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, b, p);
      const changed = await h.call("POST", "/auth/change-password", {
        token: p.tokens.accessToken,
        body: { oldPassword: p.password, password: "Paddock#2027", confirmPassword: "Paddock#2027" },
      });
      expect(changed.status).toBe(200);
      expect(await untilStatus(h, b, p.tokens.accessToken, 401)).toBeLessThan(PROMPTLY_MS);
    });

    it("answers 403 on B once an operator forced a password change through A's database", async () => {
      const p = await signUpConfirmed(h);
      await warm(h, b, p);
      expect(await forcePasswordChange(h.database.db, h.clock, p.email)).toBe(true);
      const started = Date.now();
      for (;;) {
        const res = await h.call("PUT", "/users", { token: p.tokens.accessToken, body: { bio: "hi" } }, b);
        if (res.status === 403) break;
        expect(Date.now() - started).toBeLessThan(PROMPTLY_MS);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    });
  });
});
