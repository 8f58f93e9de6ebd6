-- Predictions (game rules "Saving and locking", "Change Predictions", "Upgrades", "Points"): one row per
-- player, race and category. A row is created by the first save and never deleted by the player except to
-- free a slot whose rider was injured; a paid change rewrites rider_id and counts up `changes` (the ledger
-- key of the change's debit is 'change:<id>:<changes>'). `upgrades` lists the PredictionActionType values
-- that apply to this pick: PREDICTION for its own multiplier, the podium types on each of the podium's three rows.

CREATE TABLE predictions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  category text NOT NULL CHECK (category IN (
    'FP1', 'PRACTICE_FASTEST', 'FP2', 'POLEMAN', 'SPRINT_FIRST', 'SPRINT_SECOND', 'SPRINT_THIRD',
    'RACE_FIRST', 'RACE_SECOND', 'RACE_THIRD', 'POSITION_GAINED'
  )),
  rider_id uuid NOT NULL REFERENCES riders (id),
  state text NOT NULL DEFAULT 'MADE' CHECK (state IN ('MADE', 'ACCURATE', 'INACCURATE', 'CANCELED', 'INSURANCE')),
  -- Null until settled; halves exist (insurance pays 50% of 5 on SPRINT_THIRD).
  points numeric(6, 1),
  upgrades text[] NOT NULL DEFAULT '{}' CHECK (upgrades <@ ARRAY[
    'PREDICTION', 'PREDICTION_RACE', 'PREDICTION_SPRINT', 'PREDICTION_INSURANCE_RACE', 'PREDICTION_INSURANCE_SPRINT'
  ]::text[]),
  changes integer NOT NULL DEFAULT 0 CHECK (changes >= 0),
  saved_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Set once when the race is scored, so settlement never scores a pick twice.
  settled_at timestamptz,
  -- One pick per category; its index also serves every by-player lookup (a player's race, a player's season).
  CONSTRAINT predictions_one_per_category UNIQUE (user_id, race_id, category)
);

-- A race's picks per category and rider: statistics (counts per rider), settlement and league spreads.
CREATE INDEX predictions_race_idx ON predictions (race_id, category, rider_id);
-- The picks on one rider (an injury invalidates the not-yet-started ones).
CREATE INDEX predictions_rider_idx ON predictions (rider_id, race_id);
