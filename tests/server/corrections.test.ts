// game-rules.md "Results are provisional until the weekend is confirmed" through the API: a correction re-scores
// exactly as entering the corrected classification first would (two worlds compared), leaves bets as settled, tells
// each player whose picks moved once, keeps each pick's before; the weekend is confirmed by the operator or the
// 72-hour rule, which decides the paddock winners once and closes the results; a preview commits nothing and
// predicts the entry. PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { ConfirmReport, CorrectionReport, ResultPreview } from "../../contract/operations";
import { Leaderboard, RaceResults } from "../../contract/results";
import { CONFIRM_AFTER_HOURS } from "../../contract/weekendRules/confirmation";
import { rowsOf } from "../../server/db/arrays";
import { grantRole } from "../../server/modules/staff/roles";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import {
  allPicks,
  at,
  MINUTE,
  raceFixture,
  save,
  SECOND,
  setDiamonds,
  tokenOf,
  upgrade,
  type RaceFixture,
} from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const HOUR = 3_600_000;

/** Everything a classification decides, per player name (ids differ between the two worlds). */
async function snapshot(h: Harness, race: RaceFixture, players: readonly Player[]) {
  const names = new Map(players.map((p) => [p.id, p.name]));
  const q = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await h.database.db.execute(text));
  const picks = await q<{ user_id: string; category: string; state: string; points: string | null }>(
    sql`SELECT user_id, category, state, points FROM predictions WHERE race_id = ${race.id} ORDER BY category`,
  );
  const stats = await q<{ id: string; points: string; average: number; wins: number; podiums: number; poles: number }>(
    sql`SELECT id, points, average, wins, podiums, poles FROM users`,
  );
  const answers = await q<{ user_id: string; result: string; correct_answer: string | null }>(
    sql`SELECT a.user_id, a.result, q.correct_answer FROM question_answers a JOIN questions q ON q.id = a.question_id WHERE q.race_id = ${race.id}`,
  );
  const performances = await q<{ rider_id: string; position: number; points: number }>(
    sql`SELECT rp.rider_id, rp.position, rp.points FROM rider_performances rp JOIN races r ON r.id = ${race.id} AND rp.season = r.season AND rp.round = r.round ORDER BY rp.rider_id`,
  );
  const board = async (path: string) => {
    const res = await h.call("GET", path, { query: { take: 100 } });
    expect(res.status).toBe(200);
    const b = Leaderboard.parse(res.body.result);
    return b.data.map((e) => [e.rank, names.get(e.user.id), e.points, e.accurate]);
  };
  const results = RaceResults.parse((await h.call("GET", `/results/races/${race.id}`)).body.result);
  return {
    picks: picks.map((p) => [names.get(p.user_id), p.category, p.state, Number(p.points)]).toSorted(),
    stats: stats.map((s) => [names.get(s.id), Number(s.points), s.average, s.wins, s.podiums, s.poles]).toSorted(),
    answers: answers.map((a) => [names.get(a.user_id), a.result, a.correct_answer]).toSorted(),
    performances: performances.map((p) => [p.rider_id, p.position, p.points]),
    raceBoard: await board(`/leaderboards/races/${race.id}`),
    seasonBoard: await board("/leaderboards/season"),
    classifications: results.classifications.map((c) => [c.session, c.riderIds]),
  };
}

