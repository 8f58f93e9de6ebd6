-- game-rules.md "Results are provisional until the weekend is confirmed": a classification may be replaced by a
-- correction until the weekend is confirmed (by the operator, or 72 hours after the race session's end), and each
-- point keeps its history ("why each point").

-- A corrected classification: rider_ids is the standing one; entered_rider_ids keeps the one first entered, on which
-- the race's bets were settled (as bookmakers settle, at the podium). Both stay NULL until a first correction.
ALTER TABLE session_results ADD COLUMN corrected_at timestamptz;
ALTER TABLE session_results ADD COLUMN entered_rider_ids uuid[];

-- Every pick a correction changed, before and after: the player's "why each point" reads the last one.
CREATE TABLE pick_corrections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  prediction_id uuid NOT NULL REFERENCES predictions (id) ON DELETE CASCADE,
  result_key text NOT NULL,
  before_state text NOT NULL,
  before_points numeric(8, 1) NOT NULL,
  after_state text NOT NULL,
  after_points numeric(8, 1) NOT NULL,
  corrected_at timestamptz NOT NULL
);
CREATE INDEX pick_corrections_prediction_idx ON pick_corrections (prediction_id, id);

-- A confirmed weekend: its results are final. One row per race, so the operator and the 72-hour rule (on any
-- instance) confirm it once: the INSERT that wins decides the paddock winners.
CREATE TABLE weekend_confirmations (
  race_id uuid PRIMARY KEY REFERENCES races (id) ON DELETE CASCADE,
  confirmed_at timestamptz NOT NULL,
  confirmed_by text NOT NULL CHECK (confirmed_by IN ('operator', 'rule'))
);

-- The weekend's paddock-experience winners, decided once at confirmation from the confirmed board.
CREATE TABLE paddock_winners (
  race_id uuid NOT NULL REFERENCES weekend_confirmations (race_id) ON DELETE CASCADE,
  place integer NOT NULL CHECK (place >= 1),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  points numeric(8, 1) NOT NULL,
  PRIMARY KEY (race_id, place)
);
