// The season file (game-rules.md "The season is the operator's data"): export then import changes nothing; a changed
// file applies exactly its dry run's diff, refunds by the rules and loses no pick; a bad file changes nothing and
// names its pointer; an operator's picture is stored and served.
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import type { SeasonFile, SeasonImportReport } from "../../contract/season";
import { auditLog, bets, predictions, races, raceSessions, riders } from "../../server/db/schema";
import { signUpConfirmed } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import { allPicks, balance, MINUTE, save, setDiamonds, tokenOf, upgrade, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };

/** A multipart form with one `img` file, as the operators' admin token sends it. */
const form = (bytes: Buffer, type = "image/png") => {
  const boundary = "----season-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="img"; filename="p.png"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { ...admin, "content-type": `multipart/form-data; boundary=${boundary}` } };
};

async function roundFixture(h: Harness, round: number): Promise<RaceFixture> {
  const db = h.database.db;
  const [race] = await db
    .select()
    .from(races)
    .where(and(eq(races.round, round), sql`${races.removedAt} IS NULL`));
  const rows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, race!.id));
  const sessions = Object.fromEntries(
    rows.map((s) => [s.type, { start: s.startsAt.getTime(), end: s.endsAt.getTime() }]),
  ) as RaceFixture["sessions"];
  const active = (
    await db
      .select()
      .from(riders)
      .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "ACTIVE")))
      .orderBy(asc(riders.number))
  ).map((r) => r.id);
  return { id: race!.id, version: race!.version, sessions, active, injured: "", otherClass: "" };
}

