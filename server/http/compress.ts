// JSON answers of 1 KB or more go out compressed when the client accepts it. The calendar a
// phone's /predictions reads first was 50 KB on the wire (6 KB compressed), a race's riders 12 KB. Brotli
// at a low quality costs well under a millisecond for such bodies; streams, files (the SPA's are
// precompressed, server/http/spa.ts) and anything already encoded are left alone.
import type { FastifyInstance } from "fastify";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const COMPRESS_MIN_BYTES = 1024;
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

/** The best encoding of the request that we produce: br, else gzip, else none (q=0 refuses). */
export function preferredEncoding(header: string | string[] | undefined): "br" | "gzip" | undefined {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && (!q || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has("br") || accepted.has("*")) return "br";
  return accepted.has("gzip") ? "gzip" : undefined;
}

/** Adds the hook to `app`: register it before the routes. */
export function installJsonCompression(app: FastifyInstance) {
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (
      reply.hasHeader("content-encoding") ||
      !String(reply.getHeader("content-type") ?? "").startsWith("application/json")
    )
      return payload;
    const length = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (length < COMPRESS_MIN_BYTES) return payload;
    const vary = String(reply.getHeader("vary") ?? "");
    if (!/accept-encoding/i.test(vary)) reply.header("vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
    const encoding = preferredEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    // Copied into a buffer only when it is compressed (a client that takes no encoding gets the string as it was).
    const body = typeof payload === "string" ? Buffer.from(payload) : payload;
    reply.header("content-encoding", encoding).removeHeader("content-length");
    return encoding === "br"
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
      : gzipSync(body, { level: GZIP_LEVEL });
  });
}
