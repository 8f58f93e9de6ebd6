import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/arrays";
import type { LedgerTx } from "../diamonds/ledger";

// The derived numbers settlement keeps: each player's weekend (race_scores) and their season statistics
// on users (points, average, wins, podiums, poles). Both are rewritten from the scored picks rather than
// incremented, so settling in any order, or again, gives the same numbers.

/** game-rules.md "Points" tie-break, as an ORDER BY over race_scores-shaped columns. */
export const tieBreak = sql.raw(
  "points DESC, race_podium DESC, sprint_podium DESC, pole DESC, fp2 DESC, practice_fastest DESC, fp1 DESC, positions_gained DESC, first_saved_at ASC, user_id ASC",
);

const exact = (categories: string) => sql.raw(`count(*) FILTER (WHERE state = 'ACCURATE' AND category IN (${categories}))::int`);

/**
 * Rewrites the race's rows of race_scores from its scored picks and graded bonus answers (a player appears once
 * one of them is scored).
 */
export async function refreshRaceScores(tx: LedgerTx, raceId: string, season: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO race_scores (user_id, race_id, season, points, accurate, race_podium, sprint_podium, pole, fp2, practice_fastest, fp1, positions_gained, first_saved_at)
    SELECT user_id, race_id, ${season}, coalesce(sum(points), 0), count(*) FILTER (WHERE state = 'ACCURATE')::int,
      ${exact("'RACE_FIRST', 'RACE_SECOND', 'RACE_THIRD'")}, ${exact("'SPRINT_FIRST', 'SPRINT_SECOND', 'SPRINT_THIRD'")},
      ${exact("'POLEMAN'")}, ${exact("'FP2'")}, ${exact("'PRACTICE_FASTEST'")}, ${exact("'FP1'")}, ${exact("'POSITION_GAINED'")},
      min(saved_at)
    FROM (
      SELECT user_id, race_id, points, state, category, saved_at FROM predictions WHERE race_id = ${raceId} AND settled_at IS NOT NULL
      UNION ALL
      -- Graded bonus questions of the weekend (server/modules/questions): a CORRECT answer adds the question's points.
      SELECT a.user_id, q.race_id, CASE WHEN a.result = 'CORRECT' THEN q.points ELSE 0 END::numeric, a.result, NULL::text, a.answered_at
      FROM question_answers a JOIN questions q ON q.id = a.question_id
      WHERE q.race_id = ${raceId} AND q.graded_at IS NOT NULL
    ) scored
    GROUP BY user_id, race_id
    ON CONFLICT (user_id, race_id) DO UPDATE SET
      points = excluded.points, accurate = excluded.accurate, race_podium = excluded.race_podium, sprint_podium = excluded.sprint_podium,
      pole = excluded.pole, fp2 = excluded.fp2, practice_fastest = excluded.practice_fastest, fp1 = excluded.fp1,
      positions_gained = excluded.positions_gained, first_saved_at = excluded.first_saved_at
    -- A row whose numbers did not move is not written again (most players miss most keys).
    WHERE (race_scores.points, race_scores.accurate, race_scores.race_podium, race_scores.sprint_podium, race_scores.pole, race_scores.fp2,
        race_scores.practice_fastest, race_scores.fp1, race_scores.positions_gained, race_scores.first_saved_at)
      IS DISTINCT FROM (excluded.points, excluded.accurate, excluded.race_podium, excluded.sprint_podium, excluded.pole, excluded.fp2,
        excluded.practice_fastest, excluded.fp1, excluded.positions_gained, excluded.first_saved_at)`);
}

/**
 * The season statistics of the race's players: points (season sum), average (per weekend played), poles
 * (exact pole picks), and wins and podiums (first, top three on a finished weekend's board, where a
 * weekend is finished once its race classification is in). Every race of the season is ranked (in the order
 * of race_scores_board_idx): narrowing it to the races these players played cost more than it saved, since
 * a race's players have played nearly every race (tests/bench/settlement.ts, docs/performance.md).
 * Until the race itself is finished its board counts for no one's wins or podiums, and no other race's board
 * moved (only this race's scores were rewritten), so the ranking is skipped: five of a weekend's seven entries
 * then rewrite the sums alone.
 */
export async function refreshSeasonStats(tx: LedgerTx, season: number, raceId: string): Promise<void> {
  const [{ finished } = { finished: true }] = rowsOf<{ finished: boolean }>(
    await tx.execute(sql`SELECT EXISTS (SELECT 1 FROM session_results WHERE race_id = ${raceId} AND result_key = 'START') AS finished`),
  );
  if (!finished) {
    await tx.execute(sql`
      WITH mine AS (
        SELECT user_id, sum(points) AS points, avg(points) AS average, sum(pole)::int AS poles
        FROM race_scores
        WHERE season = ${season} AND user_id IN (SELECT user_id FROM race_scores WHERE race_id = ${raceId})
        GROUP BY user_id
      )
      UPDATE users u SET points = mine.points, average = round(mine.average, 1), poles = mine.poles
      FROM mine WHERE u.id = mine.user_id
        AND (u.points, u.average, u.poles) IS DISTINCT FROM (mine.points, round(mine.average, 1)::real, mine.poles)`);
    return;
  }
  await tx.execute(sql`
    WITH ranked AS (
      SELECT rs.user_id, rs.points, rs.pole,
        rs.race_id IN (SELECT race_id FROM session_results WHERE result_key = 'START') AS finished,
        row_number() OVER (PARTITION BY rs.race_id ORDER BY ${tieBreak}) AS place
      FROM race_scores rs
      WHERE rs.season = ${season}
    ),
    mine AS (
      SELECT user_id, sum(points) AS points, avg(points) AS average, sum(pole)::int AS poles,
        count(*) FILTER (WHERE finished AND place = 1)::int AS wins, count(*) FILTER (WHERE finished AND place <= 3)::int AS podiums
      FROM ranked
      WHERE user_id IN (SELECT user_id FROM race_scores WHERE race_id = ${raceId})
      GROUP BY user_id
    )
    UPDATE users u SET points = mine.points, average = round(mine.average, 1), poles = mine.poles, wins = mine.wins, podiums = mine.podiums
    FROM mine WHERE u.id = mine.user_id
      AND (u.points, u.average, u.poles, u.wins, u.podiums) IS DISTINCT FROM (mine.points, round(mine.average, 1)::real, mine.poles, mine.wins, mine.podiums)`);
}
