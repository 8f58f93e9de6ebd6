// Every route of the server, fuzzed. Requests come from arbitraries derived from each call's
// contract schema plus hostile strings, wrong types, sizes and content types, sent as a guest, as a signed-in
// player, as another player, with a forged token and with the operators' header, on PGlite and PostgreSQL.
// Nothing may answer 5xx, every refusal carries a message code of contract/messages.ts, and the database's
// invariants (tests/server/fuzz/consistency.ts) still hold after each route. A failure names the route,
// the request and fast-check's seed. FUZZ_RUNS=500 fuzzes harder; FUZZ_STATS=1 prints how many requests
// of each route were accepted (how deep the fuzz got).
import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { expect, it } from "vitest";
import * as z from "zod";
import { ErrorBody } from "../../contract/common";
import { isMessageCode } from "../../contract/messages";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import {
  leagueMembers,
  leagues,
  predictions,
  raceSessions,
  races,
  riders,
  uploads,
  users,
} from "../../server/db/schema";
import { and, asc, eq } from "drizzle-orm";
import { tokenService } from "../../server/modules/auth/tokens";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import {
  bodyArb,
  hostileString,
  idArb,
  jsonSchemaOf,
  kindOfKey,
  paramArb,
  queryArb,
  type IdPool,
} from "./fuzz/arbitraries";
import { routes, type Route } from "./fuzz/catalogue";
import { brokenInvariants } from "./fuzz/consistency";

/** Runs per route and backend: enough to meet every hostile value class, few enough for CI. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

type Identity = "guest" | "player" | "other" | "forged" | "admin";
type Encoding = "json" | "none" | "text" | "form" | "badJson" | "foreignType" | "huge";

type World = {
  player: { id: string; token: string };
  other: { id: string; token: string };
  /** Every id a path or body may name, by kind: races, riders, players, leagues, picks, uploads, notifications. */
  ids: Record<string, string[]>;
  png: Buffer;
};

/** Encodes a path segment or query value byte by byte, lone surrogates included (as their 3-byte forms). */
function encode(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      out +=
        `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

function multipart(parts: { name: string; value: string | Buffer; filename?: string; type?: string }[]) {
  const boundary = `----fuzz${randomUUID().replace(/-/g, "")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The players, a private and a public league with seats, picks, an upload and diamonds: things for ids to name. */
async function makeWorld(h: Harness): Promise<World> {
  const db = h.database.db;
  const now = h.clock.now();
  const tokens = tokenService({ db, clock: h.clock, config: h.config });
  const ledger = h.app.deps.ledger;
  const people = [randomUUID(), randomUUID(), randomUUID()];
  await db.insert(users).values(
    // Names and e-mails from the ids' 48 random bits. A FUZZ_RUNS=1000 run remakes hundreds of worlds after deleted
    // accounts, and with 24 bits two of them would share a name in about 2% of runs.
    people.map((id, i) => ({
      id,
      name: `fuzz${i}${id.slice(-12)}`,
      email: `fuzz${i}.${id.slice(-12)}@example.com`,
      emailConfirmedAt: now,
      isGuru: i === 2,
      createdAt: now,
      updatedAt: now,
    })),
  );
  for (const id of people)
    await db.transaction((tx) =>
      ledger.post(tx, { userId: id, delta: 500, reason: "ADMIN", ref: "fuzz", idempotencyKey: `fuzz:${id}` }),
    );
  const [player, other, guru] = people as [string, string, string];
  const privateLeague = randomUUID();
  const publicLeague = randomUUID();
  await db.insert(leagues).values([
    { id: privateLeague, name: "Fuzz private", type: "PRIVATE", ownerId: other, createdAt: now, updatedAt: now },
    { id: publicLeague, name: "Fuzz public", type: "VIP", ownerId: guru, createdAt: now, updatedAt: now },
  ]);
  await db.insert(leagueMembers).values([
    { leagueId: privateLeague, userId: other, status: "ACCEPTED", createdAt: now, updatedAt: now },
    { leagueId: publicLeague, userId: guru, status: "ACCEPTED", createdAt: now, updatedAt: now },
    { leagueId: publicLeague, userId: player, status: "FOLLOWING", createdAt: now, updatedAt: now },
  ]);
  const [race] = await db.select().from(races).where(eq(races.round, 12));
  const motoGp = await db
    .select({ id: riders.id })
    .from(riders)
    .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "ACTIVE")))
    .orderBy(asc(riders.number))
    .limit(4);
  const picks = [
    {
      id: randomUUID(),
      userId: other,
      raceId: race!.id,
      category: "FP1" as const,
      riderId: motoGp[0]!.id,
      savedAt: now,
      updatedAt: now,
    },
    {
      id: randomUUID(),
      userId: player,
      raceId: race!.id,
      category: "POLEMAN" as const,
      riderId: motoGp[1]!.id,
      savedAt: now,
      updatedAt: now,
    },
  ];
  await db.insert(predictions).values(picks);
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
  const uploadId = randomUUID();
  await db.insert(uploads).values({
    id: uploadId,
    userId: other,
    contentType: "image/png",
    bytes: png,
    width: 4,
    height: 4,
    createdAt: now,
  } as never);
  await h.call("POST", "/dev/notify", { body: { userId: player, type: "RACE_STARTED", value: { raceName: "Fuzz" } } });
  const [notice] =
    (await h.database.withConnection((c) => c.query<{ id: string }>("SELECT id FROM notifications LIMIT 1"))) ?? [];
  const teamRows = await h.database.withConnection((c) => c.query<{ id: string }>("SELECT id FROM teams LIMIT 2"));
  const trackRows = await h.database.withConnection((c) => c.query<{ id: string }>("SELECT id FROM tracks LIMIT 1"));
  const sessionRows = await db
    .select({ id: raceSessions.id })
    .from(raceSessions)
    .where(eq(raceSessions.raceId, race!.id))
    .limit(1);
  return {
    player: { id: player, token: (await tokens.startSession(player)).accessToken },
    other: { id: other, token: (await tokens.startSession(other)).accessToken },
    ids: {
      race: [race!.id],
      version: [String(race!.version)],
      rider: motoGp.map((r) => r.id),
      user: [player, other, guru],
      league: [privateLeague, publicLeague],
      prediction: picks.map((p) => p.id),
      upload: [uploadId],
      notification: notice ? [notice.id] : [],
      team: teamRows.map((r) => r.id),
      track: trackRows.map((r) => r.id),
      session: sessionRows.map((r) => r.id),
    },
    png,
  };
}

