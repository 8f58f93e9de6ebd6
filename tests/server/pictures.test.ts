import { createRequire } from "node:module";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { picturePaths, shortNameOf } from "../../contract/pictures";
import { riders, teams, tracks } from "../../server/db/schema";
import { circuitOutline } from "../../server/modules/pictures/circuitPicture";
import { escapeXml, safeColour, textOn } from "../../server/modules/pictures/svg";
import { onEachBackend, type Harness } from "./harness";

// jsdom ships no types (and @types/jsdom is not installed): load it untyped, name the one part used.
type Jsdom = { JSDOM: new (html: string) => { window: { DOMParser: typeof DOMParser } } };
const { JSDOM } = createRequire(import.meta.url)("jsdom") as Jsdom;
const XmlParser = new JSDOM("").window.DOMParser;

/** Parses as XML; a well-formedness error gives a <parsererror> document instead. */
function parseSvg(text: string) {
  const doc = new XmlParser().parseFromString(text, "image/svg+xml");
  expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
  expect(doc.documentElement.tagName).toBe("svg");
  return doc;
}

/** The picture at an image field's path (`/api/…`), fetched from the app itself. */
async function picture(h: Harness, path: string, headers: Record<string, string> = {}) {
  return h.app.inject({ method: "GET", url: path, headers });
}

const HOSTILE = `<script>alert("x")</script> & 'co' ]]>`;
const ids = {
  team: "11111111-2222-4333-8444-555555555555",
  rider: "11111111-2222-4333-8444-666666666666",
  track: "11111111-2222-4333-8444-777777777777",
};

