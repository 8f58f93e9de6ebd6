import { randomUUID } from "node:crypto";
import { and, asc, count, eq, inArray, min, sql } from "drizzle-orm";
import {
  gradeAnswer,
  isChoice,
  manufacturerName,
  optionIds,
  planCorrectAnswer,
  sameAnswer,
} from "../../../contract/questionRules";
import type {
  AdminQuestion,
  GradeFromResults,
  GradeReport,
  NewQuestionBody,
  QuestionSource,
} from "../../../contract/questions";
import type { ResultKey } from "../../../contract/results";
import {
  questionAnswers,
  questions,
  races,
  raceSessions,
  riders,
  sessionResults,
  teams,
  type QuestionRow,
} from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { allowed, AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { refreshScores } from "../results/scores";
import { isUuid } from "../../../contract/common";
import { holdLock, lockKeys } from "../../db/locks";

// The operators' side of bonus questions: publishing a weekend's questions, reading them with their answers, and
// grading — exactly once, in one transaction that grades every answer (contract/questionRules.ts `gradeAnswer`),
// stores the correct answer and rewrites the race's scores and the players' season points (the boards and the
// header's 'Earned points'). Grading takes the race's settlement lock, so it never interleaves with results.

/** A demo question's correct answer from the weekend's entered classifications, or null while they are missing. */
export function answerFromResults(
  source: QuestionSource,
  results: Partial<Record<ResultKey, readonly string[]>>,
  riderOf: (id: string) => { name: string; manufacturer: string } | undefined,
): string | null {
  const first = (key: ResultKey) => results[key]?.[0];
  switch (source) {
    case "POLE":
      return riderOf(first("Q2") ?? "")?.name ?? null;
    case "SPRINT_WINNER":
      return riderOf(first("SPRINT") ?? "")?.name ?? null;
    case "RACE_WINNER_MANUFACTURER": {
      const m = riderOf(first("START") ?? "")?.manufacturer;
      return m === undefined ? null : manufacturerName(m);
    }
    case "PODIUM_MANUFACTURERS": {
      const podium = (results.START ?? []).slice(0, 3).map((id) => riderOf(id)?.manufacturer);
      return podium.length === 3 && podium.every((m) => m !== undefined) ? String(new Set(podium).size) : null;
    }
  }
}

async function raceOf(tx: LedgerTx, raceId: string) {
  const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
  if (!race) throw new AppError(404, "notFound");
  return race;
}

async function toAdmin(tx: LedgerTx, rows: QuestionRow[]): Promise<AdminQuestion[]> {
  const ids = rows.map((r) => r.id);
  const tallies = ids.length
    ? await tx
        .select({
          id: questionAnswers.questionId,
          answers: count(),
          correct: sql<number>`count(*) FILTER (WHERE ${questionAnswers.result} = 'CORRECT')::int`,
        })
        .from(questionAnswers)
        .where(inArray(questionAnswers.questionId, ids))
        .groupBy(questionAnswers.questionId)
    : [];
  const tally = new Map(tallies.map((t) => [t.id, t]));
  return rows.map((r) => ({
    id: r.id,
    raceId: r.raceId,
    type: r.type,
    points: r.points,
    texts: r.texts,
    options: r.options,
    closesAt: r.closesAt.toISOString(),
    source: r.source,
    correctAnswer: r.correctAnswer,
    gradedAt: r.gradedAt?.toISOString() ?? null,
    answers: Number(tally.get(r.id)?.answers ?? 0),
    correct: Number(tally.get(r.id)?.correct ?? 0),
  }));
}

async function lockRace(tx: LedgerTx, raceId: string) {
  await holdLock(tx, lockKeys.settlement(raceId));
}

async function refreshPoints(tx: LedgerTx, raceId: string) {
  const race = await raceOf(tx, raceId);
  await refreshScores(tx, race.id, race.season);
}

/** The operator's words for a question in the audit log: its English text. */
const questionTarget = (q: Pick<QuestionRow, "texts">) => `question "${q.texts.en ?? ""}"`;

export function gradingService(deps: AppDeps) {
  const db = deps.db.db;

  /**
   * POST /admin/races/{raceId}/questions: closes by default at the weekend's first session's scheduled start. `by` (and
   * that of the grading calls below): the operator, for the audit log; a replay that grades nothing is not written.
   */
  async function add(raceId: string, body: NewQuestionBody, by: Operator = CLI_OPERATOR): Promise<AdminQuestion> {
    const options = optionIds(body.options ?? []);
    if (isChoice(body.type) ? options.length < 2 : options.length > 0) throw new AppError(400, "answerNotAnOption");
    return db.transaction(async (tx) => {
      const race = await raceOf(tx, raceId);
      const [first] = await tx
        .select({ at: min(raceSessions.startsAt) })
        .from(raceSessions)
        .where(eq(raceSessions.raceId, race.id));
      const closesAt = body.closesAt ? new Date(body.closesAt) : first?.at;
      if (!closesAt) throw new AppError(404, "notFound");
      const [row] = await tx
        .insert(questions)
        .values({
          id: randomUUID(),
          raceId: race.id,
          type: body.type,
          points: body.points,
          texts: { ...body.texts, en: body.text },
          options,
          closesAt,
          source: body.source ?? null,
          createdAt: deps.clock.now(),
        })
        .returning();
      const [added] = await toAdmin(tx, [row!]);
      const { answers: _answers, correct: _correct, ...after } = added!;
      await recordAudit(tx, deps.clock, by, {
        action: "QUESTION_ADD",
        raceId: race.id,
        target: questionTarget(row!),
        before: null,
        after,
      });
      return added!;
    });
  }

  async function list(raceId: string): Promise<AdminQuestion[]> {
    const race = await raceOf(db, raceId);
    return toAdmin(
      db,
      await db
        .select()
        .from(questions)
        .where(eq(questions.raceId, race.id))
        .orderBy(asc(questions.closesAt), asc(questions.createdAt)),
    );
  }

  /** Grades one question in `tx` (which holds the race's settlement lock). */
  async function gradeIn(tx: LedgerTx, q: QuestionRow, answer: string): Promise<GradeReport> {
    const correctAnswer = allowed(planCorrectAnswer(q.type, q.options, answer));
    const tallied = async (replayed: boolean, text: string) => {
      const [admin] = await toAdmin(tx, [q]);
      return { questionId: q.id, correctAnswer: text, graded: admin!.answers, correct: admin!.correct, replayed };
    };
    if (q.gradedAt !== null) {
      // The same answer (as grading compares texts) is a replay; it keeps the answer stored first.
      if (q.correctAnswer !== null && sameAnswer(q.correctAnswer, correctAnswer)) return tallied(true, q.correctAnswer);
      throw new AppError(409, "questionGraded");
    }
    const now = deps.clock.now();
    if (now.getTime() < q.closesAt.getTime()) throw new AppError(409, "questionOpen");
    const given = await tx
      .select({ userId: questionAnswers.userId, text: questionAnswers.text })
      .from(questionAnswers)
      .where(eq(questionAnswers.questionId, q.id));
    const correct = given.filter((a) => gradeAnswer(a.text, correctAnswer) === "CORRECT").map((a) => a.userId);
    await tx.update(questionAnswers).set({ result: "WRONG" }).where(eq(questionAnswers.questionId, q.id));
    if (correct.length)
      await tx
        .update(questionAnswers)
        .set({ result: "CORRECT" })
        .where(and(eq(questionAnswers.questionId, q.id), inArray(questionAnswers.userId, correct)));
    await tx.update(questions).set({ correctAnswer, gradedAt: now }).where(eq(questions.id, q.id));
    return { questionId: q.id, correctAnswer, graded: given.length, correct: correct.length, replayed: false };
  }

  /** POST /admin/questions/{id}/answer: the correct answer, every answer graded and the points counted, once. */
  async function grade(questionId: string, answer: string, by: Operator = CLI_OPERATOR): Promise<GradeReport> {
    if (!isUuid(questionId)) throw new AppError(404, "notFound");
    return db.transaction(async (tx) => {
      const [found] = await tx.select({ raceId: questions.raceId }).from(questions).where(eq(questions.id, questionId));
      if (!found) throw new AppError(404, "notFound");
      await lockRace(tx, found.raceId);
      const [q] = await tx.select().from(questions).where(eq(questions.id, questionId)).for("update");
      const report = await gradeIn(tx, q!, answer);
      if (!report.replayed) {
        await refreshPoints(tx, found.raceId);
        await recordAudit(tx, deps.clock, by, {
          action: "QUESTION_ANSWER",
          raceId: found.raceId,
          target: questionTarget(q!),
          before: { correctAnswer: null },
          after: { correctAnswer: report.correctAnswer, graded: report.graded, correct: report.correct },
        });
      }
      return report;
    });
  }

  /** POST /admin/races/{raceId}/questions/grade: the race's ungraded questions with a source, from its entered results. */
  async function gradeFromResults(raceId: string, by: Operator = CLI_OPERATOR): Promise<GradeFromResults> {
    return db.transaction(async (tx) => {
      const race = await raceOf(tx, raceId);
      await lockRace(tx, race.id);
      const entered = await tx.select().from(sessionResults).where(eq(sessionResults.raceId, race.id));
      const results: Partial<Record<ResultKey, string[]>> = Object.fromEntries(
        entered.filter((r) => !r.canceled).map((r) => [r.resultKey, r.riderIds]),
      );
      const ids = [...new Set(Object.values(results).flat())];
      const known = ids.length
        ? await tx
            .select({ id: riders.id, name: riders.name, manufacturer: teams.manufacturer })
            .from(riders)
            .innerJoin(teams, eq(teams.id, riders.teamId))
            .where(inArray(riders.id, ids))
        : [];
      const byId = new Map(known.map((r) => [r.id, r]));
      const now = deps.clock.now().getTime();
      const pending = await tx
        .select()
        .from(questions)
        .where(
          and(eq(questions.raceId, race.id), sql`${questions.source} IS NOT NULL`, sql`${questions.gradedAt} IS NULL`),
        )
        .orderBy(asc(questions.closesAt))
        .for("update");
      const graded: GradeReport[] = [];
      const waiting: string[] = [];
      for (const q of pending) {
        const answer = q.source ? answerFromResults(q.source, results, (id) => byId.get(id)) : null;
        if (answer === null || now < q.closesAt.getTime()) waiting.push(q.id);
        else graded.push(await gradeIn(tx, q, answer));
      }
      if (graded.length) {
        await refreshPoints(tx, race.id);
        const asked = new Map(pending.map((q) => [q.id, q]));
        await recordAudit(tx, deps.clock, by, {
          action: "QUESTION_GRADE",
          raceId: race.id,
          target: graded.map((g) => questionTarget(asked.get(g.questionId)!)).join(", "),
          before: graded.map((g) => ({ questionId: g.questionId, correctAnswer: null })),
          after: graded.map((g) => ({
            questionId: g.questionId,
            correctAnswer: g.correctAnswer,
            graded: g.graded,
            correct: g.correct,
          })),
        });
      }
      return { raceId: race.id, graded, waiting };
    });
  }

  return { add, list, grade, gradeFromResults };
}