/** The first five minutes before FP1 of round 12: picks open, changes priced, nothing settled. */
async function fuzzNow(h: Harness): Promise<Date> {
  const [race] = await h.database.db.select().from(races).where(eq(races.round, 12));
  const [fp1] = await h.database.db
    .select()
    .from(raceSessions)
    .where(and(eq(raceSessions.raceId, race!.id), eq(raceSessions.type, "FP1")));
  return new Date(fp1!.startsAt.getTime() - 5 * 60_000);
}

type Sent = { identity: Identity; encoding: Encoding; url: string; method: string; body: unknown };

/** What a path parameter names: by its own name (`raceId`), or for `:id` by the path it sits in. */
/**
 * A value the route's path schema takes for `name`: one of its options when it is an enum (a session), the provider,
 * or an id of the pool. The NUL property filters on the schema, and a filter no value can pass never ends.
 */
function validParamArb(route: Route, name: string, ids: IdPool): fc.Arbitrary<string> {
  const shape = route.params instanceof z.ZodObject ? (route.params.shape as Record<string, z.ZodType>) : {};
  const field = shape[name];
  if (field instanceof z.ZodEnum) return fc.constantFrom(...(field.options as string[]));
  const kind = paramKind(route.path, name);
  return kind === "provider" ? fc.constant("google") : idArb(ids, kind);
}

function paramKind(path: string, name: string): string {
  if (name !== "id") return name === "provider" ? "provider" : (kindOfKey(name) ?? "any");
  const areas: [RegExp, string][] = [
    [/^\/(dev\/)?leagues/, "league"],
    [/^\/users/, "user"],
    [/^\/(riders\/teams|pictures\/teams)/, "team"],
    [/^\/(riders|pictures\/riders)/, "rider"],
    [/^\/pictures\/tracks/, "track"],
    [/^\/v2\/races/, "race"],
    [/^\/predictions/, "prediction"],
    [/^\/s3/, "upload"],
    [/^\/notifications/, "notification"],
  ];
  return areas.find(([re]) => re.test(path))?.[1] ?? "any";
}

