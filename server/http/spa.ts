// The built SPA next to the API. Vite names every file under assets/ by its content hash, so those are
// cached for a year and never re-checked (`immutable`); index.html and everything else is revalidated on
// each visit (`no-cache`), so a new build reaches players at their next load. The build writes a brotli
// and a gzip sibling of each compressible file (scripts/build/precompress.ts): the static plugin sends the
// one the browser accepts, with `Vary: accept-encoding`, and compresses nothing per request.
// The page sent for a client route also links what that route's first screen needs (its chunk
// with imports and styles, the header, the guard; dist/route-preloads.json, written by the build) and, when
// the request carries a session, the screen's first API calls: a deep link then fetches all of it beside
// the entry in one round trip instead of in a chain (entry, guard, screen, calls). Each variant is built and
// compressed once per build and kept in memory.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";
import { inlineScriptHashes, sendPagePolicy } from "./securityHeaders";

export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "no-cache";
const HASHED_DIR = "/assets/";

/** Encodings the request accepts (q > 0), among the ones the build precompresses, best first. */
function acceptedEncodings(header: string | string[] | undefined): ("br" | "gzip")[] {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return (["br", "gzip"] as const).filter((e) => accepted.has(e) || accepted.has("*"));
}

/** What the build wrote for one client route (scripts/build/routePreloads.ts). */
type RoutePreload = {
  pattern: string;
  files: string[];
  later: string[];
  images: string[];
  calls: string[];
  guarded: boolean;
};
const ROUTE_PRELOADS_FILE = "route-preloads.json";
const SESSION_COOKIE = /(?:^|;\s*)(?:accessToken|refreshToken)=[^;]/;

function readRoutePreloads(spaDir: string): { route: RoutePreload; regex: RegExp }[] {
  const file = join(spaDir, ROUTE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  try {
    return (JSON.parse(readFileSync(file, "utf8")) as RoutePreload[]).map((route) => ({
      route,
      regex: new RegExp(route.pattern),
    }));
  } catch {
    return [];
  }
}

const escapeAttr = (value: string) => value.replaceAll("&", "&amp;").replaceAll('"', "&quot;");

const fileLink = (file: string, priority: string) =>
  file.endsWith(".css")
    ? `<link rel="preload" as="style" href="/${escapeAttr(file)}" crossorigin${priority}>`
    : `<link rel="modulepreload" href="/${escapeAttr(file)}" crossorigin${priority}>`;

/**
 * The <link> tags of one route: the pictures and files its first paint waits for, then the screen's own
 * files at low priority (fetched at once, without slowing the first paint's), then, with a session, its
 * first API calls.
 */
export function preloadLinks(route: RoutePreload, withCalls: boolean): string {
  const links = [
    ...route.images.map((file) => `<link rel="preload" as="image" href="/${escapeAttr(file)}" fetchpriority="high">`),
    ...route.files.map((file) => fileLink(file, "")),
    ...route.later.map((file) => fileLink(file, ' fetchpriority="low"')),
  ];
  // `as=fetch` with `crossorigin`: the API client's same-origin fetch of the same URL takes this response.
  if (withCalls)
    for (const call of route.calls)
      links.push(`<link rel="preload" as="fetch" href="${escapeAttr(call)}" crossorigin>`);
  return links.join("");
}

type Variant = { plain: Buffer; br: Buffer; gzip: Buffer };

export type SendSpaIndex = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/**
 * Serves `spaDir` (when it holds a built index.html) and returns the sender of index.html for the
 * client-side routes the not-found handler catches; undefined when there is no SPA to serve.
 */
export async function serveSpa(app: FastifyInstance, spaDir: string | undefined): Promise<SendSpaIndex | undefined> {
  if (!spaDir || !existsSync(join(spaDir, "index.html"))) return undefined;
  await app.register(fastifyStatic, {
    root: spaDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders(reply) {
      reply.header("cache-control", reply.request.url.startsWith(HASHED_DIR) ? IMMUTABLE : REVALIDATE);
    },
  });
  const indexPath = join(spaDir, "index.html");
  // Per build (index.html's modification time): the routes' table and the pages built from it so far.
  let build = {
    stamp: -1,
    routes: [] as { route: RoutePreload; regex: RegExp }[],
    variants: new Map<string, Variant>(),
    scriptHashes: [] as string[],
  };
  const current = () => {
    const stamp = statSync(indexPath).mtimeMs;
    if (stamp !== build.stamp)
      build = {
        stamp,
        routes: readRoutePreloads(spaDir),
        variants: new Map(),
        scriptHashes: inlineScriptHashes(readFileSync(indexPath, "utf8")),
      };
    return build;
  };
  const variantFor = (path: string, hasSession: boolean): Variant | undefined => {
    current();
    const index = build.routes.findIndex(({ regex }) => regex.test(path));
    if (index < 0) return undefined;
    const route = build.routes[index]!.route;
    const withCalls = hasSession || !route.guarded;
    const key = `${index}:${withCalls && route.calls.length > 0}`;
    let variant = build.variants.get(key);
    if (!variant) {
      const plain = Buffer.from(
        readFileSync(indexPath, "utf8").replace("</head>", `${preloadLinks(route, withCalls)}</head>`),
      );
      variant = {
        plain,
        br: brotliCompressSync(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
        }),
        gzip: gzipSync(plain, { level: 9 }),
      };
      build.variants.set(key, variant);
    }
    return variant;
  };
  return (request, reply) => {
    reply.type("text/html; charset=utf-8").header("cache-control", REVALIDATE).header("vary", "accept-encoding");
    sendPagePolicy(reply, current().scriptHashes);
    const encodings = acceptedEncodings(request.headers["accept-encoding"]);
    const path = request.url.split("?")[0]!;
    const variant = variantFor(path, SESSION_COOKIE.test(String(request.headers.cookie ?? "")));
    if (variant) {
      const encoding = encodings[0];
      return encoding ? reply.header("content-encoding", encoding).send(variant[encoding]) : reply.send(variant.plain);
    }
    // Read per request: a rebuild while the server runs is picked up at once (the file is a few KB).
    for (const encoding of encodings) {
      const compressed = `${indexPath}.${encoding === "br" ? "br" : "gz"}`;
      if (existsSync(compressed)) return reply.header("content-encoding", encoding).send(readFileSync(compressed));
    }
    return reply.send(readFileSync(indexPath));
  };
}
