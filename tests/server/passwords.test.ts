import { describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { forcePasswordChange } from "../../server/modules/users/admin";
import { onEachBackend } from "./harness";
import { codeFrom, latestMail, outbox, PASSWORD, signIn, signUpConfirmed, uniqueEmail } from "./accounts";

const NEW_PASSWORD = "Sprint$Race99";

onEachBackend("passwords", (h) => {
  const sendCode = (email: string) => h.call("POST", "/auth/recovery/send-code", { body: { email } });
  const validate = (email: string, code: string) =>
    h.call("POST", "/auth/recovery/validate", { body: { email, code } });
  const newPassword = (email: string, code: string, password = NEW_PASSWORD) =>
    h.call("POST", "/auth/recovery/new-password", { body: { email, code, password, confirmPassword: password } });

  describe("recovery: send-code always answers ok", () => {
    it("mails a 6-digit code and a link that opens the recovery window", async () => {
      const p = await signUpConfirmed(h);
      const res = await sendCode(p.email);
      expect(res.body).toEqual({ result: { ok: true } });
      const mail = await latestMail(h, p.email);
      expect(codeFrom(mail)).toMatch(/^\d{6}$/);
      expect(mail.text).toContain(`http://pp.test/?state=recovery&email=${encodeURIComponent(p.email)}`);
    });

    it("answers the same for an unknown e-mail and sends nothing", async () => {
      const email = uniqueEmail("ghost");
      const res = await sendCode(email);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: { ok: true } });
      expect(await outbox(h, email)).toEqual([]);
    });
  });

  describe("recovery: validate", () => {
    it("accepts the mailed code", async () => {
      const p = await signUpConfirmed(h);
      await sendCode(p.email);
      expect((await validate(p.email, codeFrom(await latestMail(h, p.email)))).body).toEqual({ result: { ok: true } });
    });

    it("answers 400 'Invalid confirmation code' to a wrong code, a malformed one, an unknown e-mail and an expired code", async () => {
      const p = await signUpConfirmed(h);
      await sendCode(p.email);
      const code = codeFrom(await latestMail(h, p.email));
      const wrong = code === "000000" ? "111111" : "000000";
      for (const res of [
        await validate(p.email, wrong),
        await validate(p.email, "12ab"),
        await validate(uniqueEmail(), code),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.fields.code).toMatchObject({
          code: "invalidConfirmationCode",
          message: messages.invalidConfirmationCode,
        });
      }
      h.clock.setOffset(15 * 60_000 + 1000);
      expect((await validate(p.email, code)).status).toBe(400);
    });

    it("spends the code after 5 wrong attempts", async () => {
      const p = await signUpConfirmed(h);
      await sendCode(p.email);
      const code = codeFrom(await latestMail(h, p.email));
      const wrong = code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) expect((await validate(p.email, wrong)).status).toBe(400);
      expect((await validate(p.email, code)).status).toBe(400);
    });
  });

  describe("recovery: new password", () => {
    it("sets the password, ends every session, and the new password signs in", async () => {
      const p = await signUpConfirmed(h);
      await sendCode(p.email);
      const res = await newPassword(p.email, codeFrom(await latestMail(h, p.email)));
      expect(res.body).toEqual({ result: { ok: true } });
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
      expect((await signIn(h, p.email, PASSWORD)).status).toBe(401);
      expect((await signIn(h, p.email, NEW_PASSWORD)).status).toBe(200);
    });

    it("needs a valid code, used only once", async () => {
      const p = await signUpConfirmed(h);
      expect((await newPassword(p.email, "123456")).status).toBe(400);
      await sendCode(p.email);
      const code = codeFrom(await latestMail(h, p.email));
      expect((await newPassword(p.email, code)).status).toBe(200);
      expect((await newPassword(p.email, code, "Another#Pass1")).status).toBe(400);
    });

    it("checks the new password's rules", async () => {
      const p = await signUpConfirmed(h);
      await sendCode(p.email);
      const res = await newPassword(p.email, codeFrom(await latestMail(h, p.email)), "weakweak");
      expect(res.body.fields.password.code).toBe("passwordRule");
    });
  });

  const change = (token: string, oldPassword: string, password = NEW_PASSWORD) =>
    h.call("POST", "/auth/change-password", { token, body: { oldPassword, password, confirmPassword: password } });

  describe("change-password", () => {
    it("checks the current password: 400 wrongPassword", async () => {
      const p = await signUpConfirmed(h);
      const res = await change(p.tokens.accessToken, "Not#theRight1");
      expect(res.status).toBe(400);
      expect(res.body.fields.oldPassword.code).toBe("wrongPassword");
    });

    it("returns fresh tokens and ends the other sessions", async () => {
      const p = await signUpConfirmed(h);
      const other = (await signIn(h, p.email)).body.result;
      const res = await change(p.tokens.accessToken, PASSWORD);
      expect(res.status).toBe(200);
      expect((await h.call("GET", "/users/profile", { token: res.body.result.accessToken })).status).toBe(200);
      expect((await h.call("GET", "/users/profile", { token: other.accessToken })).status).toBe(401);
      expect((await signIn(h, p.email, NEW_PASSWORD)).status).toBe(200);
    });

    it("needs a signed-in player", async () => {
      expect((await change("", PASSWORD)).status).toBe(401);
    });
  });

  describe("forced password change", () => {
    it("answers 403 mustChangePassword to every other private call until the password is changed", async () => {
      const p = await signUpConfirmed(h);
      expect(await forcePasswordChange(h.database.db, h.clock, p.email.toUpperCase())).toBe(true);
      const token = p.tokens.accessToken;
      const blocked = await h.call("PUT", "/users", { token, body: { bio: "hi" } });
      expect(blocked.status).toBe(403);
      expect(blocked.body).toMatchObject({ code: "mustChangePassword", message: messages.mustChangePassword });
      expect((await h.call("POST", "/users/add-note-email", { token, body: { email: uniqueEmail() } })).status).toBe(
        403,
      );

      const profile = await h.call("GET", "/users/profile", { token });
      expect(profile.status).toBe(200);
      expect(profile.body.result.mustChangePassword).toBe(true);

      const changed = await h.call("POST", "/auth/change-password", {
        token,
        body: { oldPassword: PASSWORD, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(changed.status).toBe(200);
      const fresh = changed.body.result.accessToken;
      expect((await h.call("GET", "/users/profile", { token: fresh })).body.result.mustChangePassword).toBe(false);
      expect((await h.call("PUT", "/users", { token: fresh, body: { bio: "hi" } })).status).toBe(200);
    });

    it("still lets the player sign out", async () => {
      const p = await signUpConfirmed(h);
      await forcePasswordChange(h.database.db, h.clock, p.email);
      expect(
        (
          await h.call("POST", "/auth/sign-out", {
            token: p.tokens.accessToken,
            body: { refreshToken: p.tokens.refreshToken },
          })
        ).status,
      ).toBe(200);
    });

    it("reports an unknown e-mail", async () => {
      expect(await forcePasswordChange(h.database.db, h.clock, uniqueEmail())).toBe(false);
    });
  });
});