function requestArb(route: Route, world: () => World): fc.Arbitrary<Sent> {
  const ids: IdPool = () => world().ids;
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const params = fc.tuple(...names.map((n) => paramArb(ids, paramKind(route.path, n))));
  const identities: Identity[] = route.admin
    ? ["admin", "admin", "guest", "player", "forged"]
    : ["guest", "player", "player", "player", "other", "forged"];
  const encodings = fc.oneof(
    { weight: 14, arbitrary: fc.constant<Encoding>("json") },
    { weight: 1, arbitrary: fc.constantFrom<Encoding>("none", "text", "form", "badJson", "foreignType", "huge") },
  );
  return fc
    .record({
      identity: fc.constantFrom(...identities),
      encoding: encodings,
      params: names.length ? params : fc.constant([] as string[]),
      query: queryArb(route.query, ids),
      body: bodyArb(route.body, ids),
    })
    .map(({ identity, encoding, params: values, query, body }) => {
      let i = 0;
      const path = route.path.replace(/:(\w+)/g, () => encode(values[i++]!));
      const qs = Object.entries(query)
        .map(([k, v]) => `${encode(k)}=${encode(v)}`)
        .join("&");
      return { identity, encoding, url: `/api${path}${qs ? `?${qs}` : ""}`, method: route.method, body };
    });
}

async function send(h: Harness, route: Route, sent: Sent, w: World): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (sent.identity === "player") headers.authorization = `Bearer ${w.player.token}`;
  if (sent.identity === "other") headers.authorization = `Bearer ${w.other.token}`;
  if (sent.identity === "forged") headers.authorization = `Bearer ${w.player.token.slice(0, -4)}AAAA`;
  if (sent.identity === "admin") headers[ADMIN_TOKEN_HEADER] = ADMIN_TOKEN;
  let payload: string | Buffer | undefined;
  const json = sent.body === undefined ? undefined : JSON.stringify(sent.body);
  const hasBody = sent.method !== "GET";
  if (route.multipart && sent.encoding === "json") {
    // The upload form: an id (sometimes hostile) and an image (sometimes not one).
    const id = typeof sent.body === "string" ? sent.body : randomUUID();
    const img = json && json.length % 2 ? w.png : Buffer.from(json ?? "not an image");
    const form = multipart([
      { name: "id", value: id },
      { name: "img", value: img, filename: "x.png", type: "image/png" },
    ]);
    headers["content-type"] = form.contentType;
    payload = form.payload;
  } else if (sent.encoding === "huge" && hasBody) {
    headers["content-type"] = route.multipart ? "multipart/form-data; boundary=x" : "application/json";
    payload = Buffer.alloc(route.multipart ? 3 * 1024 * 1024 : 1_100_000, 0x20);
  } else if (sent.encoding === "json" && json !== undefined && hasBody) {
    headers["content-type"] = "application/json";
    payload = json;
  } else if (sent.encoding === "text" && hasBody) {
    headers["content-type"] = "text/plain";
    payload = typeof sent.body === "string" ? sent.body : (json ?? "");
  } else if (sent.encoding === "form" && hasBody) {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = "a=1&b=%00";
  } else if (sent.encoding === "badJson" && hasBody) {
    headers["content-type"] = "application/json";
    payload = '{"name": "unterminated';
  } else if (sent.encoding === "foreignType" && hasBody) {
    headers["content-type"] = "application/xml; charset=utf-16";
    payload = "<a/>";
  }
  return h.app.inject({
    method: sent.method as "GET",
    url: sent.url,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

/** What a response may be: anything below 500, and a refusal in the contract's error shape with a message code of its own. */
function problemOf(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers["content-type"] ?? "").startsWith("application/json"))
    return `refused ${res.statusCode} without a JSON error body`;
  const parsed = ErrorBody.safeParse(res.json());
  if (!parsed.success) return `refused ${res.statusCode} with a body outside the contract: ${res.body.slice(0, 200)}`;
  if (!isMessageCode(parsed.data.code)) return `refused ${res.statusCode} with an unknown code ${parsed.data.code}`;
  if (parsed.data.code === "somethingWentWrong") return `refused ${res.statusCode} with the generic somethingWentWrong`;
  return null;
}

