import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { gradeAnswer, planCorrectAnswer, sameAnswer } from "../../../contract/questionRules";
import type { ResultKey } from "../../../contract/results";
import {
  changedPicks,
  planCorrection,
  pointsMoved,
  type PickChange,
  type PickScoreOf,
} from "../../../contract/weekendRules/confirmation";
import { settle, type SettlePick } from "../../../contract/weekendRules/scoring";
import { pgArray, rowsOf } from "../../db/arrays";
import { pickCorrections } from "../../db/schema.corrections";
import { questionAnswers, questions, riderPerformances, riders, sessionResults, teams } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import type { LedgerTx } from "../diamonds/ledger";
import { answerFromResults } from "../questions/grading";
import { weekendConfirmedIn } from "./confirmation";
import { refreshScores } from "./scores";
import { categoriesOf, checkClassification, recordPerformances, type SettleTx } from "./settlement";
import { lockSettlement, raceFor } from "./settledRace";
import { notifyInBatches } from "../../live/notifyInBatches";

// game-rules.md "Results are provisional until the weekend is confirmed": a correction replaces an entered
// classification and re-scores, in one transaction, everything that depends on it exactly as if the corrected one had
// been entered first: the picks it decides (their upgrades applied as at entry), the bonus questions graded from
// results, the race's rider results, the boards and season statistics. Diamonds spent stay spent, and the race's bets
// stand as settled on the classification first entered. Each changed pick's before and after is kept
// (pick_corrections) and each player whose picks changed gets one RESULTS_CORRECTED notice.

/** One changed line of a player's notice: a pick's category, or QUESTION for a bonus question graded from results. */
export type CorrectionChange = { category: string; before: PickScoreOf; after: PickScoreOf };

export type CorrectionOutcome = {
  replayed: boolean;
  /** Picks whose state or points changed. */
  changed: number;
  /** Players with a changed pick or question (each told once), and those whose points moved in all. */
  players: number;
  moved: number;
  /** The net change of points over all players. */
  points: number;
  /** Questions graded from results whose correct answer changed. */
  questions: number;
};

type PickRow = {
  id: string;
  user_id: string;
  category: SettlePick["category"];
  rider_id: string;
  upgrades: SettlePick["upgrades"];
  state: PickScoreOf["state"];
  points: string | number | null;
};

/** Rows of pick_corrections per INSERT (8 bind parameters each, PostgreSQL allows 65,535). */
const HISTORY_BATCH = 5000;

/**
 * Re-grades the race's bonus questions graded from results whose answer the standing classifications now give
 * differently, as gradeFromResults would have graded them first. Returns each player's changed questions.
 */
async function regradeQuestions(
  tx: LedgerTx,
  raceId: string,
): Promise<{ regraded: number; changes: Map<string, CorrectionChange[]> }> {
  const entered = await tx.select().from(sessionResults).where(eq(sessionResults.raceId, raceId));
  const results: Partial<Record<ResultKey, string[]>> = Object.fromEntries(
    entered.filter((r) => !r.canceled).map((r) => [r.resultKey, r.riderIds]),
  );
  const graded = await tx
    .select()
    .from(questions)
    .where(and(eq(questions.raceId, raceId), sql`${questions.source} IS NOT NULL`, isNotNull(questions.gradedAt)))
    .for("update");
  const changes = new Map<string, CorrectionChange[]>();
  if (graded.length === 0) return { regraded: 0, changes };
  const ids = [...new Set(Object.values(results).flat())];
  const known = ids.length
    ? await tx
        .select({ id: riders.id, name: riders.name, manufacturer: teams.manufacturer })
        .from(riders)
        .innerJoin(teams, eq(teams.id, riders.teamId))
        .where(inArray(riders.id, ids))
    : [];
  const byId = new Map(known.map((r) => [r.id, r]));
  let regraded = 0;
  for (const q of graded) {
    const answer = q.source ? answerFromResults(q.source, results, (id) => byId.get(id)) : null;
    if (answer === null || (q.correctAnswer !== null && sameAnswer(q.correctAnswer, answer))) continue;
    const correctAnswer = allowed(planCorrectAnswer(q.type, q.options, answer));
    regraded++;
    const given = await tx
      .select({ userId: questionAnswers.userId, text: questionAnswers.text, result: questionAnswers.result })
      .from(questionAnswers)
      .where(eq(questionAnswers.questionId, q.id));
    const correct: string[] = [];
    for (const a of given) {
      const result = gradeAnswer(a.text, correctAnswer);
      if (result === "CORRECT") correct.push(a.userId);
      if (result === a.result) continue;
      const score = (r: string): PickScoreOf => ({
        state: r === "CORRECT" ? "ACCURATE" : "INACCURATE",
        points: r === "CORRECT" ? q.points : 0,
      });
      changes.set(a.userId, [
        ...(changes.get(a.userId) ?? []),
        { category: "QUESTION", before: score(a.result), after: score(result) },
      ]);
    }
    await tx.update(questionAnswers).set({ result: "WRONG" }).where(eq(questionAnswers.questionId, q.id));
    if (correct.length)
      await tx
        .update(questionAnswers)
        .set({ result: "CORRECT" })
        .where(and(eq(questionAnswers.questionId, q.id), inArray(questionAnswers.userId, correct)));
    await tx.update(questions).set({ correctAnswer }).where(eq(questions.id, q.id));
  }
  return { regraded, changes };
}

