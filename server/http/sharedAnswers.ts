import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod";
import type { Call } from "../../contract/calls";
import type { Ctx } from "./route";
import type { Database } from "../db/open";
import { COMPRESS_MIN_BYTES, preferredEncoding } from "./compress";

// Answers that are the same for every player (the calendar, a race's riders with their odds): built once per version
// of the data they come from and per stretch of time between two session boundaries (a race's status follows the
// clock), then served from memory, already serialised and compressed, with an ETag a client revalidates to a 304.
// The version is migration 023's number, which every change to those tables moves on whichever instance makes it,
// so each request costs one tiny read instead of the rebuild; requests arriving while that read runs share the next one.

const MAX_ENTRIES = 500;

type Entry = { version: string; window: number; etag: string; body: string; br?: Buffer; gzip?: Buffer };
type Times = { version: string; boundaries: number[] };

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** The index of the stretch of time `now` is in: how many boundaries (sorted) are at or before it. */
export function windowOf(boundaries: readonly number[], now: number): number {
  let lo = 0;
  let hi = boundaries.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (boundaries[mid]! <= now) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether an If-None-Match header names `etag` (a list, weak forms and `*` included). */
export function matchesEtag(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const tags = (Array.isArray(header) ? header.join(",") : header).split(",").map((t) => t.trim().replace(/^W\//, ""));
  return tags.includes("*") || tags.includes(etag);
}

export function sharedAnswers(database: Database) {
  const entries = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  let times: Times | null = null;
  let timesLoading: Promise<Times> | null = null;

  // At most one version read runs; a request that arrives while one runs waits for the next, which starts after it
  // arrived: an answer never comes from a read older than the request.
  let running: Promise<string> | null = null;
  let queued: Promise<string> | null = null;
  const readVersion = async () =>
    String(
      rowsOf<{ n: string | number }>(await database.db.execute(sql`SELECT n FROM shared_data_version`))[0]?.n ?? "0",
    );
  function currentVersion(): Promise<string> {
    if (!running) {
      running = readVersion().finally(() => (running = null));
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return currentVersion();
      });
    return queued;
  }

  async function boundariesAt(version: string): Promise<number[]> {
    if (times?.version === version) return times.boundaries;
    // A load begun for an older version may hold sessions since moved: wait for it, then load for this one.
    if (timesLoading) await timesLoading.catch(() => undefined);
    if (times?.version === version) return times.boundaries;
    timesLoading ??= (async () => {
      const rows = rowsOf<{ starts_at: string | Date; ends_at: string | Date }>(
        await database.db.execute(sql`SELECT starts_at, ends_at FROM race_sessions`),
      );
      const all = [
        ...new Set(rows.flatMap((r) => [new Date(r.starts_at).getTime(), new Date(r.ends_at).getTime()])),
      ].toSorted((a, b) => a - b);
      return { version, boundaries: all };
    })().finally(() => (timesLoading = null));
    const loaded = await timesLoading;
    if (loaded.version === version) times = loaded;
    return loaded.boundaries;
  }

  /** The answer for `key` now: from memory when it is still true, else built by `build` (one build per key at a time). */
  async function answer(key: string, now: Date, build: () => Promise<string>): Promise<Entry> {
    const version = await currentVersion();
    const window = windowOf(await boundariesAt(version), now.getTime());
    const held = entries.get(key);
    if (held && held.version === version && held.window === window) return held;
    const buildKey = `${key}\u0000${version}\u0000${window}`;
    let pending = building.get(buildKey);
    if (!pending) {
      pending = build()
        .then((body) => {
          const etag = `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
          const entry: Entry = { version, window, etag, body };
          entries.delete(key);
          entries.set(key, entry);
          if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          return entry;
        })
        .finally(() => building.delete(buildKey));
      building.set(buildKey, pending);
    }
    return pending;
  }

  /** Sends `entry`: a 304 when the client holds it, else its body in the encoding the client takes (compressed once). */
  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
    // no-cache: a browser keeps the answer and asks each time whether it is still the one (If-None-Match).
    reply.header("etag", entry.etag).header("cache-control", "public, no-cache").header("vary", "accept-encoding");
    if (matchesEtag(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
    reply.type("application/json; charset=utf-8");
    const encoding =
      Buffer.byteLength(entry.body) >= COMPRESS_MIN_BYTES
        ? preferredEncoding(request.headers["accept-encoding"])
        : undefined;
    if (encoding === "br") {
      entry.br ??= brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } });
      return reply.header("content-encoding", "br").send(entry.br);
    }
    if (encoding === "gzip") {
      entry.gzip ??= gzipSync(entry.body, { level: 6 });
      return reply.header("content-encoding", "gzip").send(entry.gzip);
    }
    return reply.send(entry.body);
  }

  return { answer, send };
}
export type SharedAnswers = ReturnType<typeof sharedAnswers>;

const perDatabase = new WeakMap<Database, SharedAnswers>();
/** One cache per database the app runs on (tests run several apps in one process). */
export function sharedAnswersOf(database: Database): SharedAnswers {
  let cache = perDatabase.get(database);
  if (!cache) perDatabase.set(database, (cache = sharedAnswers(database)));
  return cache;
}

/**
 * A call of `serve` whose answer is shared: `keyOf` names what it depends on besides the data and the clock, `build`
 * makes its result, which the call's schema parses once per build.
 */
export function sharedHandler<C extends Call>(
  call: C,
  keyOf: (ctx: Ctx<C>) => string,
  build: (ctx: Ctx<C>) => Promise<z.input<C["result"]>>,
) {
  return async (ctx: Ctx<C>): Promise<z.input<C["result"]>> => {
    const cache = sharedAnswersOf(ctx.request.server.deps.db);
    const key = `${call.method} ${call.path} ${keyOf(ctx)}`;
    const entry = await cache.answer(key, ctx.request.server.deps.clock.now(), async () =>
      JSON.stringify({ result: call.result.parse(await build(ctx)) }),
    );
    // serve() leaves an answer already sent as it is.
    return cache.send(ctx.request, ctx.reply, entry) as never;
  };
}