onEachBackend(
  "corrections and confirmation",
  (h) => {
    let race: RaceFixture;
    const r = (i: number) => race.active[i]!;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    const reset = async () => {
      await h.database.db.execute(sql`TRUNCATE session_results, weekend_confirmations, questions CASCADE`);
      await h.database.db.execute(
        sql`DELETE FROM rider_performances rp USING races r WHERE r.id = ${race.id} AND rp.season = r.season AND rp.round = r.round`,
      );
      await h.database.db.execute(sql`UPDATE race_sessions SET canceled = false`);
    };
    beforeEach(reset);

    const enter = (session: string, riderIds: string[]) =>
      h.call("POST", `/admin/races/${race.id}/results`, { body: { session, riderIds }, headers: admin });
    const correct = (session: string, riderIds: string[], headers: Record<string, string> = admin) =>
      h.call("POST", `/admin/races/${race.id}/results/correct`, { body: { session, riderIds }, headers });
    const preview = (body: Record<string, unknown>) =>
      h.call("POST", `/admin/races/${race.id}/results/preview`, { body, headers: admin });
    const confirm = (headers: Record<string, string> = admin) =>
      h.call("POST", `/admin/races/${race.id}/confirm`, { headers });
    const afterRace = () => at(h, race.sessions.START.end + SECOND);
    const riderName = async (id: string) =>
      rowsOf<{ name: string }>(await h.database.db.execute(sql`SELECT name FROM riders WHERE id = ${id}`))[0]!.name;

    // The race classification first entered (A) and after the stewards (B): the winner is demoted to second.
    const raceA = () => [r(7), r(8), r(9), r(12)];
    const raceB = () => [r(8), r(7), r(9), r(12)];
    const poleA = () => [r(3), r(4)];
    const poleB = () => [r(4), r(3)];

    /**
     * Three players: Ann (allPicks: race podium 7, 8, 9, multiplied and insured; pole 3; answers the pole question with
     * rider 3), Ben (race podium 8, 7, 9 and a WIN bet on 7), Cat (pole 4, race podium 11, 12, 9; answers rider 4). A
     * POLE question graded from results.
     */
    async function weekend(names: [string, string, string]) {
      const [ann, ben, cat] = [
        await signUpConfirmed(h, names[0]),
        await signUpConfirmed(h, names[1]),
        await signUpConfirmed(h, names[2]),
      ];
      at(h, race.sessions.FP1.start - 2 * MINUTE);
      const added = await h.call("POST", `/admin/races/${race.id}/questions`, {
        body: { type: "ABOUT_GRAN_PRIX", points: 10, text: "Pole?", source: "POLE" },
        headers: admin,
      });
      expect(added.status).toBe(200);
      const questionId = added.body.result.id as string;
      expect((await save(h, ann, race, allPicks(race))).status).toBe(200);
      const swapped = allPicks(race).map((p) =>
        p.category === "RACE_FIRST"
          ? { ...p, riderId: r(8) }
          : p.category === "RACE_SECOND"
            ? { ...p, riderId: r(7) }
            : p,
      );
      expect((await save(h, ben, race, swapped)).status).toBe(200);
      const cats: Record<string, string> = { POLEMAN: r(4), RACE_FIRST: r(11), RACE_SECOND: r(12) };
      const catPicks = allPicks(race).map((p) => (cats[p.category] ? { ...p, riderId: cats[p.category]! } : p));
      expect((await save(h, cat, race, catPicks)).status).toBe(200);
      await setDiamonds(h, ann.id, 200);
      expect((await upgrade(h, ann, race, "PREDICTION_RACE")).status).toBe(200);
      expect((await upgrade(h, ann, race, "PREDICTION_INSURANCE_RACE")).status).toBe(200);
      for (const [p, text] of [
        [ann, await riderName(r(3))],
        [cat, await riderName(r(4))],
      ] as const) {
        expect(
          (await h.call("POST", `/questions/${questionId}/user-answer`, { token: await tokenOf(h, p), body: { text } }))
            .status,
        ).toBe(200);
      }
      at(h, race.sessions.START.start - MINUTE);
      expect(
        (
          await h.call("POST", `/bets/circuits/${race.id}`, {
            token: await tokenOf(h, ben),
            body: { riderId: r(7), type: "WIN", amount: 30 },
          })
        ).status,
      ).toBe(200);
      return { players: [ann, ben, cat] as const, questionId };
    }

    /** The weekend's results entered in order, the questions graded from them. */
    async function enterAll(pole: string[], podium: string[]) {
      afterRace();
      expect((await enter("FP1", [r(0), r(1)])).status).toBe(200);
      expect((await enter("Q2", pole)).status).toBe(200);
      expect((await enter("SPRINT", [r(4), r(5), r(6)])).status).toBe(200);
      expect((await enter("START", podium)).status).toBe(200);
      expect((await h.call("POST", `/admin/races/${race.id}/questions/grade`, { headers: admin })).status).toBe(200);
    }

    // The audit log is append-only (the per-test TRUNCATE can't clear it): each test reads the lines after its start.
    const lastAudit = async () =>
      rowsOf<{ id: number | null }>(await h.database.db.execute(sql`SELECT max(id)::int AS id FROM audit_log`))[0]!
        .id ?? 0;
    const betsOf = async (p: Player) =>
      rowsOf<{ status: string; payout: number | null }>(
        await h.database.db.execute(sql`SELECT status, payout FROM bets WHERE user_id = ${p.id} ORDER BY id`),
      );
    const ledgerOf = async () =>
      rowsOf<{ n: number; sum: string }>(
        await h.database.db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(delta), 0) AS sum FROM diamond_ledger`),
      )[0]!;
    const notices = async (p: Player, type: string) =>
      (
        (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result as {
          type: string;
          value: Record<string, unknown>;
        }[]
      ).filter((n) => n.type === type);

    /** A digest of everything an entry or correction writes. */
    const state = async () =>
      rowsOf<{ digest: string }>(
        await h.database.db
          .execute(sql`SELECT md5(coalesce((SELECT string_agg(p::text, '|' ORDER BY p.id) FROM predictions p), '')
          || coalesce((SELECT string_agg(s::text, '|' ORDER BY s.result_key) FROM session_results s), '')
          || coalesce((SELECT string_agg(n.id::text, '|' ORDER BY n.id) FROM notifications n), '')
          || coalesce((SELECT string_agg(l.id::text, '|' ORDER BY l.id) FROM diamond_ledger l), '')
          || coalesce((SELECT string_agg(b::text, '|' ORDER BY b.id) FROM bets b), '')
          || coalesce((SELECT string_agg(a.id::text, '|' ORDER BY a.id) FROM audit_log a), '')) AS digest`),
      )[0]!.digest;
    it("a correction leaves every pick, board, statistic, question and rider result as entering it first would; bets stand", async () => {
      // World 1: A entered, then corrected to B.
      const one = await weekend(["Ann", "Ben", "Cat"]);
      await enterAll(poleA(), raceA());
      const betsBefore = await betsOf(one.players[1]);
      expect(betsBefore.map((b) => b.status)).toEqual(["WON"]);
      const ledgerBefore = await ledgerOf();
      const fixed = await correct("START", raceB());
      expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
      const report = CorrectionReport.parse(fixed.body.result);
      expect(report).toMatchObject({ session: "START", replayed: false });
      expect(report.players).toBe(2);
      expect(CorrectionReport.parse((await correct("Q2", poleB())).body.result).replayed).toBe(false);
      const corrected = await snapshot(h, race, one.players);
      // Bets and diamonds: untouched by the corrections.
      expect(await betsOf(one.players[1])).toEqual(betsBefore);
      expect(await ledgerOf()).toEqual(ledgerBefore);
      // The same correction again changes nothing.
      expect(CorrectionReport.parse((await correct("START", raceB())).body.result)).toMatchObject({
        changed: 0,
        players: 0,
        replayed: true,
      });
      // The bets' view keeps the classification the bets were settled on.
      const betView = await h.call("GET", `/v2/bets/circuits/${race.id}`, {
        token: await tokenOf(h, one.players[1]),
        query: { isMobile: "false" },
      });
      expect(betView.body.result.result.riderIds).toEqual(raceA());

      // World 2: B entered first.
      await h.database.db.execute(sql`TRUNCATE users, outbox RESTART IDENTITY CASCADE`);
      await reset();
      const two = await weekend(["Ann", "Ben", "Cat"]);
      await enterAll(poleB(), raceB());
      const direct = await snapshot(h, race, two.players);
      expect(corrected).toEqual(direct);
    });

    it("tells each player whose picks moved once per correction, with each change, and keeps each pick's before", async () => {
      const since = await lastAudit();
      const { players } = await weekend(["Ann", "Ben", "Cat"]);
      const [ann, ben, cat] = players;
      await enterAll(poleA(), raceA());
      expect((await correct("START", raceB())).status).toBe(200);
      const annNotes = await notices(ann, "RESULTS_CORRECTED");
      expect(annNotes).toHaveLength(1);
      expect(annNotes[0]!.value).toMatchObject({ raceId: race.id, name: "START" });
      // Ann: first and second, multiplied, insured: 50 and 30 points → 25 and 15 (half of each, doubled).
      expect(annNotes[0]!.value.changes).toEqual(
        expect.arrayContaining([
          {
            category: "RACE_FIRST",
            before: { state: "ACCURATE", points: 50 },
            after: { state: "INSURANCE", points: 25 },
          },
          {
            category: "RACE_SECOND",
            before: { state: "ACCURATE", points: 30 },
            after: { state: "INSURANCE", points: 15 },
          },
        ]),
      );
      expect(await notices(ben, "RESULTS_CORRECTED")).toHaveLength(1);
      expect(await notices(cat, "RESULTS_CORRECTED")).toHaveLength(0);
      // The player's read carries the score before the correction.
      const mine = (await h.call("GET", `/predictions/races/${race.id}/results`, { token: await tokenOf(h, ann) })).body
        .result.data as {
        category: string;
        state: string;
        points: number;
        before: unknown;
      }[];
      // ... and where the picked rider stood in the classification the correction replaced.
      expect(mine.find((p) => p.category === "RACE_FIRST")).toMatchObject({
        state: "INSURANCE",
        points: 25,
        before: { state: "ACCURATE", points: 50, finished: 1 },
      });
      expect(mine.find((p) => p.category === "RACE_SECOND")).toMatchObject({
        before: { state: "ACCURATE", points: 30, finished: 2 },
      });
      expect(mine.find((p) => p.category === "RACE_THIRD")!.before).toBeNull();
      // Corrected Q2: Cat's pole and question move.
      expect((await correct("Q2", poleB())).status).toBe(200);
      const catNotes = await notices(cat, "RESULTS_CORRECTED");
      expect(catNotes).toHaveLength(1);
      expect(catNotes[0]!.value.changes).toEqual(
        expect.arrayContaining([
          { category: "POLEMAN", before: { state: "INACCURATE", points: 0 }, after: { state: "ACCURATE", points: 10 } },
          {
            category: "QUESTION",
            before: { state: "INACCURATE", points: 0 },
            after: { state: "ACCURATE", points: 10 },
          },
        ]),
      );
      // The audit log has the entries and corrections, before and after.
      const audit = rowsOf<{ action: string; target: string; before: unknown }>(
        await h.database.db.execute(
          sql`SELECT action, target, before FROM audit_log WHERE id > ${since} AND race_id = ${race.id} AND action LIKE 'RESULT_%' ORDER BY id`,
        ),
      );
      expect(audit.map((a) => [a.action, a.target])).toEqual([
        ["RESULT_ENTER", "FP1"],
        ["RESULT_ENTER", "Q2"],
        ["RESULT_ENTER", "SPRINT"],
        ["RESULT_ENTER", "START"],
        ["RESULT_CORRECT", "START"],
        ["RESULT_CORRECT", "Q2"],
      ]);
      expect(audit[4]!.before).toEqual({ riderIds: raceA() });
    });

    it("refuses a correction of a result not entered, or canceled", async () => {
      afterRace();
      expect((await correct("START", raceB())).body).toMatchObject({ code: "resultsNotEntered" });
      expect(
        (
          await h.call("POST", `/admin/races/${race.id}/results`, {
            body: { session: "FP2", canceled: true },
            headers: admin,
          })
        ).status,
      ).toBe(200);
      expect((await correct("FP2", [r(0)])).body).toMatchObject({ code: "resultsNotEntered" });
    });

    it("is provisional until the operator confirms; confirming decides the paddock winners once; nothing is entered or corrected after", async () => {
      const since = await lastAudit();
      const { players } = await weekend(["Ann", "Ben", "Cat"]);
      afterRace();
      expect((await confirm()).body).toMatchObject({ code: "raceNotClassified" });
      await enterAll(poleA(), raceA());
      const results = RaceResults.parse((await h.call("GET", `/results/races/${race.id}`)).body.result);
      expect(results).toMatchObject({ provisional: true, confirmedAt: null });
      expect(Leaderboard.parse((await h.call("GET", `/leaderboards/races/${race.id}`)).body.result)).toMatchObject({
        provisional: true,
        confirmedAt: null,
      });
      expect(Leaderboard.parse((await h.call("GET", "/leaderboards/season")).body.result).provisional).toBe(true);
      const prizes = async () =>
        (await h.call("GET", "/prizes", { token: await tokenOf(h, players[0]) })).body.result.paddock as {
          raceId: string;
          places: { id: string }[];
        }[];
      expect(await prizes()).toEqual([]);
      const done = ConfirmReport.parse((await confirm()).body.result);
      expect(done).toMatchObject({ by: "operator", winners: 3, replayed: false });
      expect(ConfirmReport.parse((await confirm()).body.result)).toMatchObject({
        by: "operator",
        winners: 0,
        replayed: true,
        confirmedAt: done.confirmedAt,
      });
      const board = Leaderboard.parse(
        (await h.call("GET", `/leaderboards/races/${race.id}`, { query: { take: 3 } })).body.result,
      );
      expect((await prizes()).find((w) => w.raceId === race.id)!.places.map((p) => p.id)).toEqual(
        board.data.map((e) => e.user.id),
      );
      expect(RaceResults.parse((await h.call("GET", `/results/races/${race.id}`)).body.result)).toMatchObject({
        provisional: false,
        confirmedAt: done.confirmedAt,
      });
      expect((await correct("START", raceB())).body).toMatchObject({ code: "weekendConfirmed" });
      expect((await enter("POSITION_GAINED", [r(10)])).body).toMatchObject({ code: "weekendConfirmed" });
      // A replay of what stands is still a replay.
      expect((await enter("START", raceA())).body.result).toMatchObject({ replayed: true });
      const audit = rowsOf<{ action: string }>(
        await h.database.db.execute(
          sql`SELECT action FROM audit_log WHERE id > ${since} AND race_id = ${race.id} AND action = 'WEEKEND_CONFIRM'`,
        ),
      );
      expect(audit).toHaveLength(1);
    });

    it("the 72-hour rule confirms the weekend once, on a read or a correction as on its timer, and decides its winners", async () => {
      const { players } = await weekend(["Ann", "Ben", "Cat"]);
      await enterAll(poleA(), raceA());
      at(h, race.sessions.START.end + CONFIRM_AFTER_HOURS * HOUR - SECOND);
      expect(RaceResults.parse((await h.call("GET", `/results/races/${race.id}`)).body.result).provisional).toBe(true);
      expect((await correct("START", raceB())).status).toBe(200);
      at(h, race.sessions.START.end + CONFIRM_AFTER_HOURS * HOUR);
      const ruleAt = new Date(race.sessions.START.end + CONFIRM_AFTER_HOURS * HOUR).toISOString();
      // Read first: final at once, before anything is stored.
      expect(RaceResults.parse((await h.call("GET", `/results/races/${race.id}`)).body.result)).toMatchObject({
        provisional: false,
        confirmedAt: ruleAt,
      });
      expect((await correct("START", raceA())).body).toMatchObject({ code: "weekendConfirmed" });
      const stored = rowsOf<{ confirmed_by: string }>(
        await h.database.db.execute(sql`SELECT confirmed_by FROM weekend_confirmations WHERE race_id = ${race.id}`),
      );
      expect(stored).toEqual([{ confirmed_by: "rule" }]);
      const winners = rowsOf<{ user_id: string }>(
        await h.database.db.execute(sql`SELECT user_id FROM paddock_winners WHERE race_id = ${race.id} ORDER BY place`),
      );
      expect(winners).toHaveLength(3);
      // Decided on the corrected board: Ben (race podium exact after the correction) above Cat, who led him on A.
      expect(winners.map((w) => w.user_id)).toEqual([players[0].id, players[1].id, players[2].id]);
      // The operator's confirmation afterwards answers the rule's.
      expect(ConfirmReport.parse((await confirm()).body.result)).toMatchObject({
        by: "rule",
        winners: 0,
        replayed: true,
        confirmedAt: ruleAt,
      });
      expect(
        rowsOf(await h.database.db.execute(sql`SELECT 1 FROM paddock_winners WHERE race_id = ${race.id}`)),
      ).toHaveLength(3);
    });

    it("a preview commits nothing and predicts what entering or correcting does", async () => {
      await weekend(["Ann", "Ben", "Cat"]);
      afterRace();
      expect((await enter("Q2", poleA())).status).toBe(200);
      const before = await state();
      const predicted = ResultPreview.parse((await preview({ session: "START", riderIds: raceA() })).body.result);
      const fix = ResultPreview.parse((await preview({ session: "Q2", riderIds: poleB(), correct: true })).body.result);
      expect(await state()).toBe(before);
      expect(predicted).toMatchObject({ picks: 9, players: 3, bets: 1, betsWon: 1 });
      expect(predicted.payout).toBeGreaterThan(0);
      const entered = (await enter("START", raceA())).body.result;
      expect(entered).toMatchObject({ settled: predicted.picks, players: predicted.players, bets: predicted.bets });
      const corrected = CorrectionReport.parse((await correct("Q2", poleB())).body.result);
      expect(corrected).toMatchObject({ changed: fix.picks, players: fix.players });
      expect((await preview({ session: "START", riderIds: raceB() })).body).toMatchObject({ code: "resultsSettled" });
    });

    it("is for operators only: the admin token or an operator's own session", async () => {
      const since = await lastAudit();
      const p = await signUpConfirmed(h);
      afterRace();
      expect((await enter("FP1", [r(0)])).status).toBe(200);
      expect((await correct("FP1", [r(1)], {})).status).toBe(401);
      const player = { authorization: `Bearer ${await tokenOf(h, p)}` };
      expect((await correct("FP1", [r(1)], player)).status).toBe(403);
      expect((await confirm(player)).status).toBe(403);
      await grantRole(h.database.db, h.clock, p.email, "operator");
      expect((await correct("FP1", [r(1)], { authorization: `Bearer ${await tokenOf(h, p)}` })).status).toBe(200);
      const line = rowsOf<{ actor_user_id: string; channel: string }>(
        await h.database.db.execute(
          sql`SELECT actor_user_id, channel FROM audit_log WHERE id > ${since} AND action = 'RESULT_CORRECT'`,
        ),
      );
      expect(line).toEqual([{ actor_user_id: p.id, channel: "browser" }]);
    });
  },
  { seed: true },
);
