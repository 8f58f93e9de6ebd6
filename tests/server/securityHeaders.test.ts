// Security headers on every answer: the SPA's page, an API answer, an error, a static file and Swagger UI carry
// the policy; the page's policy allows its inline script by hash and never by 'unsafe-inline'; HSTS only when the
// answer went out over https behind a trusted balancer.
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../../server/http/securityHeaders";
import { onEachBackend } from "./harness";

const INLINE = "(function(){document.documentElement.dataset.booted='1'})()";
const PAGE = `<!doctype html><html><head><script>${INLINE}</script><script type="module" src="/app.js"></script></head><body></body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The policy's directives by name. */
const directives = (header: string | string[] | number | undefined) =>
  new Map(
    String(header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

describe("the inline scripts' hashes", () => {
  it("hashes each inline script's text as browsers do, and skips scripts with a src", () => {
    expect(inlineScriptHashes(PAGE)).toEqual([sha(INLINE)]);
    expect(inlineScriptHashes(`<script>a</script><SCRIPT nonce="x">b</SCRIPT><script src="/c.js"></script>`)).toEqual([
      sha("a"),
      sha("b"),
    ]);
  });
});

onEachBackend("security headers", (h) => {
  const dist = mkdtempSync(join(tmpdir(), "pp-headers-"));
  // The harness closes the apps a test builds when it ends.
  let app: FastifyInstance;
  let proxied: FastifyInstance;

  beforeAll(() => {
    writeFileSync(join(dist, "index.html"), PAGE);
    writeFileSync(join(dist, "app.js"), "console.log(1)");
  });
  beforeEach(async () => {
    app = await h.buildApp({}, { spaDir: dist });
    proxied = await h.buildApp({ trustProxy: true }, { spaDir: dist });
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  describe("every answer carries them", () => {
    it("the page, an API answer, an API error, a static file and the API's docs", async () => {
      for (const url of ["/", "/leagues/abc", "/api/system/links", "/api/no/such/call", "/app.js", "/api/docs"]) {
        const res = await app.inject({ method: "GET", url });
        expect(res.headers["x-content-type-options"], url).toBe("nosniff");
        expect(res.headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        expect(res.headers["x-frame-options"], url).toBe("SAMEORIGIN");
        expect(res.headers["permissions-policy"], url).toContain("camera=()");
        const csp = directives(res.headers["content-security-policy"]);
        expect(csp.get("frame-ancestors"), url).toEqual(["'none'"]);
        expect(csp.get("object-src"), url).toEqual(["'none'"]);
        expect(csp.get("script-src"), url).not.toContain("'unsafe-inline'");
        expect(csp.get("script-src"), url).not.toContain("'unsafe-eval'");
      }
    });

    it("the page's policy allows its own inline script by its hash, and nothing else inline", async () => {
      const res = await app.inject({ method: "GET", url: "/profile" });
      expect(res.statusCode).toBe(200);
      expect(directives(res.headers["content-security-policy"]).get("script-src")).toEqual(["'self'", sha(INLINE)]);
      // An API answer has no inline script to allow.
      const api = await app.inject({ method: "GET", url: "/api/system/links" });
      expect(directives(api.headers["content-security-policy"]).get("script-src")).toEqual(["'self'"]);
    });
  });

  describe("HSTS only over https", () => {
    it("not on plain http, nor for a forwarded https the server does not trust", async () => {
      expect((await app.inject({ method: "GET", url: "/" })).headers["strict-transport-security"]).toBeUndefined();
      const untrusted = await app.inject({ method: "GET", url: "/", headers: { "x-forwarded-proto": "https" } });
      expect(untrusted.headers["strict-transport-security"]).toBeUndefined();
    });

    it("behind a trusted balancer that says https, for a year with the subdomains", async () => {
      const res = await proxied.inject({
        method: "GET",
        url: "/api/system/links",
        headers: { "x-forwarded-proto": "https" },
      });
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
      expect((await proxied.inject({ method: "GET", url: "/" })).headers["strict-transport-security"]).toBeUndefined();
    });
  });
});