/** "METHOD /path" of every route in Fastify's printed route tree (HEAD and OPTIONS left out). */
function servedRoutes(tree: string): string[] {
  const parents: string[] = [];
  const out: string[] = [];
  for (const line of tree.split("\n")) {
    const at = line.indexOf("── ");
    if (at < 0) continue;
    const depth = Math.round(at / 4);
    const m = /^(\S+)(?: \(([^)]+)\))?/.exec(line.slice(at + 3))!;
    const path = (parents[depth - 1] ?? "") + m[1];
    parents[depth] = path;
    for (const method of m[2]?.split(", ") ?? [])
      if (method !== "HEAD" && method !== "OPTIONS") out.push(`${method} ${path}`);
  }
  return out;
}

/** An error's message followed by its causes' messages: a failed query names its statement, and its cause says why it failed. */
function failureText(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = failureText(error.cause);
  return cause ? `${error.message} ← ${cause}` : error.message;
}

/** A value with a NUL somewhere in it (start, middle or end). */
const withNul = (value: fc.Arbitrary<string>) =>
  fc.tuple(value, fc.nat()).map(([v, at]) => `${v.slice(0, at % (v.length + 1))}\u0000${v.slice(at % (v.length + 1))}`);
/** The keys of an object schema (a query's, the headers'). */
const keysOf = (schema: z.ZodType | undefined) => Object.keys(jsonSchemaOf(schema ?? z.object({})).properties ?? {});

const describeSent = (s: Sent) =>
  `${s.identity} ${s.method} ${s.url.slice(0, 200)} [${s.encoding}] ${JSON.stringify(s.body)?.slice(0, 300)}`;