onEachBackend(
  "season file",
  (h) => {
    const exportFile = async (): Promise<SeasonFile> => {
      const res = await h.call("GET", "/admin/season/export", { headers: admin });
      expect(res.status).toBe(200);
      return res.body.result;
    };
    const importFile = (file: unknown, dryRun = false) =>
      h.call<{ result: SeasonImportReport; code?: string; fields: Record<string, unknown> }>(
        "POST",
        "/admin/season/import",
        { body: file, headers: admin, query: dryRun ? { dryRun: "true" } : {} },
      );

    it("export then import changes nothing, and writes no audit line", async () => {
      const file = await exportFile();
      expect(file.calendar).toHaveLength(22);
      expect(file.circuits[0]).toMatchObject({ key: "buriram", timeZone: "Asia/Bangkok" });
      const lines = (await h.database.db.select().from(auditLog)).length;
      for (const dryRun of [true, false]) {
        const res = await importFile(file, dryRun);
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ dryRun, unchanged: true, effects: [], refunded: 0 });
      }
      expect(await h.database.db.select().from(auditLog)).toHaveLength(lines);
      expect(await exportFile()).toEqual(file);
    });

    it("refuses the operators' calls to anyone else", async () => {
      expect((await h.call("GET", "/admin/season/export")).status).toBe(401);
      expect((await h.call("POST", "/admin/season/import", { body: {} })).status).toBe(401);
    });

    it("refuses a bad file, naming each issue's JSON pointer, and changes nothing", async () => {
      const before = await exportFile();
      const bad = structuredClone(before) as SeasonFile;
      bad.calendar[3]!.sessions[0]!.startsAt = "next Friday";
      bad.riders[1]!.team = "no such team";
      bad.circuits[2]!.timeZone = "Mars/Olympus";
      const res = await importFile(bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("seasonInvalid");
      expect(Object.keys(res.body.fields)).toEqual(
        expect.arrayContaining(["/calendar/3/sessions/0/startsAt", "/circuits/2/timeZone"]),
      );
      // The references are checked once the shape holds.
      const unknownTeam = structuredClone(before) as SeasonFile;
      unknownTeam.riders[1]!.team = "no such team";
      const second = await importFile(unknownTeam, true);
      expect(second.status).toBe(400);
      expect(Object.keys(second.body.fields)).toEqual(["/riders/1/team"]);
      // A session that has started cannot move.
      const past = structuredClone(before) as SeasonFile;
      past.calendar[0]!.sessions[0]!.startsAt = new Date(
        Date.parse(past.calendar[0]!.sessions[0]!.startsAt) - 60 * MINUTE,
      ).toISOString();
      const third = await importFile(past);
      expect(third.status).toBe(400);
      expect(Object.keys(third.body.fields)).toEqual(["/calendar/0/sessions/0/startsAt"]);
      expect(await exportFile()).toEqual(before);
    });

    it("applies exactly the dry run's diff: a moved session, a renamed and a new rider, a removed rider and race; refunds, no pick lost", async () => {
      const round13 = await roundFixture(h, 13);
      const round14 = await roundFixture(h, 14);
      const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      // a: every pick of round 13 and a multiplier on the FP1 pick (rider active[0], whom the file removes).
      h.clock.set(new Date(round13.sessions.FP1.start - 10 * MINUTE));
      expect((await save(h, a, round13, allPicks(round13))).status).toBe(200);
      await setDiamonds(h, a.id, 200);
      expect((await upgrade(h, a, round13, "PREDICTION", "FP1")).status).toBe(200);
      // b: every pick of round 14, a paid multiplier and a bet on it: the file removes round 14.
      h.clock.set(new Date(round14.sessions.FP1.start - 10 * MINUTE));
      expect((await save(h, b, round14, allPicks(round14))).status).toBe(200);
      await setDiamonds(h, b.id, 300);
      expect((await upgrade(h, b, round14, "PREDICTION", "POLEMAN")).status).toBe(200);
      const placed = await h.call("POST", `/bets/circuits/${round14.id}`, {
        token: await tokenOf(h, b),
        body: { riderId: round14.active[3], type: "WIN", amount: 30 },
      });
      expect(placed.status).toBe(200);
      h.clock.reset();
      const balances = { a: await balance(h, a), b: await balance(h, b) };
      const picksBefore = (await h.database.db.select().from(predictions)).length;

      const file = await exportFile();
      const next = structuredClone(file) as SeasonFile;
      const fp1 = next.calendar[14]!.sessions[0]!;
      fp1.startsAt = new Date(Date.parse(fp1.startsAt) + 60 * MINUTE).toISOString();
      fp1.endsAt = new Date(Date.parse(fp1.endsAt) + 60 * MINUTE).toISOString();
      const renamed = next.riders.find((r) => r.class === "MOTO2")!;
      renamed.name = "Renamed Rider";
      next.riders.push({
        key: "MOTO3:rookie",
        class: "MOTO3",
        number: 1,
        name: "New Rookie",
        country: "IT",
        team: next.teams.find((t) => t.class === "MOTO3")!.key,
        role: "WILDCARD",
      });
      const [firstActive] = await h.database.db.select().from(riders).where(eq(riders.id, round13.active[0]!));
      next.riders = next.riders.filter((r) => r.key !== firstActive!.key);
      next.calendar = next.calendar.filter((r) => r.round !== 14);

      const dry = await importFile(next, true);
      expect(dry.status).toBe(200);
      const report = dry.body.result;
      expect(report.dryRun).toBe(true);
      expect(report.diff.sessions.moved).toEqual([
        expect.objectContaining({
          race: file.calendar[14]!.key,
          type: "FP1",
          to: { startsAt: fp1.startsAt, endsAt: fp1.endsAt },
        }),
      ]);
      expect(report.diff.riders.changed).toEqual([
        expect.objectContaining({
          key: renamed.key,
          changes: [{ field: "name", from: file.riders.find((r) => r.key === renamed.key)!.name, to: "Renamed Rider" }],
        }),
      ]);
      expect(report.diff.riders.added.map((r) => r.key)).toEqual(["MOTO3:rookie"]);
      expect(report.diff.riders.removed.map((r) => r.key)).toEqual([firstActive!.key]);
      expect(report.diff.races.removed.map((r) => r.key)).toEqual([file.calendar[13]!.key]);
      expect(report.diff.sessions.removed).toHaveLength(7);
      const canceled = report.effects.find((e) => e.kind === "RACE_CANCELED")!;
      expect(canceled).toMatchObject({ picks: 11, bets: 1, players: 1 });
      expect(canceled.refunded).toBeGreaterThanOrEqual(30);
      const out = report.effects.find((e) => e.kind === "RIDER_REMOVED")!;
      expect(out).toMatchObject({ picks: 1, players: 1 });
      expect(out.refunded).toBeGreaterThan(0);
      // The dry run changed nothing.
      expect(await exportFile()).toEqual(file);
      expect({ a: await balance(h, a), b: await balance(h, b) }).toEqual(balances);

      const real = await importFile(next);
      expect(real.status).toBe(200);
      expect({ ...real.body.result, dryRun: true }).toEqual(report);
      expect(await balance(h, a)).toBe(balances.a + out.refunded);
      expect(await balance(h, b)).toBe(balances.b + canceled.refunded);
      // No pick is deleted: round 14's are void, round 13's FP1 pick is invalid and stays.
      expect((await h.database.db.select().from(predictions)).length).toBe(picksBefore);
      const [race14] = await h.database.db.select().from(races).where(eq(races.id, round14.id));
      expect(race14!.canceledAt).not.toBeNull();
      expect((await h.database.db.select().from(bets).where(eq(bets.raceId, round14.id)))[0]!.status).toBe("REFUNDED");
      const [gone] = await h.database.db.select().from(riders).where(eq(riders.id, round13.active[0]!));
      expect(gone).toMatchObject({ status: "INJURED" });
      expect(gone!.removedAt).not.toBeNull();
      const [line] = await h.database.db.select().from(auditLog).where(eq(auditLog.action, "SEASON_IMPORT"));
      expect(line).toMatchObject({ channel: "cli", target: `season ${file.season}` });

      // The game now holds the file: its export is the file, and importing it again changes nothing.
      const again = await exportFile();
      expect(again.calendar.map((r) => r.key)).toEqual(next.calendar.map((r) => r.key));
      expect(again.riders.toSorted((x, y) => x.key.localeCompare(y.key))).toEqual(
        next.riders.toSorted((x, y) => x.key.localeCompare(y.key)),
      );
      expect((await importFile(again)).body.result.unchanged).toBe(true);
      // A removed round's key cannot come back.
      const back = structuredClone(again) as SeasonFile;
      back.calendar.push(file.calendar[13]!);
      back.circuits.push(file.circuits.find((c) => c.key === file.calendar[13]!.circuit)!);
      const refused = await importFile(back, true);
      expect(refused.status).toBe(400);
      expect(Object.keys(refused.body.fields)).toEqual([`/calendar/${back.calendar.length - 1}/key`]);
    });

    describe("pictures", () => {
      it("stores an operator's rider and team picture, serves it, and the export keeps it", async () => {
        const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#c8102e" } })
          .png()
          .toBuffer();
        const [rider] = await h.database.db
          .select()
          .from(riders)
          .where(sql`${riders.removedAt} IS NULL`)
          .limit(1);
        for (const path of [`/admin/riders/${rider!.id}/picture`, `/admin/teams/${rider!.teamId}/picture`]) {
          const res = await h.app.inject({ method: "POST", url: `/api${path}`, ...form(png) });
          expect(res.statusCode).toBe(200);
          const { url } = JSON.parse(res.body).result as { url: string };
          const served = await h.app.inject({ method: "GET", url });
          expect(served.statusCode).toBe(200);
          expect(served.headers["content-type"]).toMatch(/^image\/png/);
        }
        const [after] = await h.database.db.select().from(riders).where(eq(riders.id, rider!.id));
        expect(after!.image).toMatch(/^\/api\/s3\//);
        const file = await exportFile();
        expect(file.riders.find((r) => r.key === (after!.key ?? after!.id))!.picture).toBe(after!.image);
        expect((await importFile(file)).body.result.unchanged).toBe(true);
        expect(await h.database.db.select().from(auditLog).where(eq(auditLog.action, "PICTURE_UPLOAD"))).toHaveLength(
          2,
        );
      });

      it("refuses what is not an image and an unknown rider", async () => {
        const [rider] = await h.database.db.select().from(riders).limit(1);
        expect(
          (
            await h.app.inject({
              method: "POST",
              url: `/api/admin/riders/${rider!.id}/picture`,
              ...form(Buffer.from("not a picture")),
            })
          ).statusCode,
        ).toBe(400);
        const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#000000" } })
          .png()
          .toBuffer();
        expect(
          (
            await h.app.inject({
              method: "POST",
              url: "/api/admin/riders/00000000-0000-4000-8000-000000000000/picture",
              ...form(png),
            })
          ).statusCode,
        ).toBe(404);
      });
    });
  },
  { seed: true },
);
