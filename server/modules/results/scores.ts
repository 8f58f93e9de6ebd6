import { sql, type SQL } from "drizzle-orm";
import { pgArray, rowsOf } from "../../db/arrays";
import type { LedgerTx } from "../diamonds/ledger";
import { holdLock, lockKeys } from "../../db/locks";

// The derived numbers settlement keeps: each player's weekend (race_scores) and their season statistics
// on users (points, average, wins, podiums, poles). Both are rewritten from the scored picks rather than
// incremented, for every player whose inputs moved, so settling in any order, or again, gives the same numbers.

/** game-rules.md "Points" tie-break, as an ORDER BY over race_scores-shaped columns. */
export const tieBreak = sql.raw(
  "points DESC, race_podium DESC, sprint_podium DESC, pole DESC, fp2 DESC, practice_fastest DESC, fp1 DESC, positions_gained DESC, first_saved_at ASC, user_id ASC",
);

const exact = (categories: string) =>
  sql.raw(`count(*) FILTER (WHERE state = 'ACCURATE' AND category IN (${categories}))::int`);

/** The race's first three in board order with their places (race_scores_board_idx answers it with a three-row index scan). */
const podiumOf = (race: SQL | string) =>
  sql`SELECT user_id, row_number() OVER (ORDER BY ${tieBreak}) AS place FROM race_scores WHERE race_id = ${race} ORDER BY ${tieBreak} LIMIT 3`;

/**
 * Rewrites the race's scores, then the season statistics of every player whose numbers can have moved: those whose
 * row of the race changed, and those on the race's podium before or after (a row that did not change can still
 * be pushed off the podium, or onto it when the race classification finishes the weekend). Everyone else's
 * statistics are read from rows that did not move, so they stay as the last rewrite left them.
 */
export async function refreshScores(tx: LedgerTx, raceId: string, season: number): Promise<void> {
  // A player's statistics sum every race of the season, and two races settle under two different locks: one rewrite
  // of a season at a time, so each reads the other's rows committed (later statements see what committed meanwhile).
  await holdLock(tx, lockKeys.seasonStats(season));
  const before = rowsOf<{ user_id: string }>(await tx.execute(podiumOf(raceId)));
  const changed = await refreshRaceScores(tx, raceId, season);
  const after = rowsOf<{ user_id: string }>(await tx.execute(podiumOf(raceId)));
  await refreshSeasonStats(tx, season, [
    ...new Set([...changed, ...before.map((r) => r.user_id), ...after.map((r) => r.user_id)]),
  ]);
}

/**
 * Rewrites the race's rows of race_scores from its scored picks and graded bonus answers (a player appears once
 * one of them is scored). Returns the players whose row was written.
 */
export async function refreshRaceScores(tx: LedgerTx, raceId: string, season: number): Promise<string[]> {
  const written = await tx.execute(sql`
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
        excluded.practice_fastest, excluded.fp1, excluded.positions_gained, excluded.first_saved_at)
    RETURNING user_id`);
  return rowsOf<{ user_id: string }>(written).map((r) => r.user_id);
}

/**
 * The season statistics of `players`: points (season sum), average (per weekend played), poles (exact pole picks),
 * and wins and podiums (first, top three on a finished weekend's board, where a weekend is finished once its race
 * classification is in). A race's first three come from its board index, three rows per finished race, so no
 * race is ranked whole; the sums read the players' own rows (race_scores_season_idx).
 */
export async function refreshSeasonStats(tx: LedgerTx, season: number, players: readonly string[]): Promise<void> {
  if (players.length === 0) return;
  await tx.execute(sql`
    WITH podium AS (
      SELECT top.user_id, top.place
      FROM races r
      JOIN session_results f ON f.race_id = r.id AND f.result_key = 'START'
      CROSS JOIN LATERAL (${podiumOf(sql`r.id`)}) top
      WHERE r.season = ${season}
    ),
    mine AS (
      SELECT rs.user_id, sum(rs.points) AS points, avg(rs.points) AS average, sum(rs.pole)::int AS poles,
        (SELECT count(*) FROM podium WHERE podium.user_id = rs.user_id AND place = 1)::int AS wins,
        (SELECT count(*) FROM podium WHERE podium.user_id = rs.user_id)::int AS podiums
      FROM race_scores rs
      WHERE rs.season = ${season} AND rs.user_id = ANY(${pgArray(players)}::uuid[])
      GROUP BY rs.user_id
    )
    UPDATE users u SET points = mine.points, average = round(mine.average, 1), poles = mine.poles, wins = mine.wins, podiums = mine.podiums
    FROM mine WHERE u.id = mine.user_id
      AND (u.points, u.average, u.poles, u.wins, u.podiums) IS DISTINCT FROM (mine.points, round(mine.average, 1)::real, mine.poles, mine.wins, mine.podiums)`);
}