onEachBackend(
  "fuzz: every route",
  (h) => {
    it("covers every route the server serves", async () => {
      const known = new Set(routes.map((r) => `${r.method} /api${r.path}`));
      const served = servedRoutes(h.app.printRoutes({ commonPrefix: false }));
      expect(served.length).toBeGreaterThan(60);
      expect(served.filter((r) => !known.has(r))).toEqual([]);
    });

    it("answers every route below 500, with a coded refusal, and keeps the database consistent", async () => {
      const now = await fuzzNow(h);
      h.clock.set(now);
      let world = await makeWorld(h);
      const failures: string[] = [];
      const accepted = new Map<string, number>();
      for (const route of routes) {
        const property = fc.asyncProperty(
          requestArb(route, () => world),
          async (sent) => {
            h.clock.set(now);
            const res = await send(h, route, sent, world);
            const problem = problemOf(res);
            if (problem) throw new Error(`${describeSent(sent)} → ${problem}`);
            if (res.statusCode < 300) accepted.set(route.name, (accepted.get(route.name) ?? 0) + 1);
            // A deleted account takes the fixtures with it: make new ones for the next run.
            if (route.name === "users.deleteAccount" && res.statusCode < 300) world = await makeWorld(h);
          },
        );
        const outcome = await fc.check(property, {
          numRuns: RUNS,
          interruptAfterTimeLimit: 20_000,
          markInterruptAsFailure: false,
        });
        if (outcome.failed)
          failures.push(
            `${route.name}: ${failureText(outcome.errorInstance) ?? String(outcome.counterexample)} (seed ${outcome.seed}, path ${outcome.counterexamplePath})`,
          );
        const broken = await brokenInvariants(h.database);
        if (Object.keys(broken).length) {
          failures.push(`${route.name} left the database inconsistent: ${JSON.stringify(broken)}`);
          break;
        }
      }
      if (process.env.FUZZ_STATS)
        console.info(routes.map((r) => `${r.name}: ${accepted.get(r.name) ?? 0} accepted`).join("\n"));
      expect(failures).toEqual([]);
    }, 240_000);

    it("refuses a NUL byte in a path id (404), a query value or a declared header (400) on every route, and survives one in any header", async () => {
      h.clock.set(await fuzzNow(h));
      let world = await makeWorld(h);
      const ids: IdPool = () => world.ids;
      const failures: string[] = [];
      const ANY_HEADERS = [
        "authorization",
        ADMIN_TOKEN_HEADER,
        "accept-language",
        "if-none-match",
        "cookie",
        "x-forwarded-for",
        "user-agent",
        "x-request-id",
      ];
      for (const route of routes) {
        const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        // Path values the route takes, so a NUL elsewhere is what the answer is about (a bad id answers 404 first).
        const valid = fc
          .tuple(...names.map((n) => validParamArb(route, n, ids)))
          .filter(
            (values) =>
              !route.params || route.params.safeParse(Object.fromEntries(names.map((n, i) => [n, values[i]]))).success,
          );
        const where = fc.oneof(
          ...(names.length
            ? [
                fc.record({
                  at: fc.constant("path" as const),
                  key: fc.constantFrom(...names),
                  value: withNul(fc.uuid()),
                }),
              ]
            : []),
          ...(keysOf(route.query).length
            ? [
                fc.record({
                  at: fc.constant("query" as const),
                  key: fc.constantFrom(...keysOf(route.query)),
                  value: withNul(fc.oneof(fc.uuid(), fc.constantFrom("1", "MOTOGP", "en", "x"))),
                }),
              ]
            : []),
          ...(keysOf(route.headers).length
            ? [
                fc.record({
                  at: fc.constant("header" as const),
                  key: fc.constantFrom(...keysOf(route.headers)),
                  value: withNul(fc.constantFrom("2025", "2026", "")),
                }),
              ]
            : []),
          fc.record({
            at: fc.constant("anyHeader" as const),
            key: fc.constantFrom(...ANY_HEADERS),
            value: withNul(fc.constantFrom("Bearer x", "en", 'W/"1"', "a=b", "127.0.0.1", "")),
          }),
        );
        const property = fc.asyncProperty(valid, where, async (values: string[], nul) => {
          let i = 0;
          const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
            const value = values[i++]!;
            return encode(nul.at === "path" && nul.key === name ? nul.value : value);
          });
          const query = nul.at === "query" ? `?${encode(nul.key)}=${encode(nul.value)}` : "";
          const headers: Record<string, string> = {
            authorization: `Bearer ${world.player.token}`,
            [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN,
          };
          if (nul.at === "header" || nul.at === "anyHeader") headers[nul.key] = nul.value;
          const hasBody = route.method !== "GET" && !route.multipart;
          const res = await h.app.inject({
            method: route.method as "GET",
            url: `/api${path}${query}`,
            headers: { ...headers, ...(hasBody ? { "content-type": "application/json" } : {}) },
            ...(hasBody ? { payload: "{}" } : {}),
          });
          const sent = `${route.method} ${path.slice(0, 120)}${query.slice(0, 80)} ${nul.at}:${nul.key}=${JSON.stringify(nul.value)}`;
          const problem = problemOf(res);
          if (problem) throw new Error(`${sent} → ${problem}`);
          const expected =
            nul.at === "path" ? 404 : nul.at === "header" || (nul.at === "query" && !route.raw) ? 400 : null;
          // A deleted account takes the fixtures (and the token) with it: make new ones for the next run.
          if (route.name === "users.deleteAccount" && res.statusCode < 300) world = await makeWorld(h);
          if (expected && res.statusCode !== expected)
            throw new Error(`${sent} → ${res.statusCode} ${res.body.slice(0, 200)}, not ${expected}`);
        });
        const outcome = await fc.check(property, {
          numRuns: Math.max(8, Math.round(RUNS / 4)),
          interruptAfterTimeLimit: 10_000,
          markInterruptAsFailure: false,
        });
        if (outcome.failed)
          failures.push(
            `${route.name}: ${failureText(outcome.errorInstance) ?? String(outcome.counterexample)} (seed ${outcome.seed})`,
          );
      }
      expect(failures).toEqual([]);
    }, 240_000);

    it("refuses hostile path segments on every route with a coded 4xx", async () => {
      h.clock.set(await fuzzNow(h));
      const world = await makeWorld(h);
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...routes.filter((r) => r.path.includes(":"))),
          hostileString,
          async (route, text) => {
            const url = `/api${route.path.replace(/:(\w+)/g, () => encode(text || "x"))}`;
            const res = await h.app.inject({
              method: route.method as "GET",
              url,
              headers: { authorization: `Bearer ${world.player.token}`, [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
            });
            const problem = problemOf(res);
            if (problem) failures.push(`${route.method} ${url.slice(0, 120)} → ${problem}`);
          },
        ),
        { numRuns: 150 },
      );
      expect(failures).toEqual([]);
    });
  },
  { seed: true },
);
