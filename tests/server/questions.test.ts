// Bonus questions through the API: the tabs' filters, answering and changing up to the deadline (and
// the refusal at it), choices, nobody reading another player's answer, grading exactly once, the points joining
// the player's season points and the boards, grading from the entered results, and the demo season's questions.
// PGlite and PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { languageCodes } from "../../contract/enums";
import { AdminQuestion, GradeFromResults, GradeReport, Question, QuestionsPage } from "../../contract/questions";
import { questionAnswers, questions, raceScores, users } from "../../server/db/schema";
import { answerFromResults } from "../../server/modules/questions/grading";
import { seedQuestionsIfEmpty } from "../../server/modules/questions/demoQuestions";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import { at, MINUTE, raceFixture, SECOND, tokenOf, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };

onEachBackend(
  "bonus questions",
  (h: Harness) => {
    let race: RaceFixture;
    let closesAt: number;
    beforeAll(async () => {
      race = await raceFixture(h);
      closesAt = race.sessions.FP1.start;
    });
    beforeEach(async () => {
      await h.database.db.delete(questions);
      await h.database.db.execute(sql`TRUNCATE session_results, race_scores`);
    });

    const add = async (body: Record<string, unknown>, raceId = race.id) => {
      const res = await h.call("POST", `/admin/races/${raceId}/questions`, { body, headers: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return AdminQuestion.parse(res.body.result);
    };
    const freeText = () =>
      add({ type: "ABOUT_RIDERS", points: 15, text: "Who wins the Sprint?", texts: { es: "¿Quién gana el Sprint?" } });
    const choice = () =>
      add({
        type: "ABOUT_GENERAL",
        points: 5,
        text: "How many manufacturers on the podium?",
        options: ["1", "2", "3"],
      });
    const answer = async (p: Player, id: string, body: Record<string, unknown>) =>
      h.call("POST", `/questions/${id}/user-answer`, { token: await tokenOf(h, p), body });
    const list = async (p: Player, query: Record<string, string | number> = {}) => {
      const res = await h.call("GET", "/questions", { token: await tokenOf(h, p), query });
      expect(res.status).toBe(200);
      return QuestionsPage.parse(res.body.result);
    };
    const grade = (id: string, answerText: string) =>
      h.call("POST", `/admin/questions/${id}/answer`, { body: { answer: answerText }, headers: admin });
    const pointsOf = async (p: Player) =>
      Number((await h.database.db.select({ points: users.points }).from(users).where(eq(users.id, p.id)))[0]!.points);

    it("takes an answer until the deadline, changed as often as wanted, and refuses it at the deadline without losing the last one", async () => {
      const q = await freeText();
      const p = await signUpConfirmed(h);
      at(h, closesAt - MINUTE);
      const first = await answer(p, q.id, { text: "  Marco   Bezzecchi " });
      expect(first.status).toBe(200);
      expect(Question.parse(first.body.result)).toMatchObject({
        userAnswer: "Marco   Bezzecchi",
        result: "WAITING",
        correctAnswer: null,
        open: true,
      });
      at(h, closesAt - SECOND);
      expect((await answer(p, q.id, { text: "Jorge Martin" })).status).toBe(200);
      at(h, closesAt);
      const late = await answer(p, q.id, { text: "Somebody Else" });
      expect(late.status).toBe(418);
      expect(late.body.code).toBe("answerExpired");
      const [stored] = await h.database.db.select().from(questionAnswers).where(eq(questionAnswers.userId, p.id));
      expect(stored!.text).toBe("Jorge Martin");
      expect((await list(p)).data[0]).toMatchObject({ userAnswer: "Jorge Martin", open: false });
    });

    it("answers a choice by the option's id only, and refuses an unknown one", async () => {
      const q = await choice();
      const p = await signUpConfirmed(h);
      at(h, closesAt - MINUTE);
      for (const body of [{ text: "2" }, { text: "2", id: "z" }]) {
        const res = await answer(p, q.id, body);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("answerNotAnOption");
      }
      expect((await answer(p, q.id, { text: "ignored", id: "b" })).body.result).toMatchObject({
        userAnswer: "2",
        userAnswerId: "b",
      });
      expect((await answer(p, "00000000-0000-4000-8000-000000000000", { text: "x" })).status).toBe(404);
      expect((await answer(p, "not-a-question", { text: "x" })).status).toBe(404);
      expect((await h.call("POST", `/questions/${q.id}/user-answer`, { body: { text: "x", id: "a" } })).status).toBe(
        401,
      );
    });

    it("filters the tabs (new, answered, graded) and serves the texts in the asked language, nobody else's answer", async () => {
      const open = await freeText();
      const other = await add({
        type: "ABOUT_MANUFACTURER",
        points: 10,
        text: "Which manufacturer?",
        closesAt: new Date(closesAt - 2 * MINUTE).toISOString(),
      });
      const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      at(h, closesAt - 3 * MINUTE);
      expect((await answer(a, other.id, { text: "Ducati" })).status).toBe(200);
      at(h, closesAt - MINUTE);
      expect((await list(a, { isNew: "true" })).data.map((q) => q.id)).toEqual([open.id]);
      expect((await list(a, { isNew: "false" })).data.map((q) => q.id)).toEqual([other.id]);
      expect((await list(a, { isAnswered: "true" })).data.map((q) => q.id)).toEqual([other.id]);
      expect((await list(a, { isAnswered: "false" })).data.map((q) => q.id)).toEqual([open.id]);
      const all = await list(a, { page: 1, take: 1 });
      expect(all).toMatchObject({ count: 2, pages: 2, page: 1 });
      expect(all.data[0]!.id).toBe(open.id);
      expect((await list(a, { lng: "es", isNew: "true" })).data[0]!.text).toBe("¿Quién gana el Sprint?");
      expect((await list(a, { lng: "ja", isNew: "true" })).data[0]!.text).toBe("Who wins the Sprint?");
      // b never sees a's answer
      expect((await list(b)).data.every((q) => q.userAnswer === null)).toBe(true);
      expect((await list(a, { filter: "WITH_ANSWER" })).count).toBe(0);
      expect((await h.call("POST", `/admin/questions/${other.id}/answer`, { body: { answer: "Ducati" } })).status).toBe(
        401,
      );
      expect((await grade(other.id, "DUCATI")).status).toBe(200);
      expect((await list(a, { filter: "WITH_ANSWER" })).data.map((q) => q.id)).toEqual([other.id]);
      expect((await list(a, { filter: "WITHOUT_ANSWER" })).data.map((q) => q.id)).toEqual([open.id]);
    });

    it("grades once after the deadline: the points join the season points and the boards; again changes nothing", async () => {
      const q = await freeText();
      const c = await choice();
      const [right, wrong, silent] = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
      at(h, closesAt - MINUTE);
      await answer(right, q.id, { text: "marco bezzecchi" });
      await answer(right, c.id, { text: "3", id: "c" });
      await answer(wrong, q.id, { text: "Jorge Martin" });
      await answer(wrong, c.id, { text: "1", id: "a" });
      const early = await grade(q.id, "Marco Bezzecchi");
      expect(early.status).toBe(409);
      expect(early.body.code).toBe("questionOpen");
      expect((await list(right)).data.find((x) => x.id === q.id)!.correctAnswer).toBeNull();

      at(h, closesAt + MINUTE);
      const graded = await grade(q.id, "Marco Bezzecchi");
      expect(GradeReport.parse(graded.body.result)).toMatchObject({ graded: 2, correct: 1, replayed: false });
      expect((await grade(c.id, "9")).body.code).toBe("answerNotAnOption");
      expect((await grade(c.id, "c")).body.result).toMatchObject({ correctAnswer: "3", graded: 2, correct: 1 });
      expect(await pointsOf(right)).toBe(20);
      expect(await pointsOf(wrong)).toBe(0);
      expect(await pointsOf(silent)).toBe(0);

      // again with the same answer: a replay; another answer: refused; nothing moves
      expect((await grade(q.id, " marco  BEZZECCHI")).body.result).toMatchObject({ replayed: true, correct: 1 });
      const other = await grade(q.id, "Jorge Martin");
      expect(other.status).toBe(409);
      expect(other.body.code).toBe("questionGraded");
      expect(await pointsOf(right)).toBe(20);

      const mine = (await list(right)).data.find((x) => x.id === q.id)!;
      expect(mine).toMatchObject({
        result: "CORRECT",
        correctAnswer: "Marco Bezzecchi",
        userAnswer: "marco bezzecchi",
      });
      expect((await list(wrong)).data.find((x) => x.id === q.id)).toMatchObject({
        result: "WRONG",
        correctAnswer: "Marco Bezzecchi",
      });
      const profile = await h.call("GET", "/users/profile", { token: await tokenOf(h, right) });
      expect(profile.body.result.stat.points).toBe(20);
      const season = await h.call("GET", "/leaderboards/season", { query: { take: 100 } });
      const entries = season.body.result.data as { user: { id: string }; points: number; rank: number }[];
      expect(entries.find((e) => e.user.id === right.id)).toMatchObject({ points: 20, rank: 1 });
      expect(entries.find((e) => e.user.id === wrong.id)!.points).toBe(0);
      const board = await h.call("GET", `/leaderboards/races/${race.id}`);
      expect(board.body.result.data[0]).toMatchObject({ user: { id: right.id }, points: 20 });

      const successful = await h.call("GET", "/questions/answers", {
        token: await tokenOf(h, right),
        query: { result: "CORRECT" },
      });
      expect(
        QuestionsPage.parse(successful.body.result)
          .data.map((x) => x.id)
          .toSorted(),
      ).toEqual([q.id, c.id].toSorted());
      const allWrong = await h.call("GET", "/questions/answers", { token: await tokenOf(h, wrong) });
      expect(QuestionsPage.parse(allWrong.body.result).data.map((x) => x.result)).toEqual(["WRONG", "WRONG"]);
      const ofRace = async (raceId: string) =>
        (await h.call("GET", "/questions/answers", { token: await tokenOf(h, right), query: { raceId } })).body.result
          .count;
      expect(await ofRace(race.id)).toBe(2);
      expect(await ofRace("00000000-0000-4000-8000-000000000000")).toBe(0);
      // Text that is no race's id at all is a malformed query (400), as on every call.
      expect(
        (await h.call("GET", "/questions/answers", { token: await tokenOf(h, right), query: { raceId: "not-a-race" } }))
          .status,
      ).toBe(400);
      const none = await h.call("GET", "/questions/answers", { token: await tokenOf(h, silent) });
      expect(none.body.result.count).toBe(0);
    });

    it("grades concurrently requested grading once", async () => {
      const q = await freeText();
      const p = await signUpConfirmed(h);
      at(h, closesAt - MINUTE);
      await answer(p, q.id, { text: "A Rider" });
      at(h, closesAt + MINUTE);
      const replies = await Promise.all([grade(q.id, "A Rider"), grade(q.id, "A Rider"), grade(q.id, "A Rider")]);
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(replies.filter((r) => r.body.result.replayed === false)).toHaveLength(1);
      expect(await pointsOf(p)).toBe(15);
      const [score] = await h.database.db.select().from(raceScores).where(eq(raceScores.userId, p.id));
      expect(Number(score!.points)).toBe(15);
    });

    it("grades the demo's questions from the entered results; those whose results are missing wait", async () => {
      const q = await add({ type: "ABOUT_GRAN_PRIX", points: 10, text: "Pole?", source: "POLE" });
      const s = await add({ type: "ABOUT_RIDERS", points: 15, text: "Sprint?", source: "SPRINT_WINNER" });
      const p = await signUpConfirmed(h);
      at(h, closesAt - MINUTE);
      const [pole] = await h.database.db
        .execute(sql`SELECT name FROM riders WHERE id = ${race.active[2]}`)
        .then((r) => (r as { rows: { name: string }[] }).rows);
      await answer(p, q.id, { text: pole!.name });
      at(h, race.sessions.Q2.end + SECOND);
      expect(
        (
          await h.call("POST", `/admin/races/${race.id}/results`, {
            body: { session: "Q2", riderIds: [race.active[2], race.active[0], race.active[1]] },
            headers: admin,
          })
        ).status,
      ).toBe(200);
      const res = await h.call("POST", `/admin/races/${race.id}/questions/grade`, { headers: admin });
      const report = GradeFromResults.parse(res.body.result);
      expect(report.graded).toEqual([
        expect.objectContaining({ questionId: q.id, correctAnswer: pole!.name, correct: 1 }),
      ]);
      expect(report.waiting).toEqual([s.id]);
      expect(await pointsOf(p)).toBe(10);
      const listed = AdminQuestion.array().parse(
        (await h.call("GET", `/admin/races/${race.id}/questions`, { headers: admin })).body.result,
      );
      expect(listed.find((x) => x.id === q.id)).toMatchObject({ answers: 1, correct: 1, correctAnswer: pole!.name });
    });

    it("refuses a question outside the rules", async () => {
      for (const body of [
        { type: "ABOUT_RIDERS", points: 4, text: "Too cheap?" },
        { type: "ABOUT_RIDERS", points: 21, text: "Too rich?" },
        { type: "ABOUT_OTHER", points: 10, text: "Unknown type?" },
        { type: "ABOUT_RIDERS", points: 10, text: "" },
      ]) {
        expect((await h.call("POST", `/admin/races/${race.id}/questions`, { body, headers: admin })).status).toBe(400);
      }
      expect(
        (
          await h.call("POST", `/admin/races/${race.id}/questions`, {
            body: { type: "ABOUT_GENERAL", points: 5, text: "One option?", options: ["1"] },
            headers: admin,
          })
        ).body.code,
      ).toBe("answerNotAnOption");
      expect(
        (
          await h.call("POST", `/admin/races/00000000-0000-4000-8000-000000000000/questions`, {
            body: { type: "ABOUT_RIDERS", points: 5, text: "x" },
            headers: admin,
          })
        ).status,
      ).toBe(404);
    });

    describe("the demo season", () => {
      it("ships four questions for every round not yet started, in every language, closing at the weekend's first session", async () => {
        const rounds = (
          await h.database.db
            .execute(sql`SELECT count(*)::int AS n FROM races`)
            .then((r) => (r as { rows: { n: number }[] }).rows)
        )[0]!.n;
        const added = await seedQuestionsIfEmpty(h.database.db, new Date(0));
        expect(added).toBe(rounds * 4);
        expect(await seedQuestionsIfEmpty(h.database.db, new Date(0))).toBe(0);
        const rows = await h.database.db.select().from(questions).where(eq(questions.raceId, race.id));
        expect(new Set(rows.map((r) => r.type))).toEqual(
          new Set(["ABOUT_GRAN_PRIX", "ABOUT_RIDERS", "ABOUT_MANUFACTURER", "ABOUT_GENERAL"]),
        );
        for (const r of rows) {
          expect(Object.keys(r.texts).toSorted()).toEqual([...languageCodes].toSorted());
          expect(r.closesAt.getTime()).toBe(race.sessions.FP1.start);
          expect(r.points).toBeGreaterThanOrEqual(5);
          expect(r.points).toBeLessThanOrEqual(20);
        }
      });
    });
  },
  { seed: true },
);

describe("answers from results", () => {
  const riders = new Map([
    ["a", { name: "Ann A", manufacturer: "DUCATI" }],
    ["b", { name: "Bob B", manufacturer: "KTM" }],
    ["c", { name: "Cy C", manufacturer: "DUCATI" }],
  ]);
  const of = (id: string) => riders.get(id);
  it("derives each source's answer, or null while its result is missing", () => {
    expect(answerFromResults("POLE", { Q2: ["b", "a"] }, of)).toBe("Bob B");
    expect(answerFromResults("SPRINT_WINNER", { Q2: ["b"] }, of)).toBeNull();
    expect(answerFromResults("RACE_WINNER_MANUFACTURER", { START: ["a"] }, of)).toBe("Ducati");
    expect(answerFromResults("RACE_WINNER_MANUFACTURER", { START: ["b"] }, of)).toBe("KTM");
    expect(answerFromResults("PODIUM_MANUFACTURERS", { START: ["a", "b", "c"] }, of)).toBe("2");
    expect(answerFromResults("PODIUM_MANUFACTURERS", { START: ["a", "b"] }, of)).toBeNull();
  });
});
