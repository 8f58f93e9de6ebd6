import { describe, expect, it } from "vitest";
import * as z from "zod";
import { paged } from "../../contract/common";
import { picturePaths } from "../../contract/pictures";
import {
  Race,
  RaceOption,
  RaceRiders,
  Rider,
  RiderDetail,
  RiderOption,
  RiderPerformances,
  TeamPicture,
  TeamWithRiders,
  Track,
} from "../../contract/races";
import { currentRaceId, MIN_ODDS } from "../../contract/raceRules";
import { CURRENT_ROUND_INDEX } from "../../server/db/seed/season";
import { onEachBackend, type Harness } from "./harness";

const isoUtc = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const MISSING = "00000000-0000-4000-8000-000000000000";

async function ok<T extends z.ZodType>(
  h: Harness,
  schema: T,
  path: string,
  options: Parameters<Harness["call"]>[2] = {},
): Promise<z.infer<T>> {
  const res = await h.call("GET", path, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Strict: the answer carries exactly the contract's fields.
  return schema.parse(res.body.result);
}

const allRaces = async (h: Harness) => (await ok(h, paged(Race), "/races", { query: { take: 100 } })).data;
const next = async (h: Harness, take?: number) => ok(h, z.array(Race), "/races/next", take ? { query: { take } } : {});
const motoGpRiders = async (h: Harness) =>
  (await ok(h, paged(Rider), "/riders", { query: { raceClass: "MOTOGP", take: 100 } })).data;

onEachBackend(
  "races, riders and teams",
  (h) => {
    describe("GET /races: the calendar, paged", () => {
      it("lists the 22 rounds in order with sessions, status, odds and the track, times in ISO UTC", async () => {
        const page = await ok(h, paged(Race.strict()), "/races");
        expect(page).toMatchObject({ page: 1, pages: 1, count: 22 });
        expect(page.data.map((r) => r.round)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
        for (const race of page.data) {
          expect(race.raceId).toBe(race.round);
          expect(race.sessions.map((s) => s.type)).toEqual(["FP1", "PF", "FP2", "Q1", "Q2", "SPRINT", "START"]);
          for (const s of race.sessions) expect([s.startsAt, s.endsAt].every((t) => isoUtc.test(t))).toBe(true);
          expect(race.startsAt).toBe(race.sessions[0]!.startsAt);
          expect(race.endsAt).toBe(race.sessions.at(-1)!.endsAt);
          expect(race.tracks).toHaveLength(1);
          expect(race.tracks[0]!.image).toBe(picturePaths.track(race.tracks[0]!.id));
        }
        const past = page.data.slice(0, CURRENT_ROUND_INDEX);
        expect(past.every((r) => r.status === "STARTED" && r.finished)).toBe(true);
        expect(page.data.slice(CURRENT_ROUND_INDEX).every((r) => r.status === "PENDING" && !r.finished)).toBe(true);
      });

      it("pages with page and take, and refuses a take above the maximum", async () => {
        const second = await ok(h, paged(Race), "/races", { query: { page: 2, take: 5 } });
        expect(second).toMatchObject({ page: 2, pages: 5, count: 22 });
        expect(second.data.map((r) => r.round)).toEqual([6, 7, 8, 9, 10]);
        const last = await ok(h, paged(Race), "/races", { query: { page: 5, take: 5 } });
        expect(last.data.map((r) => r.round)).toEqual([21, 22]);
        expect((await ok(h, paged(Race), "/races", { query: { page: 9, take: 5 } })).data).toEqual([]);
        expect((await h.call("GET", "/races", { query: { take: 1000 } })).status).toBe(400);
        expect((await h.call("GET", "/races", { query: { page: 0 } })).body).toMatchObject({
          statusCode: 400,
          code: "validation",
        });
      });

      it("prices the available premier-class riders: decimal odds of at least 1.1, none for the injured", async () => {
        const [race] = await next(h);
        const riders = await motoGpRiders(h);
        const active = riders.filter((r) => r.status === "ACTIVE").map((r) => r.id);
        expect(Object.keys(race!.odds).toSorted()).toEqual(active.toSorted());
        expect(Object.values(race!.odds).every((o) => o >= MIN_ODDS)).toBe(true);
        // Form differs between riders, so the odds do too.
        expect(new Set(Object.values(race!.odds)).size).toBeGreaterThan(5);
      });
      it("gives the shortest odds to the rider in the best form (average points of the last 10 starts)", async () => {
        const [race] = await next(h);
        const active = (await motoGpRiders(h)).filter((r) => r.status === "ACTIVE");
        const form = await Promise.all(
          active.map(async (r) => {
            const perf = await ok(h, RiderPerformances, `/riders/${r.id}/performances`);
            // The next race is this season's round after the finished ones, so form is this season's last 10 starts.
            const last = perf.races.slice(-10);
            return { id: r.id, form: last.reduce((s, x) => s + x.points, 0) / Math.max(1, last.length) };
          }),
        );
        const best = form.toSorted((a, b) => b.form - a.form)[0]!;
        expect(race!.odds[best.id]).toBe(Math.min(...Object.values(race!.odds)));
      });
    });

    describe("GET /races/next: decided by the server's clock", () => {
      it("is the current week's round, then moves on as the clock passes each race's end", async () => {
        const races = await allRaces(h);
        const current = races[CURRENT_ROUND_INDEX]!;
        expect((await next(h)).map((r) => r.id)).toEqual([current.id]);
        expect((await next(h, 3)).map((r) => r.round)).toEqual([current.round, current.round + 1, current.round + 2]);

        // During the weekend it is still the next race, now STARTED.
        h.clock.set(new Date(Date.parse(current.sessions[2]!.startsAt) + 60_000));
        expect(await next(h)).toMatchObject([{ id: current.id, status: "STARTED", finished: false }]);

        // Through the dev clock call, as support would: a minute after the race session ends.
        await h.call("POST", "/dev/clock", {
          body: { now: new Date(Date.parse(current.endsAt) + 60_000).toISOString() },
        });
        expect((await next(h)).map((r) => r.round)).toEqual([current.round + 1]);
        expect((await allRaces(h))[CURRENT_ROUND_INDEX]).toMatchObject({ status: "STARTED", finished: true });
      });

      it("is the first round before the season and nothing after it; the list's rule then shows the last", async () => {
        const races = await allRaces(h);
        h.clock.set(new Date(Date.parse(races[0]!.startsAt) - 86_400_000));
        const before = await next(h);
        expect(before.map((r) => r.round)).toEqual([1]);
        expect((await allRaces(h)).every((r) => r.status === "PENDING")).toBe(true);

        h.clock.set(new Date(Date.parse(races.at(-1)!.endsAt) + 1000));
        const after = await next(h, 5);
        expect(after).toEqual([]);
        const list = await allRaces(h);
        expect(currentRaceId(list, { ok: true, races: after })).toBe(list.at(-1)!.id);
        expect(currentRaceId(list, { ok: false })).toBe(list[0]!.id);
        expect(currentRaceId(list, { ok: true, races: before })).toBe(list[0]!.id);
      });

      it("refuses a take out of range", async () => {
        expect((await h.call("GET", "/races/next", { query: { take: 0 } })).status).toBe(400);
      });
    });

    describe("tracks and the race dropdown", () => {
      it("GET /races/tracks lists the 22 circuits by name with their picture", async () => {
        const tracks = await ok(h, z.array(Track.strict()), "/races/tracks");
        expect(tracks).toHaveLength(22);
        expect(tracks.map((t) => t.name)).toEqual(tracks.map((t) => t.name).toSorted());
        expect(tracks.find((t) => t.name === "Sachsenring")).toMatchObject({
          country: "DE",
          lengthKm: 3.671,
          circuitType: "TECHNICAL",
        });
        for (const t of tracks) expect(t.image).toBe(picturePaths.track(t.id));
      });

      it("GET /v2/races/dropdown lists every round lightly, with status", async () => {
        const options = await ok(h, z.array(RaceOption.strict()), "/v2/races/dropdown");
        const races = await allRaces(h);
        expect(options.map((o) => o.id)).toEqual(races.map((r) => r.id));
        expect(options.map((o) => [o.startsAt, o.status, o.finished])).toEqual(
          races.map((r) => [r.startsAt, r.status, r.finished]),
        );
      });
    });

    describe("GET /v2/races/{id}/riders: a race's entry list", () => {
      it("lists the premier class by number with odds; injured riders are listed but not available", async () => {
        const [race] = await next(h);
        const entry = await ok(h, RaceRiders.strict(), `/v2/races/${race!.id}/riders`, { query: { version: 1 } });
        expect(entry).toMatchObject({ raceId: race!.id, version: race!.version });
        expect(entry.riders.every((r) => r.raceClass === "MOTOGP")).toBe(true);
        expect(entry.riders.map((r) => r.number)).toEqual(entry.riders.map((r) => r.number).toSorted((a, b) => a - b));
        const injured = entry.riders.filter((r) => r.status === "INJURED");
        expect(injured.length).toBe(2);
        expect(injured.every((r) => !r.available && r.odds === null)).toBe(true);
        for (const r of entry.riders.filter((x) => x.status === "ACTIVE")) {
          expect(r.available).toBe(true);
          expect(r.odds).toBe(race!.odds[r.id]);
        }
      });

      it("answers another class on request, and 404 for an unknown or malformed race id", async () => {
        const [race] = await next(h);
        const moto2 = await ok(h, RaceRiders, `/v2/races/${race!.id}/riders`, { query: { raceClass: "MOTO2" } });
        expect(moto2.riders.length).toBeGreaterThan(10);
        expect(moto2.riders.every((r) => r.raceClass === "MOTO2")).toBe(true);
        expect((await h.call("GET", `/v2/races/${MISSING}/riders`)).body).toMatchObject({
          statusCode: 404,
          code: "notFound",
        });
        expect((await h.call("GET", "/v2/races/not-a-race/riders")).status).toBe(404);
        expect(
          (await h.call("GET", `/v2/races/${race!.id}/riders`, { query: { raceClass: "SUPERBIKE" } })).status,
        ).toBe(400);
      });
    });

    describe("riders", () => {
      it("GET /riders pages every rider, premier class first and by number", async () => {
        const page = await ok(h, paged(Rider.strict()), "/riders", { query: { take: 10 } });
        expect(page.count).toBeGreaterThanOrEqual(50);
        expect(page.pages).toBe(Math.ceil(page.count / 10));
        expect(page.data).toHaveLength(10);
        expect(page.data.every((r) => r.raceClass === "MOTOGP")).toBe(true);
        const all = await ok(h, paged(Rider), "/riders", { query: { take: 100 } });
        const classes = all.data.map((r) => r.raceClass);
        expect(classes).toEqual(
          [...classes].toSorted(
            (a, b) => ["MOTOGP", "MOTO2", "MOTO3"].indexOf(a) - ["MOTOGP", "MOTO2", "MOTO3"].indexOf(b),
          ),
        );
        for (const r of all.data) {
          expect(r.image).toBe(picturePaths.rider(r.id));
          expect(r.team.image).toBe(picturePaths.team(r.team.id));
          expect(r.team.raceClass).toBe(r.raceClass);
        }
      });

      it("filters by class, team, status and a name or number search", async () => {
        const motoGp = await motoGpRiders(h);
        const someone = motoGp[3]!;
        const byTeam = await ok(h, paged(Rider), "/riders", { query: { teamId: someone.team.id } });
        expect(byTeam.data.every((r) => r.team.id === someone.team.id)).toBe(true);
        expect(byTeam.data.map((r) => r.id)).toContain(someone.id);
        const injured = await ok(h, paged(Rider), "/riders", { query: { status: "INJURED" } });
        expect(injured.count).toBe(2);
        const lastName = someone.name.split(" ").at(-1)!;
        const byName = await ok(h, paged(Rider), "/riders", { query: { search: lastName.toUpperCase() } });
        expect(byName.data.map((r) => r.id)).toContain(someone.id);
        const byNumber = await ok(h, paged(Rider), "/riders", {
          query: { search: String(someone.number), raceClass: "MOTOGP" },
        });
        expect(byNumber.data.map((r) => r.id)).toContain(someone.id);
        // LIKE wildcards are text, not patterns; an unknown team is an empty page, not an error, and text that is
        // no team's id at all a malformed query.
        expect((await ok(h, paged(Rider), "/riders", { query: { search: "%" } })).count).toBe(0);
        expect(
          (await ok(h, paged(Rider), "/riders", { query: { teamId: "00000000-0000-4000-8000-000000000000" } })).count,
        ).toBe(0);
        expect((await h.call("GET", "/riders", { query: { teamId: "nope" } })).status).toBe(400);
        expect((await h.call("GET", "/riders", { query: { raceClass: "GP500" } })).status).toBe(400);
      });

      it("GET /riders/dropdown lists every rider lightly, optionally of one class", async () => {
        const options = await ok(h, z.array(RiderOption.strict()), "/riders/dropdown");
        expect(options.length).toBe((await ok(h, paged(Rider), "/riders", { query: { take: 100 } })).count);
        const moto3 = await ok(h, z.array(RiderOption), "/riders/dropdown", { query: { raceClass: "MOTO3" } });
        expect(moto3.every((o) => o.raceClass === "MOTO3")).toBe(true);
        expect(moto3.map((o) => o.name)).toEqual(moto3.map((o) => o.name).toSorted());
      });

      it("GET /riders/{id} is the rider with their team and seasons; 404 otherwise", async () => {
        const [someone] = await motoGpRiders(h);
        const detail = await ok(h, RiderDetail.strict(), `/riders/${someone!.id}`);
        expect(detail).toMatchObject({ id: someone!.id, name: someone!.name, team: someone!.team });
        expect(detail.seasons[0]).toBe(h.clock.now().getUTCFullYear());
        expect(detail.seasons).toEqual(detail.seasons.toSorted((a, b) => b - a));
        expect((await h.call("GET", `/riders/${MISSING}`)).body).toMatchObject({ statusCode: 404, code: "notFound" });
        expect((await h.call("GET", "/riders/42")).status).toBe(404);
      });
    });

    describe("GET /riders/{id}/performances: one season, picked by the accept-year header", () => {
      const year = new Date().getUTCFullYear();

      it("answers the current season without the header: its finished rounds and totals", async () => {
        const riders = await motoGpRiders(h);
        const veteran = riders.find(
          (r) => r.role === "MAIN" && r.status === "ACTIVE" && r.number !== riders[0]!.number,
        )!;
        const res = await h.call("GET", `/riders/${veteran.id}/performances`);
        expect(res.headers.vary).toContain("accept-year");
        const perf = RiderPerformances.strict().parse(res.body.result);
        expect(perf.year).toBe(year);
        expect(perf.races.map((r) => r.round)).toEqual(Array.from({ length: CURRENT_ROUND_INDEX }, (_, i) => i + 1));
        expect(perf.totals.points).toBe(perf.races.reduce((s, r) => s + r.points, 0));
        expect(perf.totals.starts).toBe(CURRENT_ROUND_INDEX);
        expect(perf.totals.wins).toBe(perf.races.filter((r) => r.position === 1).length);
      });

      it("answers the year of the header; a season without races is empty, not an error", async () => {
        const riders = await motoGpRiders(h);
        const details = await Promise.all(riders.map((r) => ok(h, RiderDetail, `/riders/${r.id}`)));
        const veteran = details.find((d) => d.seasons.includes(year - 2))!;
        const last = await ok(h, RiderPerformances, `/riders/${veteran.id}/performances`, {
          headers: { "accept-year": String(year - 2) },
        });
        expect(last.year).toBe(year - 2);
        expect(last.seasons).toEqual(veteran.seasons);
        expect(last.races.length).toBeGreaterThan(0);
        expect(last.races.every((r) => r.year === year - 2 && r.raceName.length > 0)).toBe(true);
        expect(last.races.every((r) => (r.position === null ? r.points === 0 : r.position >= 1))).toBe(true);

        const rookie = details.find((d) => !d.seasons.includes(year - 1))!;
        const none = await ok(h, RiderPerformances, `/riders/${rookie.id}/performances`, {
          headers: { "accept-year": String(year - 1) },
        });
        expect(none).toMatchObject({
          year: year - 1,
          races: [],
          totals: { starts: 0, points: 0, wins: 0, podiums: 0, bestPosition: null },
        });
      });

      it("refuses a header that is not a year, and 404s an unknown rider", async () => {
        const [someone] = await motoGpRiders(h);
        const bad = await h.call("GET", `/riders/${someone!.id}/performances`, { headers: { "accept-year": "last" } });
        expect(bad.body).toMatchObject({ statusCode: 400, code: "validation" });
        expect(
          (await h.call("GET", `/riders/${someone!.id}/performances`, { headers: { "accept-year": "1800" } })).status,
        ).toBe(400);
        expect((await h.call("GET", `/riders/${MISSING}/performances`)).status).toBe(404);
      });
    });

    describe("teams", () => {
      it("GET riders/teams lists each team with its riders, premier class first; version and class are accepted", async () => {
        const teams = await ok(h, z.array(TeamWithRiders.strict()), "/riders/teams", { query: { version: 1 } });
        expect(teams.length).toBe(27);
        expect(teams[0]!.raceClass).toBe("MOTOGP");
        for (const t of teams) {
          expect(t.riders.length).toBeGreaterThanOrEqual(2);
          expect(t.riders.every((r) => r.raceClass === t.raceClass)).toBe(true);
          expect(t.shortName).toMatch(/^\p{Lu}{2,3}$/u);
          expect(t.image).toBe(picturePaths.team(t.id));
        }
        const moto2 = await ok(h, z.array(TeamWithRiders), "/riders/teams", { query: { raceClass: "MOTO2" } });
        expect(moto2.every((t) => t.raceClass === "MOTO2")).toBe(true);
        expect(moto2).toHaveLength(8);
      });

      it("GET /riders/teams/{id}/pictures is the logo and each rider's picture; 404 for an unknown team", async () => {
        const [team] = await ok(h, z.array(TeamWithRiders), "/riders/teams");
        const pictures = await ok(h, z.array(TeamPicture.strict()), `/riders/teams/${team!.id}/pictures`);
        expect(pictures[0]).toEqual({ kind: "LOGO", url: picturePaths.team(team!.id), alt: team!.name });
        expect(pictures.slice(1).map((p) => p.riderId)).toEqual(team!.riders.map((r) => r.id));
        expect(pictures.slice(1).every((p) => p.kind === "RIDER" && p.alt.includes("#"))).toBe(true);
        expect((await h.call("GET", `/riders/teams/${MISSING}/pictures`)).status).toBe(404);
        expect((await h.call("GET", "/riders/teams/x/pictures")).status).toBe(404);
      });
    });
  },
  { seed: true },
);
