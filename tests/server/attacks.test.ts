// What was tried as an attacker beyond the fuzz test, kept as regression tests. Each describe is
// one attack; the tests say what the server must answer and that nothing changed.
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { onEachBackend, type Harness } from "./harness";
import { quickPlayer, type QuickPlayer } from "./leaguePlayers";
import { signUpConfirmed, uniqueEmail } from "./accounts";

const as = (p: QuickPlayer) => ({ token: p.token });
const createLeague = async (h: Harness, owner: QuickPlayer, type = "PRIVATE") => {
  const res = await h.call("POST", "/leagues", { ...as(owner), body: { name: `L${owner.name.slice(1, 9)}`, type } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result as { id: string };
};

onEachBackend("attacks", (h) => {
  describe("IDOR: another player's ids answer like missing ones or 403, and change nothing", () => {
    it("leagues: edit, delete, invite link, member removal and self-acceptance of someone else's league", async () => {
      const [owner, member, attacker] = [await quickPlayer(h), await quickPlayer(h), await quickPlayer(h)];
      const league = await createLeague(h, owner);
      await h.call("POST", `/leagues/${league.id}/members`, as(member));
      await h.call("PUT", `/leagues/${league.id}/members/${member.id}`, { ...as(owner), body: { status: "ACCEPTED" } });

      expect(
        (await h.call("PUT", `/leagues/${league.id}`, { ...as(attacker), body: { name: "Pwned", type: "PUBLIC" } }))
          .status,
      ).toBe(403);
      expect((await h.call("DELETE", `/leagues/${league.id}`, as(attacker))).status).toBe(403);
      expect((await h.call("GET", `/leagues/${league.id}/link`, as(attacker))).status).toBe(403);
      expect((await h.call("DELETE", `/leagues/${league.id}/members/${member.id}`, as(attacker))).status).toBe(403);
      // Joining a PRIVATE league asks; accepting one's own request is the members' call, not the requester's.
      await h.call("POST", `/leagues/${league.id}/members`, as(attacker));
      expect(
        (
          await h.call("PUT", `/leagues/${league.id}/members/${attacker.id}`, {
            ...as(attacker),
            body: { status: "ACCEPTED" },
          })
        ).status,
      ).toBe(403);
      expect(
        (
          await h.call("POST", `/leagues/manage/${league.id}/invitations`, {
            ...as(attacker),
            body: { emails: [uniqueEmail()] },
          })
        ).status,
      ).toBe(403);

      const after = (await h.call("GET", `/leagues/${league.id}`, as(owner))).body.result;
      expect(after).toMatchObject({ name: `L${owner.name.slice(1, 9)}`, type: "PRIVATE", membersCount: 2 });
    });

    it("uploads, picks and notifications of another player", async () => {
      const [victim, attacker] = [await quickPlayer(h), await quickPlayer(h)];
      const uploadId = randomUUID();
      await h.database.withConnection((c) =>
        c.query(
          "INSERT INTO uploads (id, user_id, content_type, width, height, bytes, created_at) VALUES ($1, $2, 'image/png', 1, 1, '\\x89504e47'::bytea, now())",
          [uploadId, victim.id],
        ),
      );
      expect((await h.call("DELETE", `/s3/${uploadId}`, as(attacker))).status).toBe(403);
      expect((await h.app.inject({ method: "GET", url: `/api/s3/${uploadId}` })).statusCode).toBe(200);

      await h.call("POST", "/dev/notify", {
        body: { userId: victim.id, type: "RACE_STARTED", value: { raceName: "Mugello" } },
      });
      const [notice] = (await h.call("GET", "/notifications", as(victim))).body.result as {
        id: string;
        isRead: boolean;
      }[];
      expect(
        (await h.call("PUT", "/notifications/read", { ...as(attacker), body: { ids: [notice!.id] } })).status,
      ).toBe(200);
      expect((await h.call("DELETE", `/notifications/${notice!.id}`, as(attacker))).status).toBe(200);
      expect(
        (await h.call("POST", "/notifications/delete", { ...as(attacker), body: { ids: [notice!.id] } })).status,
      ).toBe(200);
      expect((await h.call("GET", "/notifications", as(victim))).body.result).toEqual([
        expect.objectContaining({ id: notice!.id, isRead: false }),
      ]);

      expect((await h.call("DELETE", `/predictions/${randomUUID()}`, as(attacker))).status).toBe(404);
    });

    it("another player's profile shows only public fields", async () => {
      const victim = await signUpConfirmed(h);
      await h.call("PUT", "/users", {
        token: victim.tokens.accessToken,
        body: { address: "Via Roma 1", phone: "+39 0541 123456", city: "Misano" },
      });
      const attacker = await quickPlayer(h);
      const seen = JSON.stringify((await h.call("GET", `/users/${victim.id}/profile`, as(attacker))).body);
      for (const secret of [victim.email, "Via Roma", "0541", "Misano"]) expect(seen).not.toContain(secret);
    });
  });

  describe("mass assignment: PUT /users ignores what the contract does not name", () => {
    it("cannot make the caller a Guru, change the e-mail, the points or the id", async () => {
      const p = await quickPlayer(h);
      const res = await h.call("PUT", "/users", {
        ...as(p),
        body: {
          bio: "hi",
          isGuru: true,
          email: "me@evil.test",
          points: 9999,
          id: randomUUID(),
          mustChangePassword: false,
        },
      });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ id: p.id, email: p.email, isGuru: false, stat: { points: 0 } });
    });
  });

  describe("JSON prototype pollution", () => {
    it("refuses a body with __proto__ or constructor.prototype keys, and pollutes nothing", async () => {
      const p = await quickPlayer(h);
      for (const payload of [
        '{"bio":"x","__proto__":{"isGuru":true,"polluted":1}}',
        '{"bio":"x","constructor":{"prototype":{"polluted":1}}}',
      ]) {
        const res = await h.app.inject({
          method: "PUT",
          url: "/api/users",
          headers: { authorization: `Bearer ${p.token}`, "content-type": "application/json" },
          payload,
        });
        expect([res.statusCode, res.json().code]).toEqual([400, "malformedRequest"]);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe("tokens: reuse after sign-out, forged and re-signed tokens, the admin header", () => {
    it("an access token dies with its session at sign-out, and its refresh token with it", async () => {
      const p = await signUpConfirmed(h);
      expect((await h.call("POST", "/auth/sign-out", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        200,
      );
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
    });

    it("refuses alg:none, a token signed with another key, and a player's token as the admin header", async () => {
      const p = await quickPlayer(h);
      const [, payload] = p.token.split(".");
      const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${payload}.`;
      const otherKey = await new SignJWT(JSON.parse(Buffer.from(payload!, "base64url").toString()))
        .setProtectedHeader({ alg: "HS256" })
        .sign(new TextEncoder().encode("not-the-server-secret"));
      for (const token of [none, otherKey]) expect((await h.call("GET", "/users/profile", { token })).status).toBe(401);
      const admin = await h.call("POST", `/admin/riders/${randomUUID()}/injury`, {
        headers: { [ADMIN_TOKEN_HEADER]: p.token },
        body: { raceId: randomUUID() },
      });
      expect(admin.status).toBe(401);
    });
  });

  describe("rate-limit bypass", () => {
    it("the same account typed in other case, padding or Unicode form counts as one, and X-Forwarded-For is not trusted by default", async () => {
      const app = await h.buildApp({ rateLimitMax: 3 });
      const variants = ["José@Example.com", " jose\u0301@example.com ", "JOSÉ@EXAMPLE.COM"];
      const attempt = (email: string, forwardedFor: string) =>
        h.call(
          "POST",
          "/auth/sign-in/email",
          { body: { email, password: "wrong-Passw0rd!" }, headers: { "x-forwarded-for": forwardedFor } },
          app,
        );
      for (const [i, email] of variants.entries()) expect((await attempt(email, `10.0.0.${i}`)).status).not.toBe(429);
      expect((await attempt("josé@example.com", "10.0.0.99")).status).toBe(429);
    });
  });

  describe("header injection in mail", () => {
    it("refuses an invitation address or a name carrying a line break", async () => {
      const owner = await quickPlayer(h);
      const league = await createLeague(h, owner, "PUBLIC");
      const res = await h.call("POST", `/leagues/manage/${league.id}/invitations`, {
        ...as(owner),
        body: { emails: ["friend@example.com\r\nBcc: all@example.com"] },
      });
      expect([res.status, res.body.fields["emails.0"].code]).toEqual([400, "email"]);
      const rename = await h.call("PUT", "/users", { ...as(owner), body: { name: "Bob\r\nBcc: all@example.com" } });
      expect([rename.status, rename.body.fields.name.code]).toEqual([400, "lineBreakNotAllowed"]);
    });
  });

  describe("oversized query strings and arrays", () => {
    it("answers a 10,000-character search and a 5,000-id delete with coded 400s", async () => {
      const p = await quickPlayer(h);
      const search = await h.call("GET", "/leagues", { ...as(p), query: { text: "a".repeat(10_000) } });
      expect([search.status, search.body.fields.text.code]).toEqual([400, "maxLength"]);
      const ids = Array.from({ length: 5000 }, () => randomUUID());
      const many = await h.call("POST", "/notifications/delete", { ...as(p), body: { ids } });
      expect([many.status, many.body.code]).toEqual([400, "validation"]);
    });
  });
});
