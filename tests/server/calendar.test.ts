// docs/calendar.md through the API, on PGlite and PostgreSQL: a player's feed written by ical-generator is read back
// with a separate parser (node-ical): every session of the season in UTC with its circuit's zone, an alarm before
// each lock exactly where that player's picks are missing (a pick saved through the real API takes its alarm away),
// a moved session moves in the feed, a revoked address answers 404 while the new one works, one player's address
// never shows another's picks, a malformed address is 404, and the token never reaches the log.
import { PassThrough } from "node:stream";
import { and, eq } from "drizzle-orm";
import { sync, type VEvent } from "node-ical";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { categoriesOf } from "../../contract/weekendRules/structure";
import { sessionLabels, type SessionType } from "../../contract/enums";
import { buildApp } from "../../server/app";
import { races, raceSessions, tracks, users } from "../../server/db/schema";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import { quickPlayer, type QuickPlayer } from "./leaguePlayers";
import { at, MINUTE, raceFixture, type RaceFixture } from "./predictionsFixture";

const iso = (ms: number) => new Date(ms).toISOString();
/** A parsed text property, plain or with parameters. */
const textOf = (value: string | { val: string } | undefined) =>
  typeof value === "string" ? value : (value?.val ?? "");

onEachBackend(
  "calendar feed",
  (h: Harness) => {
    let race: RaceFixture;
    let sessionCount: number;
    let zoneOf: Map<string, string>;

    const link = async (p: QuickPlayer) => {
      const res = await h.call("GET", "/calendar/link", { token: p.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.result as { url: string; webcal: string; createdAt: string };
    };
    /** The feed at `url` as the app serves it (the path after the public address). */
    const fetchFeed = (url: string, headers: Record<string, string> = {}) =>
      h.app.inject({ method: "GET", url: new URL(url).pathname, headers });
    const parsed = async (url: string) => {
      const res = await fetchFeed(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/calendar/);
      const events = Object.values(sync.parseICS(res.body)).filter((c): c is VEvent => c?.type === "VEVENT");
      return events;
    };
    const eventOf = (events: VEvent[], session: SessionType) =>
      events.find(
        (e) => e.uid.startsWith("session-") && textOf(e.summary).endsWith(sessionLabels[session]) && inRace(e),
      )!;
    let raceName: string;
    const inRace = (e: VEvent) => textOf(e.summary).startsWith(`${raceName}:`);
    const alarmed = (events: VEvent[]) =>
      new Set(events.filter((e) => inRace(e) && (e.alarms ?? []).length > 0).map((e) => String(e["PP-SESSION"])));
    const save = (p: QuickPlayer, data: { category: string; riderId: string }[]) =>
      h.call("POST", `/predictions/races/${race.id}`, { token: p.token, body: { version: race.version, data } });

    beforeAll(async () => {
      race = await raceFixture(h);
      const db = h.database.db;
      const [row] = await db.select().from(races).where(eq(races.id, race.id));
      raceName = row!.name;
      const all = await db
        .select({ id: raceSessions.id, zone: tracks.timeZone })
        .from(raceSessions)
        .innerJoin(races, eq(races.id, raceSessions.raceId))
        .innerJoin(tracks, eq(tracks.id, races.trackId))
        .where(eq(races.season, row!.season));
      sessionCount = all.length;
      zoneOf = new Map(all.map((s) => [s.id, s.zone]));
    });
    // Moves outlive the per-test TRUNCATE of users: the race's schedule goes back to the seeded one.
    beforeEach(async () => {
      for (const [type, s] of Object.entries(race.sessions))
        await h.database.db
          .update(raceSessions)
          .set({ startsAt: new Date(s.start), endsAt: new Date(s.end) })
          .where(and(eq(raceSessions.raceId, race.id), eq(raceSessions.type, type)));
      at(h, race.sessions.FP1.start - 24 * 60 * MINUTE);
    });

    it("holds every session of the season in UTC with its circuit's time zone, each with a stable UID", async () => {
      const p = await quickPlayer(h);
      const first = await link(p);
      expect(first.webcal).toMatch(/^webcal:\/\/pp\.test\/api\/calendar\/[\w-]{43}\.ics$/);
      expect(first.url).toBe(first.webcal.replace(/^webcal:/, "http:"));
      // The same address on every ask until it is revoked.
      expect((await link(p)).url).toBe(first.url);
      const res = await fetchFeed(first.url);
      expect(res.headers["cache-control"]).toBe("private, no-cache");
      // Times written in UTC (…Z), not floating or zoned local times.
      expect(res.body).toMatch(/DTSTART:\d{8}T\d{6}Z/);
      expect(res.body).not.toMatch(/DTSTART;TZID/);
      const events = await parsed(first.url);
      expect(events).toHaveLength(sessionCount);
      for (const e of events) {
        const id = /^session-([0-9a-f-]{36})@pp\.test$/.exec(e.uid)?.[1];
        expect(id && zoneOf.has(id), e.uid).toBe(true);
        expect(e["PP-TIME-ZONE"]).toBe(zoneOf.get(id!));
        expect(e.start.toISOString()).toMatch(/Z$/);
      }
      const fp1 = eventOf(events, "FP1");
      expect(fp1.start.toISOString()).toBe(iso(race.sessions.FP1.start));
      expect(fp1.end!.toISOString()).toBe(iso(race.sessions.FP1.end));
      // The same text again answers 304 on its ETag.
      const again = await fetchFeed(first.url, { "if-none-match": String(res.headers.etag) });
      expect(again.statusCode).toBe(304);
    });

    it("alarms before each lock exactly where the player's picks are missing, and a saved pick takes its alarm away", async () => {
      const p = await quickPlayer(h);
      const { url } = await link(p);
      const deciding = (Object.keys(race.sessions) as SessionType[]).filter((s) => categoriesOf([s]).length > 0);
      let events = await parsed(url);
      expect(alarmed(events)).toEqual(new Set(deciding));
      const fp1 = eventOf(events, "FP1");
      expect(fp1.alarms).toHaveLength(1);
      expect(fp1.alarms![0]!.trigger).toBe("-PT1H");
      // Q1 decides no category: nothing to pick, no alarm.
      expect(eventOf(events, "Q1").alarms ?? []).toHaveLength(0);

      expect((await save(p, [{ category: "FP1", riderId: race.active[0]! }])).status).toBe(200);
      events = await parsed(url);
      expect(alarmed(events)).toEqual(new Set(deciding.filter((s) => s !== "FP1")));
      // One of the sprint's three places is not enough: the sprint still alarms until all three are picked.
      expect((await save(p, [{ category: "SPRINT_FIRST", riderId: race.active[1]! }])).status).toBe(200);
      expect(alarmed(await parsed(url)).has("SPRINT")).toBe(true);
      // A session that has locked asks for nothing any more.
      at(h, race.sessions.FP1.start + MINUTE);
      expect(alarmed(await parsed(url)).has("PF")).toBe(true);
      at(h, race.sessions.PF.start + MINUTE);
      expect(alarmed(await parsed(url)).has("PF")).toBe(false);
    });

    it("a moved session moves in the feed, with a higher SEQUENCE and a LAST-MODIFIED, and its alarm with it", async () => {
      const p = await quickPlayer(h);
      const { url } = await link(p);
      const before = eventOf(await parsed(url), "FP1");
      expect(before.sequence).toBe(0);
      const later = race.sessions.FP1.start + 30 * MINUTE;
      const moved = await h.call("POST", `/admin/races/${race.id}/sessions/FP1/move`, {
        headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
        body: { startsAt: iso(later) },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const after = eventOf(await parsed(url), "FP1");
      expect(after.uid).toBe(before.uid);
      expect(after.start.toISOString()).toBe(iso(later));
      expect(after.end!.toISOString()).toBe(iso(race.sessions.FP1.end + 30 * MINUTE));
      expect(after.sequence).toBeGreaterThan(before.sequence!);
      // iCalendar keeps whole seconds: the move's moment, to the second.
      const movedAt = after.lastmodified!.getTime();
      expect(h.clock.now().getTime() - movedAt).toBeGreaterThanOrEqual(0);
      expect(h.clock.now().getTime() - movedAt).toBeLessThan(10_000);
      expect(after.alarms?.[0]?.trigger).toBe("-PT1H");
    });

    it("is written in the player's language: session names, the alarm and the calendar's name", async () => {
      const p = await quickPlayer(h);
      await h.database.db.update(users).set({ lng: "de" }).where(eq(users.id, p.id));
      const { url } = await link(p);
      const text = (await fetchFeed(url)).body;
      expect(text).toContain("X-WR-CALNAME:Paddock-Predictor-Saison");
      const events = await parsed(url);
      const pf = events.find((e) => inRace(e) && e["PP-SESSION"] === "PF")!;
      expect(textOf(pf.summary)).toBe(`${raceName}: Schnellste Trainingszeit`);
      expect(pf.alarms![0]!.description).toBe(
        "Schnellste Trainingszeit wird zum Start gesperrt, und deine Tipps dafür fehlen noch.",
      );
    });

    it("revoke: the old address answers 404, the new one works", async () => {
      const p = await quickPlayer(h);
      const old = await link(p);
      const revoked = await h.call("POST", "/calendar/link/revoke", { token: p.token });
      expect(revoked.status).toBe(200);
      const fresh = revoked.body.result as { url: string };
      expect(fresh.url).not.toBe(old.url);
      expect((await fetchFeed(old.url)).statusCode).toBe(404);
      expect(JSON.parse((await fetchFeed(old.url)).body).code).toBe("notFound");
      expect(await parsed(fresh.url)).toHaveLength(sessionCount);
      expect((await link(p)).url).toBe(fresh.url);
    });

    it("one player's address shows that player's picks only", async () => {
      const [me, other] = [await quickPlayer(h), await quickPlayer(h)];
      const mine = await link(me);
      const theirs = await link(other);
      expect(theirs.url).not.toBe(mine.url);
      expect((await save(other, [{ category: "FP1", riderId: race.active[0]! }])).status).toBe(200);
      expect(alarmed(await parsed(mine.url)).has("FP1")).toBe(true);
      expect(alarmed(await parsed(theirs.url)).has("FP1")).toBe(false);
    });

    it("a malformed, unknown or tampered address is 404; the link calls need a signed-in player", async () => {
      const p = await quickPlayer(h);
      const { url } = await link(p);
      const path = new URL(url).pathname;
      const tampered = path.replace(/([\w-])\.ics$/, (_, c: string) => `${c === "A" ? "B" : "A"}.ics`);
      for (const bad of [
        tampered,
        "/api/calendar/short.ics",
        "/api/calendar/%00%00.ics",
        `/api/calendar/${"x".repeat(43)}.ics`,
        path.replace(/\.ics$/, ""),
      ]) {
        const res = await h.app.inject({ method: "GET", url: bad });
        expect(res.statusCode, bad).toBe(404);
      }
      expect((await h.call("GET", "/calendar/link")).status).toBe(401);
      expect((await h.call("POST", "/calendar/link/revoke")).status).toBe(401);
    });

    it("never writes a feed's token to the log", async () => {
      const lines: string[] = [];
      const stream = new PassThrough();
      stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
      const app = await buildApp(h.app.deps, { logger: { level: "info", stream } });
      try {
        const p = await quickPlayer(h);
        const { url } = await link(p);
        const token = /\/([\w-]{43})\.ics$/.exec(url)![1]!;
        expect((await app.inject({ method: "GET", url: new URL(url).pathname })).statusCode).toBe(200);
        expect((await app.inject({ method: "GET", url: `/api/calendar/${token}` })).statusCode).toBe(404);
        expect(lines.some((l) => l.includes("/api/calendar/[redacted]"))).toBe(true);
        expect(lines.join("\n")).not.toContain(token);
      } finally {
        await app.close();
      }
    });
  },
  { seed: true },
);
