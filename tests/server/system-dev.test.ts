import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Country, Links } from "../../contract/system";
import { onEachBackend } from "./harness";
import { outbox, signUp, signUpConfirmed, uniqueEmail } from "./accounts";

onEachBackend(
  "system and dev calls",
  (h) => {
    describe("system calls", () => {
      it("lists countries with a code, an English name and a flag", async () => {
        const res = await h.call("GET", "/system/countries");
        const countries = res.body.result.map((c: unknown) => Country.parse(c));
        expect(countries.length).toBeGreaterThan(190);
        expect(countries).toContainEqual({ code: "IT", name: "Italy", sign: "🇮🇹" });
      });

      it("lists every country once, under its current code and flag (Benin is BJ, not the withdrawn DY)", async () => {
        const countries = (await h.call("GET", "/system/countries")).body.result as {
          code: string;
          name: string;
          sign: string;
        }[];
        expect(countries.filter((c) => c.name === "Benin")).toEqual([{ code: "BJ", name: "Benin", sign: "🇧🇯" }]);
        expect(new Set(countries.map((c) => c.name)).size).toBe(countries.length);
        for (const withdrawn of ["DY", "UK", "SU", "YU", "ZR", "FX", "DD"])
          expect(
            countries.some((c) => c.code === withdrawn),
            withdrawn,
          ).toBe(false);
      });

      it("answers the links, the seasons of the calendar, and the news (none yet)", async () => {
        // The help centre and the information pages are the product's own, as relative paths.
        const links = Links.strict().parse((await h.call("GET", "/system/links")).body.result);
        expect([links.helpCentre, links.terms, links.privacy, links.about, links.contact]).toEqual([
          "/faq",
          "/terms",
          "/privacy",
          "/about",
          "/contact",
        ]);
        expect(links.discord).toMatch(/^https:/);
        expect((await h.call("GET", "/system/seasons")).body.result).toEqual([
          { year: h.clock.now().getUTCFullYear(), name: String(h.clock.now().getUTCFullYear()) },
        ]);
        expect((await h.call("GET", "/system/news", { query: { page: 1, take: 10 } })).body.result).toEqual([]);
        expect((await h.call("GET", "/system/news-page/next", { query: { langCode: "it" } })).body).toEqual({
          result: null,
        });
      });
    });

    describe("the dev clock moves the server's now (outside production)", () => {
      it("sets an instant, an offset, and resets", async () => {
        const at = "2030-05-01T12:00:00.000Z";
        const set = await h.call("POST", "/dev/clock", { body: { now: at } });
        expect(Math.abs(new Date(set.body.result.now).getTime() - Date.parse(at))).toBeLessThan(1000);
        expect(
          Math.abs(new Date((await h.call("GET", "/dev/clock")).body.result.now).getTime() - Date.parse(at)),
        ).toBeLessThan(1000);
        expect((await h.call("POST", "/dev/clock", { body: { offsetMs: 3_600_000 } })).body.result.offsetMs).toBe(
          3_600_000,
        );
        expect((await h.call("POST", "/dev/clock", { body: { reset: true } })).body.result.offsetMs).toBe(0);
      });

      it("drives token expiry: a token is refused once the clock passes 15 minutes", async () => {
        const p = await signUpConfirmed(h);
        await h.call("POST", "/dev/clock", { body: { offsetMs: 16 * 60_000 } });
        expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
      });

      it("rejects a body that is none of the three forms", async () => {
        expect((await h.call("POST", "/dev/clock", { body: { now: "yesterday" } })).status).toBe(400);
        expect((await h.call("POST", "/dev/clock", { body: {} })).status).toBe(400);
      });
    });

    describe("the dev outbox lists mails, newest first", () => {
      it("filters by recipient, case-insensitively", async () => {
        const email = uniqueEmail();
        await signUp(h, "Mailer One", email);
        await h.call("POST", "/auth/sign-in/email", { body: { email, password: "Paddock#2026" } });
        const mails = await outbox(h, email.toUpperCase());
        expect(mails).toHaveLength(2);
        expect(mails.every((m) => m.to === email)).toBe(true);
        expect(mails[0]!.createdAt >= mails[1]!.createdAt).toBe(true);
        expect(mails[0]).toMatchObject({
          subject: expect.any(String),
          text: expect.stringContaining("?token="),
          html: expect.stringContaining("<a href"),
        });
        expect(await outbox(h, uniqueEmail())).toEqual([]);
      });
    });

    describe("in production", () => {
      it("serves no dev calls", async () => {
        const app = await h.buildApp({ production: true });
        expect((await h.call("GET", "/dev/outbox", {}, app)).status).toBe(404);
        expect((await h.call("POST", "/dev/clock", { body: { reset: true } }, app)).status).toBe(404);
      });
    });

    describe("unknown paths", () => {
      it("answer 404 JSON under /api, and the SPA's index.html elsewhere when it is built", async () => {
        const dist = mkdtempSync(join(tmpdir(), "pp-dist-"));
        try {
          writeFileSync(join(dist, "index.html"), "<!doctype html><title>Paddock Predictor</title>");
          writeFileSync(join(dist, "app.js"), "console.log(1)");
          const app = await h.buildApp({}, { spaDir: dist });
          const api = await app.inject({ method: "GET", url: "/api/no/such/call" });
          expect(api.statusCode).toBe(404);
          expect(api.json()).toEqual({ statusCode: 404, code: "notFound", message: "Not found" });
          for (const url of ["/", "/profile?userId=1", "/leagues/abc", "/404"]) {
            const page = await app.inject({ method: "GET", url });
            expect(page.statusCode).toBe(200);
            expect(page.body).toContain("Paddock Predictor");
          }
          expect((await app.inject({ method: "GET", url: "/app.js" })).body).toBe("console.log(1)");
          expect((await app.inject({ method: "POST", url: "/profile" })).statusCode).toBe(404);
        } finally {
          rmSync(dist, { recursive: true, force: true });
        }
      });
    });
  },
  { seed: true },
);

describe("config", () => {
  it("requires JWT secrets in production and generates dev ones into DATA_DIR otherwise", async () => {
    const { loadConfig } = await import("../../server/config");
    const dir = mkdtempSync(join(tmpdir(), "pp-config-"));
    try {
      expect(() => loadConfig({ NODE_ENV: "production", DATA_DIR: dir })).toThrow(/JWT_ACCESS_SECRET/);
      const first = loadConfig({ DATA_DIR: dir, PORT: "4000" });
      expect(first.jwtAccessSecret.length).toBeGreaterThan(20);
      expect(first.publicUrl).toBe("http://localhost:4000");
      expect(loadConfig({ DATA_DIR: dir }).jwtAccessSecret).toBe(first.jwtAccessSecret);
      const withOauth = loadConfig({ DATA_DIR: dir, OAUTH_TWITTER_CLIENT_ID: "id", OAUTH_TWITTER_CLIENT_SECRET: "s" });
      expect(Object.keys(withOauth.oauth)).toEqual(["twitter"]);
      expect(withOauth.oauth.twitter!.tokenUrl).toBe("https://api.twitter.com/2/oauth2/token");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
