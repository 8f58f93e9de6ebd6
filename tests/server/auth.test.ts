import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { users } from "../../server/db/schema";
import { onEachBackend } from "./harness";
import { latestMail, outbox, PASSWORD, signIn, signUp, signUpConfirmed, tokenFrom, uniqueEmail } from "./accounts";

onEachBackend("auth", (h) => {
  describe("sign-up checks its fields with the spec's messages", () => {
    it("answers 400 'validation' with one spec message per field", async () => {
      const res = await h.call("POST", "/auth/sign-up", {
        body: { name: "Al", email: "not-an-email", password: "short", confirmPassword: "other" },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation");
      expect(res.body.fields.name).toMatchObject({ code: "minLength", message: "Please enter more than 2 characters" });
      expect(res.body.fields.email).toMatchObject({ code: "email", message: messages.email });
      expect(res.body.fields.password).toMatchObject({ code: "minLength", params: { min: 7 } });
      expect(res.body.message).toBe(res.body.fields.name.message);
    });

    it("needs agreement to the terms and privacy policy", async () => {
      const res = await h.call("POST", "/auth/sign-up", {
        body: { name: "Marco", email: uniqueEmail(), password: PASSWORD, confirmPassword: PASSWORD, agree: false },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.agree.code).toBe("termsRequired");
    });

    it("needs letters, digits and special symbols, and matching passwords", async () => {
      const weak = await h.call("POST", "/auth/sign-up", {
        body: {
          name: "Marco",
          email: uniqueEmail(),
          password: "onlyletters",
          confirmPassword: "onlyletters",
          agree: true,
        },
      });
      expect(weak.body.fields.password).toMatchObject({ code: "passwordRule", message: messages.passwordRule });
      const mismatch = await h.call("POST", "/auth/sign-up", {
        body: { name: "Marco", email: uniqueEmail(), password: PASSWORD, confirmPassword: `${PASSWORD}x`, agree: true },
      });
      expect(mismatch.body.fields.confirmPassword.code).toBe("passwordsMustMatch");
    });

    it("answers 400 malformedRequest to a body that is not JSON", async () => {
      const res = await h.call("POST", "/auth/sign-up", {
        body: "{nope",
        headers: { "content-type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        statusCode: 400,
        code: "malformedRequest",
        message: "The request could not be read",
      });
    });
  });

  describe("sign-up never reveals whether an e-mail is registered", () => {
    it("answers an existing e-mail exactly like a new one and mails its owner instead", async () => {
      const email = uniqueEmail();
      const first = await signUp(h, "Valentina", email);
      const again = await signUp(h, "Someone Else", email.toUpperCase());
      expect(again.status).toBe(first.status);
      expect(again.body).toEqual({ result: { email: email.toUpperCase() } });
      const mails = await outbox(h, email);
      expect(mails[0]!.subject).toMatch(/already have/);
      expect(mails).toHaveLength(2);
    });

    it("refuses a player name that is taken, whatever its case", async () => {
      await signUp(h, "Pecco", uniqueEmail());
      const res = await signUp(h, "PECCO", uniqueEmail());
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(["name"]);
    });

    it("stores the password as an argon2id hash", async () => {
      const email = uniqueEmail();
      await signUp(h, "Hashy", email);
      const [row] = await h.database.db.select().from(users).where(eq(users.email, email));
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      expect(row!.passwordHash).not.toContain(PASSWORD);
    });
  });

  describe("e-mail confirmation", () => {
    it("mails a link with the token; confirming returns tokens and isNew", async () => {
      const email = uniqueEmail();
      await signUp(h, "Confirmer", email);
      const mail = await latestMail(h, email);
      expect(mail.text).toContain(`http://pp.test/?token=`);
      const res = await h.call("POST", "/auth/sign-up/confirm", { body: { token: tokenFrom(mail) } });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
        isNew: true,
      });
      const profile = await h.call("GET", "/users/profile", { token: res.body.result.accessToken });
      expect(profile.body.result.email).toBe(email);
    });

    it("accepts a token once", async () => {
      const email = uniqueEmail();
      await signUp(h, "Oncer", email);
      const token = tokenFrom(await latestMail(h, email));
      expect((await h.call("POST", "/auth/sign-up/confirm", { body: { token } })).status).toBe(200);
      const again = await h.call("POST", "/auth/sign-up/confirm", { body: { token } });
      expect(again.status).toBe(400);
      expect(again.body.code).toBe("invalidToken");
    });

    it("expires the token after 48 hours", async () => {
      const email = uniqueEmail();
      await signUp(h, "Latecomer", email);
      const token = tokenFrom(await latestMail(h, email));
      h.clock.setOffset(48 * 3600_000 + 1000);
      expect((await h.call("POST", "/auth/sign-up/confirm", { body: { token } })).status).toBe(400);
    });

    it("rejects an unknown token", async () => {
      const res = await h.call("POST", "/auth/sign-up/confirm", { body: { token: "made-up" } });
      expect(res.status).toBe(400);
    });
  });

  describe("sign-in by e-mail (/auth/sign-in/email) and by e-mail or name (/auth/sign-in)", () => {
    it("signs in a confirmed player by e-mail, in any case", async () => {
      const p = await signUpConfirmed(h);
      const res = await signIn(h, p.email.toUpperCase());
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    });

    it("signs in by player name or e-mail on /auth/sign-in", async () => {
      const p = await signUpConfirmed(h, "Bagnaia");
      for (const login of ["bagnaia", p.email]) {
        const res = await h.call("POST", "/auth/sign-in", { body: { login, password: PASSWORD } });
        expect(res.status).toBe(200);
      }
    });

    it("answers a wrong password and an unknown player alike: 401 invalidCredentials", async () => {
      const p = await signUpConfirmed(h);
      const wrong = await signIn(h, p.email, "Wrong#password1");
      const unknown = await signIn(h, uniqueEmail("nobody"), PASSWORD);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toMatchObject({ statusCode: 401, code: "invalidCredentials" });
      const byName = await h.call("POST", "/auth/sign-in", { body: { login: "no such name", password: PASSWORD } });
      expect(byName.body).toEqual(unknown.body);
    });

    it("asks an unconfirmed player with the right password to confirm (403) and re-sends the mail", async () => {
      const email = uniqueEmail();
      await signUp(h, "Unconfirmed", email);
      const before = (await outbox(h, email)).length;
      const res = await signIn(h, email);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: "confirmEmail", message: messages.confirmEmail });
      const mails = await outbox(h, email);
      expect(mails).toHaveLength(before + 1);
      expect((await h.call("POST", "/auth/sign-up/confirm", { body: { token: tokenFrom(mails[0]!) } })).status).toBe(
        200,
      );
    });

    it("does not tell an unconfirmed player with a wrong password anything more", async () => {
      const email = uniqueEmail();
      await signUp(h, "Unconfirmed2", email);
      expect((await signIn(h, email, "Wrong#password1")).body.code).toBe("invalidCredentials");
    });
  });

  describe("access tokens", () => {
    it("are needed for private calls: 401 without, with a bad one, and 15 minutes after issue", async () => {
      const p = await signUpConfirmed(h);
      expect((await h.call("GET", "/users/profile")).status).toBe(401);
      expect((await h.call("GET", "/users/profile", { token: "garbage" })).body.code).toBe("unauthorized");
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(200);
      h.clock.setOffset(15 * 60_000 + 1000);
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
    });
  });

  describe("access tokens live as long as the configured lifetime (ACCESS_TTL_SECONDS outside production)", () => {
    it("a 5-second lifetime is refused after 6 seconds, and refreshes", async () => {
      const app = await h.buildApp({ accessTtlSeconds: 5 });
      const p = await signUpConfirmed(h);
      const tokens = (
        await h.call<{ result: { accessToken: string } }>(
          "POST",
          "/auth/refresh",
          { body: { refreshToken: p.tokens.refreshToken } },
          app,
        )
      ).body.result;
      expect((await h.call("GET", "/users/profile", { token: tokens.accessToken }, app)).status).toBe(200);
      h.clock.setOffset(6000);
      expect((await h.call("GET", "/users/profile", { token: tokens.accessToken }, app)).status).toBe(401);
    });
  });

  describe("refresh tokens rotate on every use, and reuse revokes the family", () => {
    it("returns a new pair and retires the old refresh token", async () => {
      const p = await signUpConfirmed(h);
      const res = await h.call("POST", "/auth/refresh", {
        body: { refreshToken: p.tokens.refreshToken },
        token: p.tokens.accessToken,
      });
      expect(res.status).toBe(200);
      expect(res.body.result.refreshToken).not.toBe(p.tokens.refreshToken);
      expect((await h.call("GET", "/users/profile", { token: res.body.result.accessToken })).status).toBe(200);
    });

    it("revokes the whole family when a rotated token comes back 30 s or more after its use", async () => {
      const p = await signUpConfirmed(h);
      const next = (await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).body
        .result;
      h.clock.setOffset(30_000);
      const reuse = await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } });
      expect(reuse.status).toBe(401);
      // The thief's and the owner's newer tokens are dead too.
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: next.refreshToken } })).status).toBe(401);
      expect((await h.call("GET", "/users/profile", { token: next.accessToken })).status).toBe(401);
    });

    it("a rotated token used again within 30 s (the answer was lost, or two tabs refreshed at once) gets new tokens, and the session lives", async () => {
      const p = await signUpConfirmed(h);
      const first = (await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).body
        .result;
      h.clock.setOffset(29_000);
      const retry = await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } });
      expect(retry.status).toBe(200);
      expect(retry.body.result.refreshToken).not.toBe(first.refreshToken);
      expect((await h.call("GET", "/users/profile", { token: retry.body.result.accessToken })).status).toBe(200);
      expect((await h.call("GET", "/users/profile", { token: first.accessToken })).status).toBe(200);
      // The grace runs from the first use: it does not start again with the retry.
      h.clock.setOffset(31_000);
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
      expect((await h.call("GET", "/users/profile", { token: retry.body.result.accessToken })).status).toBe(401);
    });

    it("two tabs refreshing with one token at the same moment both get new tokens", async () => {
      const p = await signUpConfirmed(h);
      const both = await Promise.all(
        [0, 1].map(() => h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })),
      );
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      for (const r of both)
        expect(
          (await h.call("POST", "/auth/refresh", { body: { refreshToken: r.body.result.refreshToken } })).status,
        ).toBe(200);
    });

    it("leaves other sessions of the same player alone", async () => {
      const p = await signUpConfirmed(h);
      const other = (await signIn(h, p.email)).body.result;
      await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } });
      await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } });
      expect((await h.call("GET", "/users/profile", { token: other.accessToken })).status).toBe(200);
    });

    it("answers 401 'Refresh token not exists' when the token is missing or unknown", async () => {
      for (const body of [{}, { refreshToken: "" }, { refreshToken: "unknown" }]) {
        const res = await h.call("POST", "/auth/refresh", { body });
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ code: "refreshTokenNotExists", message: messages.refreshTokenNotExists });
      }
    });

    it("expires refresh tokens after 30 days", async () => {
      const p = await signUpConfirmed(h);
      h.clock.setOffset(30 * 24 * 3600_000 + 1000);
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
    });
  });

  describe("refresh is limited per token, not per address: players at a circuit share one carrier address", () => {
    it("eleven players on one address each refresh in the same minute at the production limit of 10", async () => {
      const app = await h.buildApp({ rateLimitMax: 10 });
      const players = [];
      for (let i = 0; i < 11; i++) players.push(await signUpConfirmed(h));
      for (const p of players) {
        const res = await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } }, app);
        expect(res.status).toBe(200);
      }
    });

    it("one player may refresh twelve times in a minute, each time with the new token", async () => {
      const app = await h.buildApp({ rateLimitMax: 10 });
      let tokens = (await signUpConfirmed(h)).tokens;
      for (let i = 0; i < 12; i++) {
        const res = await h.call<{ result: typeof tokens }>(
          "POST",
          "/auth/refresh",
          { body: { refreshToken: tokens.refreshToken } },
          app,
        );
        expect(res.status, `refresh ${i + 1}`).toBe(200);
        tokens = res.body.result;
      }
    });

    it("still answers 429 to one token sent past the limit", async () => {
      const app = await h.buildApp({ rateLimitMax: 2 });
      const attempt = () => h.call("POST", "/auth/refresh", { body: { refreshToken: "stolen-or-guessed" } }, app);
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(401);
      expect((await attempt()).status).toBe(429);
    });

    it("e-mail confirmations on one address are counted per link too", async () => {
      const app = await h.buildApp({ rateLimitMax: 2 });
      for (let i = 0; i < 3; i++) {
        const email = uniqueEmail();
        await signUp(h, `Circuit${i}${Date.now().toString(36)}`, email);
        const res = await h.call(
          "POST",
          "/auth/sign-up/confirm",
          { body: { token: tokenFrom(await latestMail(h, email)) } },
          app,
        );
        expect(res.status, `confirmation ${i + 1}`).toBe(200);
      }
    });
  });

  describe("sign-out revokes the session's family", () => {
    it("kills its refresh token and its access tokens", async () => {
      const p = await signUpConfirmed(h);
      const res = await h.call("POST", "/auth/sign-out", { body: { refreshToken: p.tokens.refreshToken } });
      expect(res.body).toEqual({ result: { ok: true } });
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
    });
  });

  describe("social providers", () => {
    it("lists none when no provider credentials are configured", async () => {
      expect((await h.call("GET", "/auth/social")).body).toEqual({ result: { providers: [] } });
      expect((await h.call("GET", "/auth/social/google")).status).toBe(404);
    });
  });
});
