// game-rules.md "Points" and "Injured riders" through the API: the operator's results entry settles every
// pick once (accuracy, multipliers, insurance, canceled sessions with refunds), the race and season boards
// rank with the tie-break, and an injury refunds and frees the picks it invalidates. PGlite and PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import type { PredictionCategory } from "../../contract/enums";
import { Leaderboard, RaceResults, SettlementReport } from "../../contract/results";
import { categoryPoints, changeTiers, upgradePrices } from "../../contract/rules";
import { predictions, races, riders, users } from "../../server/db/schema";
import type { LedgerTx } from "../../server/modules/diamonds/ledger";
import { refreshScores } from "../../server/modules/results/scores";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import {
  allPicks,
  at,
  balance,
  change,
  MINUTE,
  pickOf,
  raceFixture,
  save,
  SECOND,
  setDiamonds,
  tokenOf,
  upgrade,
  view,
  type RaceFixture,
} from "./predictionsFixture";

onEachBackend(
  "results and settlement",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    // Results, cancellations and injuries outlive the per-test TRUNCATE of users: undo them.
    beforeEach(async () => {
      await h.database.db.execute(sql`TRUNCATE session_results, weekend_confirmations CASCADE`);
      // The round's rider results a race classification wrote (the seed has none for this round).
      await h.database.db.execute(
        sql`DELETE FROM rider_performances rp USING races r WHERE r.id = ${race.id} AND rp.season = r.season AND rp.round = r.round`,
      );
      await h.database.db.execute(sql`UPDATE race_sessions SET canceled = false`);
      await h.database.db.update(riders).set({ status: "ACTIVE" }).where(eq(riders.id, race.active[0]!));
    });

    const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
    const enter = (body: unknown, headers: Record<string, string> = admin) =>
      h.call("POST", `/admin/races/${race.id}/results`, { body, headers });
    const r = (i: number) => race.active[i]!;
    const injure = (rider: string) =>
      h.call("POST", `/admin/riders/${rider}/injury`, { body: { raceId: race.id }, headers: admin });
    const injuryNotices = async (p: Player) =>
      (
        (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result as { type: string }[]
      ).filter((n) => n.type.startsWith("INJURED_RIDER"));
    const afterEnd = (session: keyof RaceFixture["sessions"]) => at(h, race.sessions[session].end + SECOND);
    const statsOf = async (p: Player) => (await h.database.db.select().from(users).where(eq(users.id, p.id)))[0]!;
    const pickRows = async (p: Player) =>
      Object.fromEntries(
        (await h.database.db.select().from(predictions).where(eq(predictions.userId, p.id))).map((row) => [
          row.category,
          row,
        ]),
      );
    /** A player with all 11 picks saved `before` FP1 (a minute by default). */
    const predictor = async (name?: string, before = MINUTE) => {
      const p = await signUpConfirmed(h, name);
      at(h, race.sessions.FP1.start - before);
      expect((await save(h, p, race, allPicks(race))).status).toBe(200);
      return p;
    };
    /** The pole multiplied, the sprint podium insured, the race podium multiplied and insured. */
    const upgradeAll = async (p: Player) => {
      await setDiamonds(h, p.id, 200);
      at(h, race.sessions.FP1.start - MINUTE);
      expect((await upgrade(h, p, race, "PREDICTION", "POLEMAN")).status).toBe(200);
      expect((await upgrade(h, p, race, "PREDICTION_INSURANCE_SPRINT")).status).toBe(200);
      expect((await upgrade(h, p, race, "PREDICTION_RACE")).status).toBe(200);
      expect((await upgrade(h, p, race, "PREDICTION_INSURANCE_RACE")).status).toBe(200);
    };
    const enterPoleAndPodiums = async () => {
      afterEnd("START");
      await enter({ session: "Q2", riderIds: [r(3)] });
      // Sprint picks 4, 5, 6 finish 6, 4, 5: all in the top three, none in place.
      await enter({ session: "SPRINT", riderIds: [r(6), r(4), r(5)] });
      // Race picks 7, 8, 9 finish 7, 9, 12: first exact, third second, second out.
      await enter({ session: "START", riderIds: [r(7), r(9), r(12)] });
    };
    const resultNotes = async (p: Player) =>
      (
        (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result as {
          type: string;
          value: Record<string, unknown>;
        }[]
      )
        .filter((n) => n.type === "RESULTS_PUBLISHED")
        .map((n) => n.value);
    const noteOf = async (p: Player, session: string) => (await resultNotes(p)).filter((v) => v.name === session);
    const performances = async (riderId: string) => {
      const res = await h.call("GET", `/riders/${riderId}/performances`);
      expect(res.status).toBe(200);
      return res.body.result as {
        year: number;
        totals: { starts: number; points: number; wins: number };
        races: { round: number; position: number | null; points: number }[];
      };
    };
    const board = async (path: string, p?: Player, query: Record<string, number> = {}) => {
      const res = await h.call("GET", path, { query, ...(p ? { token: await tokenOf(h, p) } : {}) });
      expect(res.status).toBe(200);
      return Leaderboard.parse(res.body.result);
    };

    describe("results are entered by operators only", () => {
      it("refuses a missing or wrong admin token, and a player's token", async () => {
        const p = await predictor();
        afterEnd("FP1");
        const body = { session: "FP1", riderIds: [r(0)] };
        expect((await enter(body, {})).status).toBe(401);
        expect((await enter(body, { [ADMIN_TOKEN_HEADER]: `${ADMIN_TOKEN}x` })).status).toBe(401);
        // A player's own session is no operator's (server/http/operatorGuard.ts).
        expect(
          (await h.call("POST", `/admin/races/${race.id}/results`, { body, token: await tokenOf(h, p) })).status,
        ).toBe(403);
        expect((await pickRows(p)).FP1!.settledAt).toBeNull();
      });

      it("take no admin token in production without ADMIN_TOKEN (an operator's session still opens them)", async () => {
        const app = await h.buildApp({ production: true, adminToken: undefined });
        expect(
          (
            await h.call(
              "POST",
              `/admin/races/${race.id}/results`,
              { body: { session: "FP1", riderIds: [r(0)] }, headers: admin },
              app,
            )
          ).status,
        ).toBe(401);
      });
    });

    describe("a classification is entered once the session has ended", () => {
      it("answers 409 one second before the end and settles one second after", async () => {
        await predictor();
        at(h, race.sessions.FP1.end - SECOND);
        const early = await enter({ session: "FP1", riderIds: [r(0)] });
        expect(early.status).toBe(409);
        expect(early.body.code).toBe("sessionNotEnded");
        afterEnd("FP1");
        const ok = await enter({ session: "FP1", riderIds: [r(0)] });
        expect(ok.status).toBe(200);
        expect(SettlementReport.parse(ok.body.result)).toMatchObject({ settled: 1, players: 1, replayed: false });
      });

      it("refuses a rider named twice, an unknown rider or one of another class, and changes nothing", async () => {
        const p = await predictor();
        afterEnd("FP1");
        for (const riderIds of [[r(0), r(0)], [race.otherClass], ["00000000-0000-4000-8000-000000000000"]]) {
          const res = await enter({ session: "FP1", riderIds });
          expect(res.status).toBe(400);
          expect(res.body.code).toBe("classificationInvalid");
        }
        expect((await enter({ session: "Q1", riderIds: [r(0)] })).status).toBe(400);
        expect((await pickRows(p)).FP1!.settledAt).toBeNull();
      });

      it("404s an unknown race", async () => {
        expect(
          (
            await h.call("POST", "/admin/races/00000000-0000-4000-8000-000000000000/results", {
              body: { session: "FP1", riderIds: [r(0)] },
              headers: admin,
            })
          ).status,
        ).toBe(404);
      });
    });

    describe("settlement scores every pick exactly once", () => {
      it("entering the same classification again changes nothing; a different one is refused", async () => {
        const p = await predictor();
        afterEnd("FP1");
        expect((await enter({ session: "FP1", riderIds: [r(0), r(1)] })).status).toBe(200);
        const before = await pickRows(p);
        const again = await enter({ session: "FP1", riderIds: [r(0), r(1)] });
        expect(again.status).toBe(200);
        expect(again.body.result).toMatchObject({ settled: 0, replayed: true });
        const other = await enter({ session: "FP1", riderIds: [r(1), r(0)] });
        expect(other.status).toBe(409);
        expect(other.body.code).toBe("resultsSettled");
        expect(await pickRows(p)).toEqual(before);
        const [u] = await h.database.db.select().from(users).where(eq(users.id, p.id));
        expect(u!.points).toBe(categoryPoints.FP1);
      });

      it("an entry scores only the categories it decides", async () => {
        const p = await predictor();
        afterEnd("FP1");
        await enter({ session: "FP1", riderIds: [r(0)] });
        const rows = await pickRows(p);
        expect(rows.FP1).toMatchObject({ state: "ACCURATE", points: categoryPoints.FP1 });
        expect(rows.FP2).toMatchObject({ state: "MADE", points: null, settledAt: null });
      });
    });

    describe("points: exact place, multipliers and insurance", () => {
      it("scores ACCURATE and INACCURATE picks with the category's points", async () => {
        const p = await predictor();
        afterEnd("FP2");
        await enter({ session: "FP1", riderIds: [r(0)] });
        await enter({ session: "PF", riderIds: [r(5), r(1)] });
        await enter({ session: "FP2", riderIds: [r(2)] });
        const rows = await pickRows(p);
        expect(rows.FP1).toMatchObject({ state: "ACCURATE", points: 5 });
        expect(rows.PRACTICE_FASTEST).toMatchObject({ state: "INACCURATE", points: 0 });
        expect(rows.FP2).toMatchObject({ state: "ACCURATE", points: 5 });
        const results = await h.call("GET", `/predictions/races/${race.id}/results`, { token: await tokenOf(h, p) });
        expect(results.body.result).toMatchObject({ total: 10, settled: false });
      });

      it("doubles a multiplied pick and pays half of an insured podium pick in the top three elsewhere", async () => {
        const p = await predictor();
        await upgradeAll(p);
        await enterPoleAndPodiums();
        const rows = await pickRows(p);
        expect(rows.POLEMAN).toMatchObject({ state: "ACCURATE", points: categoryPoints.POLEMAN * 2 });
        expect(rows.SPRINT_FIRST).toMatchObject({ state: "INSURANCE", points: 7.5 });
        expect(rows.SPRINT_SECOND).toMatchObject({ state: "INSURANCE", points: 5 });
        expect(rows.SPRINT_THIRD).toMatchObject({ state: "INSURANCE", points: 2.5 });
        expect(rows.RACE_FIRST).toMatchObject({ state: "ACCURATE", points: 50 });
        expect(rows.RACE_SECOND).toMatchObject({ state: "INACCURATE", points: 0 });
        expect(rows.RACE_THIRD).toMatchObject({ state: "INSURANCE", points: 10 });
        const [u] = await h.database.db.select().from(users).where(eq(users.id, p.id));
        expect(u).toMatchObject({ points: 20 + 15 + 50 + 10, poles: 1 });
      });

      it("scores two players' same picks each by their own upgrades", async () => {
        // Settlement scores each kind of pick (category, rider, upgrades) once: the same riders with and without upgrades are two kinds.
        const plain = await predictor("plain");
        const upgraded = await predictor("upgraded");
        await upgradeAll(upgraded);
        await enterPoleAndPodiums();
        const [mine, theirs] = [await pickRows(upgraded), await pickRows(plain)];
        // category: the upgraded player's pick, the plain player's same pick.
        const expected: [PredictionCategory, object, object][] = [
          [
            "POLEMAN",
            { state: "ACCURATE", points: categoryPoints.POLEMAN * 2 },
            { state: "ACCURATE", points: categoryPoints.POLEMAN },
          ],
          ["SPRINT_FIRST", { state: "INSURANCE", points: 7.5 }, { state: "INACCURATE", points: 0 }],
          ["RACE_FIRST", { state: "ACCURATE", points: 50 }, { state: "ACCURATE", points: 25 }],
          ["RACE_THIRD", { state: "INSURANCE", points: 10 }, { state: "INACCURATE", points: 0 }],
        ];
        for (const [category, upgradedPick, plainPick] of expected) {
          expect(mine[category]).toMatchObject(upgradedPick);
          expect(theirs[category]).toMatchObject(plainPick);
        }
        expect(await statsOf(plain)).toMatchObject({ points: categoryPoints.POLEMAN + categoryPoints.RACE_FIRST });
      });
    });

    describe("a canceled session scores nothing and refunds what was spent on its picks", () => {
      it("voids the sprint podium and refunds its paid change and podium upgrades, once", async () => {
        const p = await predictor();
        const start = await balance(h, p);
        at(h, race.sessions.FP1.start - MINUTE);
        expect((await upgrade(h, p, race, "PREDICTION_SPRINT")).status).toBe(200);
        expect((await upgrade(h, p, race, "PREDICTION", "FP1")).status).toBe(200);
        expect(
          (
            await change(h, p, race, [{ category: "SPRINT_FIRST", riderId: r(12) }], {
              tier: "BEFORE",
              cost: changeTiers.BEFORE.cost,
            })
          ).status,
        ).toBe(200);
        const spent = upgradePrices.PODIUM + upgradePrices.PREDICTION + changeTiers.BEFORE.cost;
        expect(await balance(h, p)).toBe(start - spent);
        const res = await enter({ session: "SPRINT", canceled: true });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({
          canceled: true,
          settled: 3,
          refunded: upgradePrices.PODIUM + changeTiers.BEFORE.cost,
        });
        // FP1's multiplier is not the sprint's: it stays spent.
        expect(await balance(h, p)).toBe(start - upgradePrices.PREDICTION);
        const rows = await pickRows(p);
        for (const c of ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"] as PredictionCategory[])
          expect(rows[c]).toMatchObject({ state: "CANCELED", points: 0 });
        expect((await enter({ session: "SPRINT", canceled: true })).body.result).toMatchObject({
          replayed: true,
          refunded: 0,
        });
        expect(await balance(h, p)).toBe(start - upgradePrices.PREDICTION);
        const v = await view(h, p, race);
        expect(v.body.result.slots.find((s: { category: string }) => s.category === "SPRINT_FIRST").change).toBeNull();
      });

      it("canceling the race voids positions gained with it", async () => {
        const p = await predictor();
        expect((await enter({ session: "START", canceled: true })).body.result).toMatchObject({ settled: 4 });
        expect((await pickRows(p)).POSITION_GAINED).toMatchObject({ state: "CANCELED" });
        expect((await enter({ session: "POSITION_GAINED", riderIds: [r(10)] })).status).toBe(409);
      });
    });

    describe("boards rank with the tie-break and pin the caller's row", () => {
      it("orders equal points by exact race podium picks, then by earlier submission", async () => {
        const a = await predictor("Alpha", 3 * MINUTE);
        const b = await predictor("Bravo", 2 * MINUTE);
        const c = await signUpConfirmed(h, "Charlie");
        at(h, race.sessions.FP1.start - MINUTE);
        // Charlie differs on FP1 and the race winner.
        const picks = allPicks(race).map((pk) =>
          pk.category === "RACE_FIRST"
            ? { ...pk, riderId: r(14) }
            : pk.category === "FP1"
              ? { ...pk, riderId: r(13) }
              : pk,
        );
        expect((await save(h, c, race, picks)).status).toBe(200);
        afterEnd("START");
        await enter({ session: "FP1", riderIds: [r(0)] });
        await enter({ session: "START", riderIds: [r(14), r(8), r(9)] });
        // Alpha and Bravo: FP1 5 + RACE_SECOND 15 + RACE_THIRD 10 = 30; Charlie: RACE_FIRST 25 + 15 + 10 = 50.
        const raceBoard = await board(`/leaderboards/races/${race.id}`, b);
        expect(raceBoard.data.map((e) => [e.user.name, e.points])).toEqual([
          ["Charlie", 50],
          ["Alpha", 30],
          ["Bravo", 30],
        ]);
        expect(raceBoard.me).toMatchObject({ rank: 3, user: { name: "Bravo" } });
        const season = await board("/leaderboards/season", a, { take: 1, page: 2 });
        expect(season).toMatchObject({ page: 2, pages: 3, count: 3 });
        expect(season.data.map((e) => e.user.name)).toEqual(["Alpha"]);
        expect(season.me).toMatchObject({ rank: 2, points: 30, races: 1 });
        const [charlie] = await h.database.db.select().from(users).where(eq(users.id, c.id));
        expect(charlie).toMatchObject({ points: 50, wins: 1, podiums: 1 });
        const [bravo] = await h.database.db.select().from(users).where(eq(users.id, b.id));
        expect(bravo).toMatchObject({ points: 30, wins: 0, podiums: 1, average: 30 });
      });

      it("keeps the season statistics with every entry: points at once, wins and podiums once the race is classified", async () => {
        const a = await predictor("Alpha");
        afterEnd("START");
        await enter({ session: "FP1", riderIds: [r(0)] });
        // Alone on the board, but the weekend is not finished: FP1's 5 points count, no win or podium yet.
        expect(await statsOf(a)).toMatchObject({ points: 5, average: 5, wins: 0, podiums: 0 });
        await enter({ session: "START", riderIds: [r(7), r(8), r(9)] });
        // RACE_FIRST 25 + RACE_SECOND 15 + RACE_THIRD 10 on top of FP1's 5.
        expect(await statsOf(a)).toMatchObject({ points: 55, average: 55, wins: 1, podiums: 1 });
      });

      it("moves podiums to whoever a later entry lifts onto a finished board, off the player it pushes down", async () => {
        /** `race` picks (first, second, third) and a positions-gained pick on top of allPicks. */
        const player = async (name: string, podium: [number, number, number], gained: number) => {
          const p = await signUpConfirmed(h, name);
          at(h, race.sessions.FP1.start - MINUTE);
          const [first, second, third] = podium.map(r);
          const picks = allPicks(race).map((pk) =>
            pk.category === "RACE_FIRST"
              ? { ...pk, riderId: first! }
              : pk.category === "RACE_SECOND"
                ? { ...pk, riderId: second! }
                : pk.category === "RACE_THIRD"
                  ? { ...pk, riderId: third! }
                  : pk.category === "POSITION_GAINED"
                    ? { ...pk, riderId: r(gained) }
                    : pk,
          );
          expect((await save(h, p, race, picks)).status).toBe(200);
          return p;
        };
        const a = await player("Alpha", [7, 8, 9], 11);
        const b = await player("Bravo", [12, 8, 9], 11);
        const c = await player("Charlie", [12, 13, 9], 11);
        const d = await player("Delta", [12, 13, 14], 10);
        afterEnd("START");
        // Alpha 50, Bravo 25, Charlie 10, Delta 0: the first three stand on the podium.
        await enter({ session: "START", riderIds: [r(7), r(8), r(9)] });
        expect(await statsOf(c)).toMatchObject({ points: 10, podiums: 1 });
        expect(await statsOf(d)).toMatchObject({ points: 0, podiums: 0 });
        // Delta's 15 for positions gained lift them above Charlie, whose own numbers did not move.
        await enter({ session: "POSITION_GAINED", riderIds: [r(10)] });
        expect(await statsOf(d)).toMatchObject({ points: 15, wins: 0, podiums: 1 });
        expect(await statsOf(c)).toMatchObject({ points: 10, wins: 0, podiums: 0 });
        expect(await statsOf(a)).toMatchObject({ points: 50, wins: 1, podiums: 1 });
        expect(await statsOf(b)).toMatchObject({ points: 25, wins: 0, podiums: 1 });
      });

      // PGlite runs one transaction at a time: only PostgreSQL can interleave two.
      it.skipIf(h.kind !== "postgres")(
        "two rewrites of one season at once: the later one reads what the earlier committed",
        async () => {
          const a = await predictor("Alpha");
          afterEnd("PF");
          await enter({ session: "FP1", riderIds: [r(0)] });
          await enter({ session: "PF", riderIds: [r(1)] });
          const base = Number((await statsOf(a)).points);
          const [{ season } = { season: 0 }] = await h.database.db
            .select({ season: races.season })
            .from(races)
            .where(eq(races.id, race.id));
          const bump = (tx: LedgerTx, category: PredictionCategory, by: number) =>
            tx.execute(
              sql`UPDATE predictions SET points = points + ${by} WHERE user_id = ${a.id} AND category = ${category}`,
            );
          let firstRewritten!: () => void;
          const rewritten = new Promise<void>((resolve) => (firstRewritten = resolve));
          // The first holds its rewrite uncommitted while the second starts its own: without one rewrite of a season at
          // a time, the second sums from a snapshot without the first's points and writes that over them.
          const first = h.database.db.transaction(async (tx) => {
            await bump(tx, "FP1", 100);
            await refreshScores(tx, race.id, season);
            firstRewritten();
            await new Promise((resolve) => setTimeout(resolve, 300));
          });
          await rewritten;
          const second = h.database.db.transaction(async (tx) => {
            await bump(tx, "PRACTICE_FASTEST", 1000);
            await refreshScores(tx, race.id, season);
          });
          await Promise.all([first, second]);
          expect(Number((await statsOf(a)).points)).toBe(base + 1100);
        },
      );

      it("is empty before any result, and has no row for a signed-out caller", async () => {
        await predictor();
        const season = await board("/leaderboards/season");
        expect(season).toMatchObject({ data: [], count: 0, me: null });
      });
    });

    describe("results are published", () => {
      it("serves the classifications and tells each player once per entry", async () => {
        const p = await predictor();
        afterEnd("FP1");
        await enter({ session: "FP1", riderIds: [r(0), r(1)] });
        await enter({ session: "FP1", riderIds: [r(0), r(1)] });
        const res = await h.call("GET", `/results/races/${race.id}`);
        expect(RaceResults.parse(res.body.result).classifications).toEqual([
          expect.objectContaining({ session: "FP1", canceled: false, riderIds: [r(0), r(1)] }),
        ]);
        const notes = await h.call("GET", "/notifications", { token: await tokenOf(h, p) });
        expect(notes.body.result.filter((n: { type: string }) => n.type === "RESULTS_PUBLISHED")).toHaveLength(1);
      });
    });

    describe("one notice per player per session, naming the session and the player's points from its settled picks", () => {
      it("FP1, FP2 and the sprint: three notices for a player, each with its session and points; another player's own points", async () => {
        const p = await predictor();
        const q = await signUpConfirmed(h);
        at(h, race.sessions.FP1.start - MINUTE);
        expect((await save(h, q, race, [{ category: "FP1", riderId: r(1) }])).status).toBe(200);
        afterEnd("START");
        await enter({ session: "FP1", riderIds: [r(0), r(1)] });
        await enter({ session: "FP2", riderIds: [r(5)] });
        // Sprint picks 4, 5, 6 finish 4, 6, 5: the winner exact, the others out of place.
        await enter({ session: "SPRINT", riderIds: [r(4), r(6), r(5)] });
        const picks = await pickRows(p);
        const sprint = ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"].reduce(
          (sum, c) => sum + Number(picks[c]!.points),
          0,
        );
        expect(sprint).toBeGreaterThan(0);

        const base = { raceId: race.id, raceName: expect.any(String), canceled: false };
        expect(await noteOf(p, "FP1")).toEqual([{ ...base, name: "FP1", points: categoryPoints.FP1 }]);
        expect(await noteOf(p, "FP2")).toEqual([{ ...base, name: "FP2", points: 0 }]);
        expect(await noteOf(p, "SPRINT")).toEqual([{ ...base, name: "SPRINT", points: sprint }]);
        expect(await resultNotes(p)).toHaveLength(3);
        // q picked FP1 only, and missed it: one notice, with q's own points.
        expect(await resultNotes(q)).toEqual([{ ...base, name: "FP1", points: 0 }]);
      });

      it("a canceled session says so, with no points", async () => {
        const p = await predictor();
        afterEnd("Q2");
        expect((await enter({ session: "Q2", canceled: true })).status).toBe(200);
        expect(await noteOf(p, "Q2")).toEqual([
          { raceId: race.id, raceName: expect.any(String), name: "Q2", points: 0, canceled: true },
        ]);
      });
    });

    describe("a rider's page shows the round's result once the race classification is entered", () => {
      it("the winner of the round gains a start, its win and 25 points; the second 20; a canceled race adds nothing", async () => {
        const [row] = await h.database.db
          .select({ round: races.round, season: races.season })
          .from(races)
          .where(eq(races.id, race.id));
        const before = await performances(r(7));
        expect(before.year).toBe(row!.season);
        expect(before.races.some((x) => x.round === row!.round)).toBe(false);
        const second = await performances(r(9));
        afterEnd("START");
        expect((await enter({ session: "START", riderIds: [r(7), r(9), r(12)] })).status).toBe(200);
        const after = await performances(r(7));
        expect(after.totals).toMatchObject({
          starts: before.totals.starts + 1,
          points: before.totals.points + 25,
          wins: before.totals.wins + 1,
        });
        expect(after.races.at(-1)).toMatchObject({ round: row!.round, position: 1, points: 25 });
        expect((await performances(r(9))).totals.starts).toBe(second.totals.starts + 1);
        expect((await performances(r(9))).races.at(-1)).toMatchObject({ round: row!.round, position: 2, points: 20 });

        await h.database.db.execute(sql`TRUNCATE session_results`);
        await h.database.db.execute(
          sql`DELETE FROM rider_performances WHERE season = ${row!.season} AND round = ${row!.round}`,
        );
        expect((await enter({ session: "START", canceled: true })).status).toBe(200);
        expect((await performances(r(7))).totals.starts).toBe(before.totals.starts);
      });
    });

    describe("an injured rider invalidates the picks not yet started, refunds them and notifies", () => {
      it("refunds the multiplier and the paid change of an FP1 pick, frees it, and leaves a started session alone", async () => {
        const p = await predictor();
        const start = await balance(h, p);
        at(h, race.sessions.FP1.start - MINUTE);
        expect(
          (
            await change(h, p, race, [{ category: "FP1", riderId: r(11) }], {
              tier: "BEFORE",
              cost: changeTiers.BEFORE.cost,
            })
          ).status,
        ).toBe(200);
        expect((await upgrade(h, p, race, "PREDICTION", "FP1")).status).toBe(200);
        expect(
          (
            await change(h, p, race, [{ category: "FP2", riderId: r(11) }], {
              tier: "BEFORE",
              cost: changeTiers.BEFORE.cost,
            })
          ).status,
        ).toBe(200);
        // FP1 has started when the injury comes: its pick stays as it is; FP2's is refunded and freed.
        at(h, race.sessions.FP1.start + SECOND);
        const res = await h.call("POST", `/admin/riders/${r(11)}/injury`, {
          body: { raceId: race.id },
          headers: admin,
        });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ invalidated: 1, players: 1, refunded: changeTiers.BEFORE.cost });
        expect(await balance(h, p)).toBe(
          start - 2 * changeTiers.BEFORE.cost - upgradePrices.PREDICTION + changeTiers.BEFORE.cost,
        );
        const v = await view(h, p, race);
        expect(pickOf(v.body, "FP2")!.riderAvailable).toBe(false);
        expect(v.body.result.slots.find((s: { category: string }) => s.category === "FP2").change).toEqual({
          tier: "BEFORE",
          cost: 0,
        });
        const notes = await h.call("GET", "/notifications", { token: await tokenOf(h, p) });
        expect(notes.body.result.filter((n: { type: string }) => n.type === "INJURED_RIDER_PREDICTIONS")).toHaveLength(
          1,
        );
        await h.database.db
          .update(riders)
          .set({ status: "ACTIVE" })
          .where(eq(riders.id, r(11)));
      });

      it("takes the multiplier off a refunded pick", async () => {
        const p = await predictor();
        at(h, race.sessions.FP1.start - MINUTE);
        expect((await upgrade(h, p, race, "PREDICTION", "FP1")).status).toBe(200);
        const res = await h.call("POST", `/admin/riders/${r(0)}/injury`, { body: { raceId: race.id }, headers: admin });
        expect(res.body.result).toMatchObject({ invalidated: 1, refunded: upgradePrices.PREDICTION });
        expect((await pickRows(p)).FP1!.upgrades).toEqual([]);
      });
    });

    describe("an injury is made once: repeated, or sent by two operators at once, it refunds and notifies once and reports the same", () => {
      it("answers the first report again, with one notice and one refund", async () => {
        const p = await predictor();
        const start = await balance(h, p);
        at(h, race.sessions.FP1.start - MINUTE);
        expect((await upgrade(h, p, race, "PREDICTION", "FP1")).status).toBe(200);
        const first = await injure(r(0));
        expect(first.body.result).toMatchObject({ invalidated: 1, players: 1, refunded: upgradePrices.PREDICTION });
        for (let i = 0; i < 3; i++) {
          const again = await injure(r(0));
          expect(again.status).toBe(200);
          expect(again.body.result).toEqual(first.body.result);
        }
        expect(await injuryNotices(p)).toHaveLength(1);
        expect(await balance(h, p)).toBe(start);
      });

      it("tells each player once when two operators send it at the same time", async () => {
        const p = await predictor();
        const both = await Promise.all([injure(r(0)), injure(r(0))]);
        expect(both.map((res) => res.status)).toEqual([200, 200]);
        expect(both[1]!.body.result).toEqual(both[0]!.body.result);
        expect(both[0]!.body.result).toMatchObject({ invalidated: 1, players: 1 });
        expect(await injuryNotices(p)).toHaveLength(1);
      });
    });
  },
  { seed: true },
);
