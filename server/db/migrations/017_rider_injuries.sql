-- game-rules.md "Injured riders": an operator's injury of a rider for a race, made once. The call repeated (or
-- sent by two operators at once, serialized by the race's settlement lock) finds this row and answers what the
-- injury did, without telling the players again. A rider made ACTIVE again and injured anew is a new injury.
CREATE TABLE rider_injuries (
  rider_id uuid NOT NULL REFERENCES riders (id) ON DELETE CASCADE,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  invalidated integer NOT NULL,
  players integer NOT NULL,
  refunded integer NOT NULL,
  bets integer NOT NULL,
  injured_at timestamptz NOT NULL,
  PRIMARY KEY (rider_id, race_id)
);
