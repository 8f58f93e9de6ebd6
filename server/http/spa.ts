// The built SPA next to the API. Vite names every file under assets/ by its content hash, so those are
// cached for a year and never re-checked (`immutable`); index.html and everything else is revalidated on
// each visit (`no-cache`), so a new build reaches players at their next load. The build writes a brotli
// and a gzip sibling of each compressible file (scripts/build/precompress.ts): the static plugin sends the
// one the browser accepts, with `Vary: accept-encoding`, and compresses nothing per request.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fastifyStatic from "@fastify/static";

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
  return (request, reply) => {
    reply.type("text/html; charset=utf-8").header("cache-control", REVALIDATE).header("vary", "accept-encoding");
    // Read per request: a rebuild while the server runs is picked up at once (the file is ~2 KB).
    for (const encoding of acceptedEncodings(request.headers["accept-encoding"])) {
      const compressed = `${indexPath}.${encoding === "br" ? "br" : "gz"}`;
      if (existsSync(compressed)) return reply.header("content-encoding", encoding).send(readFileSync(compressed));
    }
    return reply.send(readFileSync(indexPath));
  };
}