/**
 * Corrects one classification in `tx`: refused unless it was entered (and not canceled) and the weekend is not
 * confirmed; the standing classification again is a replay. `by`: the operator for the audit log (null: a preview).
 */
export async function correctIn(
  deps: AppDeps,
  tx: SettleTx,
  raceId: string,
  key: ResultKey,
  riderIds: readonly string[],
  by: Operator | null,
): Promise<CorrectionOutcome> {
  const race = await raceFor(tx, raceId);
  await lockSettlement(tx, raceId);
  const now = deps.clock.now();
  const [prior] = await tx
    .select()
    .from(sessionResults)
    .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, key)));
  const plan = planCorrection(prior ?? null, riderIds, await weekendConfirmedIn(tx, raceId, now));
  if (plan.kind === "refuse") throw new AppError(409, plan.code);
  if (plan.kind === "replay") return { replayed: true, changed: 0, players: 0, moved: 0, points: 0, questions: 0 };
  await checkClassification(tx, riderIds);
  const before = prior!.riderIds;

  // The classification: the corrected one stands, the first entered stays for the bets settled on it.
  await tx
    .update(sessionResults)
    .set({ riderIds: [...riderIds], correctedAt: now, enteredRiderIds: prior!.enteredRiderIds ?? before })
    .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, key)));

  // Every pick the key decided, scored again on the corrected classification with the same upgrades.
  const picks = rowsOf<PickRow>(
    await tx.execute(sql`SELECT id, user_id, category, rider_id, upgrades, state, points FROM predictions
      WHERE race_id = ${raceId} AND category = ANY(${pgArray(categoriesOf(key))}::text[]) AND settled_at IS NOT NULL AND state <> 'CANCELED'`),
  ).map((p) => ({ ...p, points: Number(p.points ?? 0) }));
  const rescored = settle(
    picks.map((p) => ({ id: p.id, category: p.category, riderId: p.rider_id, upgrades: p.upgrades, settledAt: null })),
    { [key]: { canceled: false, top: riderIds } },
  );
  const changes: PickChange<(typeof picks)[number]>[] = changedPicks(
    picks,
    new Map(rescored.map((s) => [s.id, { state: s.state, points: s.points }])),
  );
  if (changes.length) {
    await tx.execute(sql`
      UPDATE predictions p SET state = v.state, points = v.points
      FROM unnest(${pgArray(changes.map((c) => c.pick.id))}::uuid[], ${pgArray(changes.map((c) => c.after.state))}::text[], ${pgArray(changes.map((c) => c.after.points))}::numeric[]) AS v(id, state, points)
      WHERE p.id = v.id`);
    const history = changes.map((c) => ({
      predictionId: c.pick.id,
      resultKey: key,
      beforeState: c.before.state,
      beforePoints: c.before.points,
      beforeFinished: before.indexOf(c.pick.rider_id) + 1 || null,
      afterState: c.after.state,
      afterPoints: c.after.points,
      correctedAt: now,
    }));
    for (let i = 0; i < history.length; i += HISTORY_BATCH)
      await tx.insert(pickCorrections).values(history.slice(i, i + HISTORY_BATCH));
  }

  // The race classification is the riders' result of the round: a rider who left the classification loses the row.
  if (key === "START") {
    const gone = before.filter((id) => !riderIds.includes(id));
    if (gone.length) {
      await tx
        .delete(riderPerformances)
        .where(
          and(
            inArray(riderPerformances.riderId, gone),
            eq(riderPerformances.season, race.season),
            eq(riderPerformances.round, race.round),
          ),
        );
    }
    await recordPerformances(tx, race, riderIds);
  }

  const questioned = await regradeQuestions(tx, raceId);
  await refreshScores(tx, raceId, race.season);

  // One notice per player whose picks (or questions) changed, each change before and after.
  const perPlayer = new Map<string, CorrectionChange[]>();
  for (const c of changes)
    perPlayer.set(c.pick.user_id, [
      ...(perPlayer.get(c.pick.user_id) ?? []),
      { category: c.pick.category, before: c.before, after: c.after },
    ]);
  for (const [userId, list] of questioned.changes) perPlayer.set(userId, [...(perPlayer.get(userId) ?? []), ...list]);
  const players = [...perPlayer.keys()];
  await notifyInBatches(deps, tx, players, "RESULTS_CORRECTED", (userId) => ({
    raceId,
    raceName: race.name,
    name: key,
    changes: perPlayer.get(userId) ?? [],
  }));

  const all = [...perPlayer.values()];
  const outcome: CorrectionOutcome = {
    replayed: false,
    changed: changes.length,
    players: players.length,
    moved: all.filter((list) => pointsMoved(list) !== 0).length,
    points: pointsMoved(all.flat()),
    questions: questioned.regraded,
  };
  if (by) {
    await recordAudit(tx, deps.clock, by, {
      action: "RESULT_CORRECT",
      raceId,
      target: key,
      before: { riderIds: before },
      after: { riderIds, changed: outcome.changed, players: outcome.players, questions: outcome.questions },
    });
  }
  return outcome;
}
