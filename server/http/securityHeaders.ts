// The usual security headers on every answer, from @fastify/helmet, with a Content-Security-Policy strict enough to
// matter: scripts only from this origin (the SPA's one inline script, the build's translation preloader, is allowed
// by its hash, never by 'unsafe-inline'), no plugins, no framing by other sites, forms and <base> kept to this
// origin. Styles allow inline ones: React's style props, Swagger UI and the crop preview set them, and a style
// cannot run code. Pictures come from here, from data: (the favicon, Swagger UI's icons) and from blob: (a
// picture cropped in the page before its upload). HSTS is sent only on an answer that went out over https
// (TRUST_PROXY and X-Forwarded-Proto behind a balancer): on plain http a browser ignores it, and sending it from
// localhost would pin the developer's machine to https.
import { createHash } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/** A year, the preload lists' minimum. */
const HSTS = "max-age=31536000; includeSubDomains";

/** Features no screen uses: a page here (or anything it embeds) may not ask for them. */
export const PERMISSIONS_POLICY = "camera=(), microphone=(), geolocation=(), payment=()";

/** The directives, with the hashes of the inline scripts the page carries ("'sha256-…'"). */
export function cspDirectives(scriptHashes: readonly string[] = []): Record<string, string[]> {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'", "data:"],
    // 'self' covers the live channel's ws:// or wss:// on this host too (CSP level 3).
    "connect-src": ["'self'"],
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** The header's value for those directives. */
export const cspHeader = (scriptHashes: readonly string[] = []) =>
  Object.entries(cspDirectives(scriptHashes))
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");

/** The CSP source of each inline script in an HTML page ("'sha256-<base64>'"), the way browsers hash them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    hashes.push(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return hashes;
}

/** Sets the page's own policy, with its inline scripts' hashes, on an HTML answer. */
export const sendPagePolicy = (reply: FastifyReply, scriptHashes: readonly string[]) =>
  reply.header("content-security-policy", cspHeader(scriptHashes));

export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives() },
    // Sent below, only over https.
    strictTransportSecurity: false,
    // The sandbox checkout and PayPal come back to this origin by navigation, which these do not touch.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    // The header is obsolete and its old filter could be abused; helmet sends "0".
    xXssProtection: true,
  });
  app.addHook("onRequest", async (request, reply) => {
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
