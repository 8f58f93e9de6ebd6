-- game-rules.md "The season is the operator's data": the season comes from a file (contract/season.ts). What the file
-- says that the tables did not hold: each row's key (the file's name for it, so a re-import finds the same row and
-- ids, picks and bets stay attached) and each circuit's IANA time zone. Rows made before keep a NULL key: the file
-- names them by their id. Nothing a player saved is deleted by an import, so a rider, team or round the file no
-- longer holds is marked removed (the round is canceled first) and keeps its id.

ALTER TABLE tracks ADD COLUMN key text UNIQUE;
ALTER TABLE tracks ADD COLUMN time_zone text NOT NULL DEFAULT 'UTC';

ALTER TABLE teams ADD COLUMN key text UNIQUE;
ALTER TABLE teams ADD COLUMN removed_at timestamptz;
ALTER TABLE riders ADD COLUMN key text UNIQUE;
ALTER TABLE riders ADD COLUMN removed_at timestamptz;
ALTER TABLE races ADD COLUMN key text UNIQUE;
ALTER TABLE races ADD COLUMN removed_at timestamptz;

-- A removed row keeps its number, name or round; the next file may give them to a new one.
ALTER TABLE races DROP CONSTRAINT races_season_round_key;
CREATE UNIQUE INDEX races_season_round_idx ON races (season, round) WHERE removed_at IS NULL;
ALTER TABLE teams DROP CONSTRAINT teams_race_class_name_key;
CREATE UNIQUE INDEX teams_race_class_name_idx ON teams (race_class, name) WHERE removed_at IS NULL;
ALTER TABLE riders DROP CONSTRAINT riders_race_class_number_key;
CREATE UNIQUE INDEX riders_race_class_number_idx ON riders (race_class, number) WHERE removed_at IS NULL;

-- An operator's picture of a rider or team is stored like a player's upload (served by GET /api/s3/{id}), owned by
-- no player: an operator's picture does not go when an account does.
ALTER TABLE uploads ALTER COLUMN user_id DROP NOT NULL;
