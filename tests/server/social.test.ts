// Social sign-in against a tiny OAuth 2 provider served by Fastify on 127.0.0.1.
import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onEachBackend, PUBLIC_URL } from "./harness";
import { signUpConfirmed } from "./accounts";

type Person = { sub: string; email?: string; name?: string; email_verified?: boolean };

/** Issues codes for whoever `nextPerson` is, checks PKCE and the client's credentials like a real provider. */
async function startProvider() {
  const app: FastifyInstance = Fastify();
  // Token requests are form-encoded, as with real providers.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  const codes = new Map<string, { person: Person; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, Person>();
  const state = {
    nextPerson: { sub: "g-1", email: "social@example.com", name: "Social Star", email_verified: true } as Person,
  };
  app.get<{ Querystring: Record<string, string> }>("/authorize", async (req, reply) => {
    const code = `code-${codes.size + 1}`;
    codes.set(code, {
      person: state.nextPerson,
      challenge: req.query.code_challenge!,
      redirectUri: req.query.redirect_uri!,
    });
    return reply.redirect(`${req.query.redirect_uri}?code=${code}&state=${encodeURIComponent(req.query.state!)}`);
  });
  app.post<{ Body: Record<string, string> }>("/token", async (req, reply) => {
    const basic = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ""), "base64").toString();
    const entry = codes.get(req.body.code!);
    const pkce =
      entry &&
      createHash("sha256")
        .update(req.body.code_verifier ?? "")
        .digest("base64url") === entry.challenge;
    if (basic !== "client-id:client-secret" || !entry || !pkce || entry.redirectUri !== req.body.redirect_uri)
      return reply.status(400).send({ error: "invalid_grant" });
    codes.delete(req.body.code!);
    const token = `at-${tokens.size + 1}`;
    tokens.set(token, entry.person);
    return { access_token: token, token_type: "Bearer" };
  });
  app.get("/userinfo", async (req, reply) => {
    const person = tokens.get(String(req.headers.authorization).replace(/^Bearer /, ""));
    return person ?? reply.status(401).send({ error: "invalid_token" });
  });
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  return { app, address, state };
}

let provider: Awaited<ReturnType<typeof startProvider>>;
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => {
  await provider.app.close();
});

const oauth = () => ({
  google: {
    clientId: "client-id",
    clientSecret: "client-secret",
    authorizeUrl: `${provider.address}/authorize`,
    tokenUrl: `${provider.address}/token`,
    userinfoUrl: `${provider.address}/userinfo`,
    scope: "openid email profile",
  },
});

/** Plays the browser: our redirect → provider → our callback, carrying the state cookie. */
async function signInWith(app: FastifyInstance, tamper?: (callbackUrl: URL) => void) {
  const start = await app.inject({ method: "GET", url: "/api/auth/social/google" });
  expect(start.statusCode).toBe(302);
  const cookie = start.cookies.find((c) => c.name === "pp_oauth_google")!;
  const atProvider = await fetch(start.headers.location as string, { redirect: "manual" });
  const callback = new URL(atProvider.headers.get("location")!);
  tamper?.(callback);
  const done = await app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    cookies: { pp_oauth_google: cookie.value },
  });
  expect(done.statusCode).toBe(302);
  return new URL(done.headers.location as string);
}

onEachBackend("social sign-in (OAuth 2 authorization code)", (h) => {
  describe("GET /auth/social lists the configured providers only", () => {
    it("lists google when its credentials are set", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      expect((await h.call("GET", "/auth/social", {}, app)).body).toEqual({ result: { providers: ["google"] } });
      expect((await h.call("GET", "/auth/social/facebook", {}, app)).status).toBe(404);
    });
  });

  describe("the redirect to the provider", () => {
    it("carries the client id, our callback, a state matching a signed cookie, and a PKCE challenge", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      const res = await app.inject({ method: "GET", url: "/api/auth/social/google" });
      const to = new URL(res.headers.location as string);
      expect(`${to.origin}${to.pathname}`).toBe(`${provider.address}/authorize`);
      expect(to.searchParams.get("client_id")).toBe("client-id");
      expect(to.searchParams.get("redirect_uri")).toBe(`${PUBLIC_URL}/api/auth/social/google/callback`);
      expect(to.searchParams.get("code_challenge_method")).toBe("S256");
      const cookie = res.cookies.find((c) => c.name === "pp_oauth_google")!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.value).toContain(to.searchParams.get("state"));
    });
  });

  describe("the callback ends in the spec's popup handshake", () => {
    it("creates a confirmed player on first sign-in (isNew=true), finds them afterwards (isNew=false)", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      provider.state.nextPerson = {
        sub: `g-${h.kind}-1`,
        email: `star.${h.kind}@example.com`,
        name: "Social Star",
        email_verified: true,
      };
      const first = await signInWith(app);
      expect(first.origin).toBe(PUBLIC_URL);
      expect(first.searchParams.get("isNew")).toBe("true");
      const profile = await h.call("GET", "/users/profile", { token: first.searchParams.get("accessToken")! });
      expect(profile.body.result).toMatchObject({ email: `star.${h.kind}@example.com`, name: "Social Star" });
      const refreshed = await h.call("POST", "/auth/refresh", {
        body: { refreshToken: first.searchParams.get("refreshToken") },
      });
      expect(refreshed.status).toBe(200);

      const second = await signInWith(app);
      expect(second.searchParams.get("isNew")).toBe("false");
      const again = await h.call("GET", "/users/profile", { token: second.searchParams.get("accessToken")! });
      expect(again.body.result.id).toBe(profile.body.result.id);
    });

    it("links to the existing player with the same verified e-mail", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      const existing = await signUpConfirmed(h);
      provider.state.nextPerson = {
        sub: `g-${h.kind}-2`,
        email: existing.email,
        name: "Whoever",
        email_verified: true,
      };
      const done = await signInWith(app);
      expect(done.searchParams.get("isNew")).toBe("false");
      expect(
        (await h.call("GET", "/users/profile", { token: done.searchParams.get("accessToken")! })).body.result.id,
      ).toBe(existing.id);
    });

    it("does not take over an account through an unverified e-mail", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      const existing = await signUpConfirmed(h, "Victim Rider");
      provider.state.nextPerson = {
        sub: `g-${h.kind}-3`,
        email: existing.email,
        name: "Victim Rider",
        email_verified: false,
      };
      const done = await signInWith(app);
      expect(done.searchParams.get("isNew")).toBe("true");
      const profile = (await h.call("GET", "/users/profile", { token: done.searchParams.get("accessToken")! })).body
        .result;
      expect(profile.id).not.toBe(existing.id);
      expect(profile.name).not.toBe("Victim Rider");
    });

    it("refuses a callback whose state does not match the cookie (CSRF)", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      const done = await signInWith(app, (url) => url.searchParams.set("state", "forged"));
      expect(done.searchParams.get("social")).toBe("error");
      expect(done.searchParams.get("accessToken")).toBeNull();
    });

    it("reports a provider that refuses the code", async () => {
      const app = await h.buildApp({ oauth: oauth() });
      const done = await signInWith(app, (url) => url.searchParams.set("code", "stolen-code"));
      expect(done.searchParams.get("social")).toBe("error");
    });
  });
});
