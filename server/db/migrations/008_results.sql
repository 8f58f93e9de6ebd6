-- Results and settlement (game rules "Points"): the operator's classifications, each race's per-player
-- score (the race board and its tie-break), and players' season points becoming fractional (insurance
-- pays half of 5 on SPRINT_THIRD).

-- One classification per race and result key. Entered once: settlement scores the key's picks in the
-- same transaction, so a row here means its picks are scored.
CREATE TABLE session_results (
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  result_key text NOT NULL CHECK (result_key IN ('FP1', 'PF', 'FP2', 'Q2', 'SPRINT', 'START', 'POSITION_GAINED')),
  canceled boolean NOT NULL DEFAULT false,
  -- Rider ids best first; empty when canceled.
  rider_ids uuid[] NOT NULL DEFAULT '{}',
  entered_at timestamptz NOT NULL,
  PRIMARY KEY (race_id, result_key)
);

-- A player's weekend: the sum of their scored picks and the exact-pick counts the tie-break reads, in
-- its order. Rewritten from `predictions` whenever one of the race's result keys is settled.
CREATE TABLE race_scores (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  season integer NOT NULL,
  points numeric(8, 1) NOT NULL DEFAULT 0,
  accurate integer NOT NULL DEFAULT 0,
  race_podium integer NOT NULL DEFAULT 0,
  sprint_podium integer NOT NULL DEFAULT 0,
  pole integer NOT NULL DEFAULT 0,
  fp2 integer NOT NULL DEFAULT 0,
  practice_fastest integer NOT NULL DEFAULT 0,
  fp1 integer NOT NULL DEFAULT 0,
  positions_gained integer NOT NULL DEFAULT 0,
  -- The earliest save of the weekend: the last tie-break.
  first_saved_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, race_id)
);
-- The race board, in its order.
CREATE INDEX race_scores_board_idx ON race_scores (race_id, points DESC, race_podium DESC, sprint_podium DESC, pole DESC, fp2 DESC,
  practice_fastest DESC, fp1 DESC, positions_gained DESC, first_saved_at, user_id);
-- The season board aggregates one season's rows per player.
CREATE INDEX race_scores_season_idx ON race_scores (season, user_id);

ALTER TABLE users ALTER COLUMN points TYPE numeric(10, 1);
