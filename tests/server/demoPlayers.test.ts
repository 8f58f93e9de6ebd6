// POST /dev/demo-players (server/modules/dev/demoPlayers.ts): confirmed demo players, each with every still-open
// pick of the race saved at the server's now, within the rules (open sessions, no rider twice on a podium,
// available riders), favourites picked more often; calling again adds more. PGlite and PostgreSQL.
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { DemoPlayers } from "../../contract/dev";
import type { PredictionCategory } from "../../contract/enums";
import { PredictionCategory as Categories } from "../../contract/enums";
import { Leaderboard, SettlementReport } from "../../contract/results";
import { RaceRiders } from "../../contract/races";
import { diamondBalances, predictions, riders, users } from "../../server/db/schema";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { at, MINUTE, raceFixture, SECOND, type RaceFixture } from "./predictionsFixture";

const podiumGroups: PredictionCategory[][] = [
  ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"],
  ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"],
];

onEachBackend(
  "dev demo players",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    beforeEach(async () => {
      await h.database.db.execute(sql`TRUNCATE session_results`);
    });

    const add = (count: number, raceId = race.id) => h.call("POST", "/dev/demo-players", { body: { raceId, count } });
    const added = async (count: number) => {
      const res = await add(count);
      expect(res.status).toBe(200);
      return DemoPlayers.parse(res.body.result);
    };
    const picksOf = async (ids: string[]) =>
      h.database.db.select().from(predictions).where(inArray(predictions.userId, ids));

    it("creates confirmed players without a password, each with all 11 picks saved now and the completion reward", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const out = await added(5);
      expect(out.players).toHaveLength(5);
      expect(out.categories).toEqual(Categories.options);
      expect(out.picks).toBe(55);

      const ids = out.players.map((p) => p.id);
      const rows = await h.database.db.select().from(users).where(inArray(users.id, ids));
      for (const u of rows) {
        expect(u.emailConfirmedAt).not.toBeNull();
        expect(u.passwordHash).toBeNull();
        expect(u.name.length).toBeGreaterThanOrEqual(3);
        expect(u.country).toMatch(/^[A-Z]{2}$/);
      }
      // Listed among the players like anyone confirmed.
      const listed = await h.call("GET", "/users", { query: { take: 100 } });
      expect(listed.body.result.data.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(ids));

      const picks = await picksOf(ids);
      expect(picks).toHaveLength(55);
      const now = h.clock.now().getTime();
      for (const p of picks) expect(Math.abs(p.savedAt.getTime() - now)).toBeLessThan(10 * SECOND);
      const riderRows = await h.database.db
        .select()
        .from(riders)
        .where(inArray(riders.id, [...new Set(picks.map((p) => p.riderId))]));
      for (const r of riderRows)
        expect({ raceClass: r.raceClass, status: r.status }).toEqual({ raceClass: "MOTOGP", status: "ACTIVE" });
      for (const id of ids) {
        const mine = picks.filter((p) => p.userId === id);
        expect(mine.map((p) => p.category).toSorted()).toEqual([...Categories.options].toSorted());
        for (const group of podiumGroups) {
          const podium = group.map((c) => mine.find((p) => p.category === c)!.riderId);
          expect(new Set(podium).size).toBe(3);
        }
      }
      // 100 sign-up diamonds and 20 for completing the weekend.
      const balances = await h.database.db.select().from(diamondBalances).where(inArray(diamondBalances.userId, ids));
      expect(balances.map((b) => b.balance)).toEqual([120, 120, 120, 120, 120]);
    });

    it("picks only the categories whose session has not started, without the completion reward", async () => {
      // FP2 is running: FP1, practice fastest and FP2 are closed, qualifying and later are open.
      at(h, race.sessions.FP2.start + MINUTE);
      const out = await added(3);
      expect(out.categories).toEqual([
        "POLEMAN",
        "SPRINT_FIRST",
        "SPRINT_SECOND",
        "SPRINT_THIRD",
        "RACE_FIRST",
        "RACE_SECOND",
        "RACE_THIRD",
        "POSITION_GAINED",
      ]);
      const picks = await picksOf(out.players.map((p) => p.id));
      expect(picks).toHaveLength(24);
      expect(picks.some((p) => ["FP1", "PRACTICE_FASTEST", "FP2"].includes(p.category))).toBe(false);
      const [balance] = await h.database.db
        .select()
        .from(diamondBalances)
        .where(eq(diamondBalances.userId, out.players[0]!.id));
      expect(balance!.balance).toBe(100);
    });

    it("refuses once the race has started, an unknown race, and a count outside 1..200", async () => {
      at(h, race.sessions.START.start);
      const late = await add(2);
      expect(late.status).toBe(418);
      expect(late.body.code).toBe("raceStarted");
      at(h, race.sessions.FP1.start - MINUTE);
      expect((await add(2, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
      expect((await add(0)).status).toBe(400);
      expect((await add(201)).status).toBe(400);
      expect(
        (await h.call("POST", "/dev/demo-players", { body: { raceId: race.id, count: 1, extra: true } })).status,
      ).toBe(400);
    });

    it("is not served in production", async () => {
      const app = await h.buildApp({ production: true });
      expect((await h.call("POST", "/dev/demo-players", { body: { raceId: race.id, count: 1 } }, app)).status).toBe(
        404,
      );
    });

    it("adds more players on every call, all names distinct, favourites picked more often", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const first = await added(200);
      const second = await added(200);
      const all = [...first.players, ...second.players];
      expect(new Set(all.map((p) => p.id)).size).toBe(400);
      expect(new Set(all.map((p) => p.name.toLowerCase())).size).toBe(400);
      const [{ n }] = (await h.database.db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
      expect(n).toBe(400);

      const field = RaceRiders.parse((await h.call("GET", `/v2/races/${race.id}/riders`)).body.result).riders.filter(
        (r) => r.available && r.odds !== null,
      );
      const byOdds = field.toSorted((a, b) => a.odds! - b.odds!);
      const favourite = byOdds[0]!.id;
      const longShots = new Set(byOdds.slice(-5).map((r) => r.id));
      const winners = (await picksOf(all.map((p) => p.id))).filter((p) => p.category === "RACE_FIRST");
      const forFavourite = winners.filter((p) => p.riderId === favourite).length;
      const forLongShots = winners.filter((p) => longShots.has(p.riderId)).length;
      expect(forFavourite).toBeGreaterThan(forLongShots);
      expect(forFavourite).toBeGreaterThan(400 / field.length);
    });

    it("plays like real players: results settle their picks and rank them on the season board", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const out = await added(10);
      at(h, race.sessions.FP1.end + SECOND);
      const res = await h.call("POST", `/admin/races/${race.id}/results`, {
        body: { session: "FP1", riderIds: race.active.slice(0, 5) },
        headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
      });
      expect(res.status).toBe(200);
      expect(SettlementReport.parse(res.body.result)).toMatchObject({ settled: 10, players: 10 });
      const board = Leaderboard.parse(
        (await h.call("GET", "/leaderboards/season", { query: { take: 100 } })).body.result,
      );
      expect(board.count).toBe(10);
      expect(board.data.map((e) => e.user.id).toSorted()).toEqual(out.players.map((p) => p.id).toSorted());
    });
  },
  { seed: true },
);