onEachBackend(
  "generated pictures",
  (h) => {
    afterAll(async () => {
      const db = h.database.db;
      await db.delete(riders).where(eq(riders.id, ids.rider));
      await db.delete(teams).where(eq(teams.id, ids.team));
      await db.delete(tracks).where(eq(tracks.id, ids.track));
    });

    describe("every image field of the API points at a picture the product serves", () => {
      it("serves each rider's, team's and circuit's picture as well-formed SVG with a title", async () => {
        const riderPage = (await h.call("GET", "/riders", { query: { take: 100 } })).body.result;
        const teamList = (await h.call("GET", "/riders/teams")).body.result;
        const trackList = (await h.call("GET", "/races/tracks")).body.result;
        const images: { url: string; title: string }[] = [
          ...riderPage.data.map((r: { image: string; name: string; number: number }) => ({
            url: r.image,
            title: `#${r.number} ${r.name}`,
          })),
          ...teamList.map((t: { image: string; name: string }) => ({ url: t.image, title: t.name })),
          ...trackList.map((t: { image: string; name: string }) => ({ url: t.image, title: t.name })),
        ];
        expect(images.length).toBeGreaterThan(100);
        for (const { url, title } of images) {
          const res = await picture(h, url);
          expect(res.statusCode, url).toBe(200);
          expect(res.headers["content-type"]).toBe("image/svg+xml; charset=utf-8");
          const doc = parseSvg(res.body);
          expect(doc.querySelector("title")!.textContent).toContain(title);
          expect(doc.documentElement.getAttribute("role")).toBe("img");
        }
      });

      it("draws the rider's number in the team's colour, and the team's short name", async () => {
        const [rider] = (await h.call("GET", "/riders", { query: { raceClass: "MOTOGP", take: 1 } })).body.result.data;
        const doc = parseSvg((await picture(h, rider.image)).body);
        expect([...doc.querySelectorAll("text")].map((t) => t.textContent)).toEqual([String(rider.number), rider.name]);
        expect(doc.querySelector("rect")!.getAttribute("fill")).toBe(rider.team.colour.toUpperCase());
        const team = parseSvg((await picture(h, rider.team.image)).body);
        expect([...team.querySelectorAll("text")].map((t) => t.textContent)).toEqual([
          rider.team.shortName,
          rider.team.manufacturer,
        ]);
      });

      it("draws a different, stable outline for each circuit", async () => {
        const trackList: { id: string; image: string }[] = (await h.call("GET", "/races/tracks")).body.result;
        const outlines = new Set<string>();
        for (const t of trackList) {
          const first = parseSvg((await picture(h, t.image)).body)
            .querySelector("path")!
            .getAttribute("d")!;
          const again = parseSvg((await picture(h, t.image)).body)
            .querySelector("path")!
            .getAttribute("d")!;
          expect(again).toBe(first);
          expect(first).toMatch(/^M[\d.]+ [\d.]+( C[\d. -]+)+ Z$/);
          outlines.add(first);
        }
        expect(outlines.size).toBe(trackList.length);
      });
    });

    describe("caching", () => {
      it("sends long cache headers and an ETag, and answers 304 to a matching If-None-Match", async () => {
        const [team] = (await h.call("GET", "/riders/teams")).body.result;
        const first = await picture(h, team.image);
        expect(first.headers["cache-control"]).toMatch(/public, max-age=(\d{7,})/);
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(first.headers["x-content-type-options"]).toBe("nosniff");
        expect(first.headers["content-security-policy"]).toContain("default-src 'none'");
        const again = await picture(h, team.image, { "if-none-match": etag });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe("");
        expect((await picture(h, team.image, { "if-none-match": `"other", W/${etag}` })).statusCode).toBe(304);
        expect((await picture(h, team.image, { "if-none-match": '"stale"' })).statusCode).toBe(200);
      });
    });

    describe("unknown ids", () => {
      it.each(["riders", "teams", "tracks"])(
        "answers 404 with the error body for an unknown or malformed %s id",
        async (kind) => {
          for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", "<x>"]) {
            const res = await picture(h, `/api/pictures/${kind}/${encodeURIComponent(id)}.svg`);
            expect(res.statusCode).toBe(404);
            expect(JSON.parse(res.body)).toMatchObject({ statusCode: 404, code: "notFound" });
          }
        },
      );
    });

    describe("text from the database is escaped", () => {
      it("keeps names with markup, quotes and ampersands as text, and a bad colour out of attributes", async () => {
        const db = h.database.db;
        await db
          .insert(teams)
          .values({
            id: ids.team,
            name: HOSTILE,
            manufacturer: "KTM",
            raceClass: "MOTO3",
            colour: `"/><script>1</script>`,
            image: "",
          })
          .onConflictDoNothing();
        await db
          .insert(riders)
          .values({
            id: ids.rider,
            name: HOSTILE,
            number: 1,
            country: "IT",
            status: "ACTIVE",
            role: "WILDCARD",
            raceClass: "MOTO3",
            teamId: ids.team,
            image: "",
          })
          .onConflictDoNothing();
        await db
          .insert(tracks)
          .values({ id: ids.track, name: HOSTILE, country: "<b>", lengthKm: 4, circuitType: "FLOWING", image: "" })
          .onConflictDoNothing();

        // An empty image field still gives a working picture path.
        const detail = (await h.call("GET", `/riders/${ids.rider}`)).body.result;
        expect(detail.image).toBe(picturePaths.rider(ids.rider));
        expect(detail.team.image).toBe(picturePaths.team(ids.team));

        for (const path of [
          picturePaths.rider(ids.rider),
          picturePaths.team(ids.team),
          picturePaths.track(ids.track),
        ]) {
          const res = await picture(h, path);
          expect(res.statusCode).toBe(200);
          expect(res.body).not.toContain("<script");
          expect(res.body).not.toContain("<b>");
          const doc = parseSvg(res.body);
          expect(doc.getElementsByTagName("script")).toHaveLength(0);
          expect(doc.querySelector("title")!.textContent).toContain(HOSTILE);
        }
        const rider = parseSvg((await picture(h, picturePaths.rider(ids.rider))).body);
        expect(rider.querySelector("rect")!.getAttribute("fill")).toBe("#6B7280");
      });
    });
  },
  { seed: true },
);

describe("picture helpers", () => {
  it("escapes the five XML specials and drops control characters", () => {
    expect(escapeXml(`<a href="x">'&'</a>\u0001`)).toBe("&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;");
  });

  it("lets only #rrggbb colours through and picks readable text", () => {
    expect(safeColour("#c8102e")).toBe("#C8102E");
    expect(safeColour("red")).toBe("#6B7280");
    expect(textOn("#FFFFFF")).toBe("#111111");
    expect(textOn("#0A1F8F")).toBe("#FFFFFF");
  });

  it("gives teams a short name of their initials", () => {
    expect(shortNameOf("Borgo Panigale Factory")).toBe("BPF");
    expect(shortNameOf("Circuito de Jerez – Ángel Nieto")).toBe("CDJ");
    expect(shortNameOf("Sachsenring")).toBe("SAC");
  });

  it("draws the same outline for the same circuit and another for another", () => {
    expect(circuitOutline("a:Mugello")).toEqual(circuitOutline("a:Mugello"));
    expect(circuitOutline("a:Mugello").path).not.toBe(circuitOutline("b:Assen").path);
  });
});
