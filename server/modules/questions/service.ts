import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { LanguageCode, QuestionCategory, QuestionResult } from "../../../contract/enums";
import { answeringOpen, planAnswer } from "../../../contract/questionRules";
import type {
  AnswerBody,
  AnswersQuery,
  Question,
  QuestionOption,
  QuestionsPage,
  QuestionsQuery,
} from "../../../contract/questions";
import type * as z from "zod";
import { questionAnswers, questions, races } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { isUuid } from "../../../contract/common";

// The player's side of bonus questions: the list (tabs new / all / answered), their answers (Results' tabs) and
// answering. A player reads only their own answer; the correct answer leaves the server once graded.

type ListQuery = z.output<typeof QuestionsQuery>;
type AnswersListQuery = z.output<typeof AnswersQuery>;
type Row = {
  id: string;
  points: number;
  text: string;
  type: QuestionCategory;
  options: QuestionOption[];
  closesAt: Date;
  correctAnswer: string | null;
  raceId: string;
  raceName: string;
  userAnswer: string | null;
  userAnswerId: string | null;
  result: QuestionResult | null;
};

const columns = (lng: LanguageCode | undefined) => ({
  id: questions.id,
  points: questions.points,
  text: sql<string>`coalesce(${questions.texts} ->> ${lng ?? "en"}, ${questions.texts} ->> 'en')`,
  type: questions.type,
  options: questions.options,
  closesAt: questions.closesAt,
  correctAnswer: questions.correctAnswer,
  raceId: questions.raceId,
  raceName: races.name,
  userAnswer: questionAnswers.text,
  userAnswerId: questionAnswers.optionId,
  result: questionAnswers.result,
});

const toQuestion = (row: Row, now: Date): Question => ({
  id: row.id,
  points: row.points,
  text: row.text,
  type: row.type,
  options: row.options,
  closesAt: row.closesAt.toISOString(),
  open: answeringOpen(now.getTime(), row.closesAt.getTime()),
  correctAnswer: row.correctAnswer,
  raceId: row.raceId,
  raceName: row.raceName,
  userAnswer: row.userAnswer,
  userAnswerId: row.userAnswerId,
  result: row.result ?? "WAITING",
});

const graded = (filter: "WITH_ANSWER" | "WITHOUT_ANSWER" | undefined) =>
  filter === "WITH_ANSWER"
    ? isNotNull(questions.gradedAt)
    : filter === "WITHOUT_ANSWER"
      ? isNull(questions.gradedAt)
      : undefined;

export function questionsService(deps: AppDeps) {
  const db = deps.db.db;

  /**
   * One page of the caller's questions matching `where`, nearest deadline to now first (the weekend being played:
   * the questions about to close and those just closed, then further ones both ways); on a tie the open one first.
   */
  async function page(
    tx: LedgerTx,
    userId: string,
    lng: LanguageCode | undefined,
    where: SQL | undefined,
    paging: { page: number; take: number },
    answeredOnly: boolean,
  ): Promise<QuestionsPage> {
    const now = deps.clock.now();
    const mine = and(eq(questionAnswers.questionId, questions.id), eq(questionAnswers.userId, userId));
    const filtered = and(where, answeredOnly ? isNotNull(questionAnswers.userId) : undefined);
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(questions)
      .leftJoin(questionAnswers, mine)
      .where(filtered);
    const count = counted?.n ?? 0;
    const rows: Row[] = await tx
      .select(columns(lng))
      .from(questions)
      .innerJoin(races, eq(races.id, questions.raceId))
      .leftJoin(questionAnswers, mine)
      .where(filtered)
      .orderBy(
        asc(sql`abs(extract(epoch FROM ${questions.closesAt} - ${now.toISOString()}::timestamptz))`),
        desc(questions.closesAt),
        asc(questions.id),
      )
      .limit(paging.take)
      .offset((paging.page - 1) * paging.take);
    return {
      data: rows.map((r) => toQuestion(r, now)),
      page: paging.page,
      pages: Math.ceil(count / paging.take),
      count,
      now: now.toISOString(),
    };
  }

  /** GET /questions: isNew (open or closed), isAnswered (by the caller or not), filter (graded or not). */
  async function list(userId: string, query: ListQuery): Promise<QuestionsPage> {
    const now = deps.clock.now().toISOString();
    const where = and(
      query.isNew === undefined
        ? undefined
        : query.isNew
          ? sql`${questions.closesAt} > ${now}`
          : sql`${questions.closesAt} <= ${now}`,
      query.isAnswered === undefined
        ? undefined
        : query.isAnswered
          ? isNotNull(questionAnswers.userId)
          : isNull(questionAnswers.userId),
      graded(query.filter),
    );
    return page(db, userId, query.lng, where, query, false);
  }

  /** GET /questions/answers: the caller's answered questions, optionally of one result. */
  async function answers(userId: string, query: AnswersListQuery): Promise<QuestionsPage> {
    if (query.raceId !== undefined && !isUuid(query.raceId))
      return { data: [], page: query.page, pages: 0, count: 0, now: deps.clock.now().toISOString() };
    const where = and(
      query.result ? eq(questionAnswers.result, query.result) : undefined,
      graded(query.filter),
      query.raceId ? eq(questions.raceId, query.raceId) : undefined,
    );
    return page(db, userId, query.lng, where, query, true);
  }

  async function one(
    tx: LedgerTx,
    userId: string,
    questionId: string,
    lng: LanguageCode | undefined,
  ): Promise<Question> {
    const rows: Row[] = await tx
      .select(columns(lng))
      .from(questions)
      .innerJoin(races, eq(races.id, questions.raceId))
      .leftJoin(questionAnswers, and(eq(questionAnswers.questionId, questions.id), eq(questionAnswers.userId, userId)))
      .where(eq(questions.id, questionId));
    if (!rows[0]) throw new AppError(404, "notFound");
    return toQuestion(rows[0], deps.clock.now());
  }

  /**
   * POST /questions/{id}/user-answer: one answer per player, changed until the deadline. The question's row is
   * read FOR SHARE, so grading (FOR UPDATE, only after the deadline) never runs between the check and the write.
   */
  async function answer(userId: string, questionId: string, body: AnswerBody, lng?: LanguageCode): Promise<Question> {
    if (!isUuid(questionId)) throw new AppError(404, "notFound");
    return db.transaction(async (tx) => {
      const [q] = await tx.select().from(questions).where(eq(questions.id, questionId)).for("share");
      if (!q) throw new AppError(404, "notFound");
      const now = deps.clock.now();
      const plan = allowed(
        planAnswer({ now: now.getTime(), closesAt: q.closesAt.getTime(), type: q.type, options: q.options }, body),
      );
      await tx
        .insert(questionAnswers)
        .values({ questionId, userId, text: plan.text, optionId: plan.optionId, answeredAt: now })
        .onConflictDoUpdate({
          target: [questionAnswers.questionId, questionAnswers.userId],
          set: { text: plan.text, optionId: plan.optionId, answeredAt: now },
        });
      return one(tx, userId, questionId, lng);
    });
  }

  return { list, answers, answer };
}
