import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { matchesEtag, windowOf } from "../../server/http/sharedAnswers";
import { onEachBackend, type Harness } from "./harness";

// The calendar and a race's riders are the same for every player: built once per version of their data and per
// stretch of time between session boundaries, served from memory with an ETag.

const calendar = (h: Harness, headers: Record<string, string> = {}) =>
  h.call("GET", "/races", { query: { take: 100 }, headers });
const ridersOf = (h: Harness, raceId: string, headers: Record<string, string> = {}) =>
  h.call("GET", `/v2/races/${raceId}/riders`, { headers });

describe("windowOf: the stretch of time between session boundaries", () => {
  it("counts the boundaries at or before now", () => {
    expect(windowOf([10, 20, 30], 5)).toBe(0);
    expect(windowOf([10, 20, 30], 10)).toBe(1);
    expect(windowOf([10, 20, 30], 29)).toBe(2);
    expect(windowOf([10, 20, 30], 31)).toBe(3);
    expect(windowOf([], 31)).toBe(0);
  });
});

describe("matchesEtag: If-None-Match", () => {
  it("matches a listed, weak or wildcard tag and nothing else", () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag("*", '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

onEachBackend(
  "shared answers",
  (h) => {
    describe("an ETag the client revalidates", () => {
      it("answers the same tag while nothing changed, and 304 with no body to a client holding it", async () => {
        const first = await calendar(h);
        expect(first.status).toBe(200);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(first.headers["cache-control"]).toBe("public, no-cache");
        const again = await calendar(h);
        expect(again.headers.etag).toBe(etag);
        expect(again.body).toEqual(first.body);
        const held = await calendar(h, { "if-none-match": etag });
        expect(held.status).toBe(304);
        expect(held.body).toBeUndefined();
        expect((await calendar(h, { "if-none-match": '"other"' })).status).toBe(200);
      });

      it("sends the cached body compressed to a client that takes it, and the same JSON", async () => {
        const plain = await calendar(h);
        const res = await h.app.inject({
          method: "GET",
          url: "/api/races?take=100",
          headers: { "accept-encoding": "br" },
        });
        expect(res.headers["content-encoding"]).toBe("br");
        const { brotliDecompressSync } = await import("node:zlib");
        expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.body);
      });
    });

    describe("a change to the data, made by any instance, is seen by the next request", () => {
      it("odds an operator set directly in the database are in the next answer, under a new tag", async () => {
        const races = (await calendar(h)).body.result.data as { id: string; finished: boolean }[];
        const race = races.find((r) => !r.finished)!;
        const before = await ridersOf(h, race.id);
        const rider = (before.body.result.riders as { id: string; odds: number | null; available: boolean }[]).find(
          (r) => r.available,
        )!;
        // Another instance's write: straight into the tables, past this app.
        await h.database.db.execute(
          sql`INSERT INTO race_odds (race_id, rider_id, odds, updated_at) VALUES (${race.id}, ${rider.id}, 42.5, now())`,
        );
        const after = await ridersOf(h, race.id, { "if-none-match": String(before.headers.etag) });
        expect(after.status).toBe(200);
        expect(after.headers.etag).not.toBe(before.headers.etag);
        expect((after.body.result.riders as { id: string; odds: number }[]).find((r) => r.id === rider.id)!.odds).toBe(
          42.5,
        );
        await h.database.db.execute(sql`DELETE FROM race_odds WHERE race_id = ${race.id} AND rider_id = ${rider.id}`);
        expect((await ridersOf(h, race.id)).headers.etag).toBe(before.headers.etag);
      });

      it("an unknown race is 404 each time, never kept", async () => {
        const missing = "00000000-0000-4000-8000-000000000000";
        expect((await ridersOf(h, missing)).status).toBe(404);
        expect((await ridersOf(h, missing)).status).toBe(404);
      });
    });

    describe("a race's status follows the clock across a session's start", () => {
      it("the next race reads PENDING before its first session and STARTED once the clock passes it", async () => {
        const races = (await calendar(h)).body.result.data as {
          id: string;
          status: string;
          startsAt: string;
          finished: boolean;
        }[];
        const next = races.find((r) => !r.finished && r.status === "PENDING")!;
        h.clock.set(new Date(Date.parse(next.startsAt) - 1000));
        const status = async () =>
          ((await calendar(h)).body.result.data as { id: string; status: string }[]).find((r) => r.id === next.id)!
            .status;
        expect(await status()).toBe("PENDING");
        h.clock.set(new Date(Date.parse(next.startsAt) + 1000));
        expect(await status()).toBe("STARTED");
        // A clock set back (the dev clock) reads the earlier stretch again.
        h.clock.set(new Date(Date.parse(next.startsAt) - 1000));
        expect(await status()).toBe("PENDING");
      });
    });

    describe("requests arriving together share one build", () => {
      it("fifty at once answer the same body and tag", async () => {
        const answers = await Promise.all(Array.from({ length: 50 }, () => calendar(h)));
        expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
        expect(answers.every((a) => a.status === 200)).toBe(true);
      });
    });
  },
  { seed: true },
);
