-- Riders' results by season (the performances behind GET /riders/{id}/performances and the odds),
-- the generated pictures in every image field, and the indexes of the calendar's hot queries.

CREATE TABLE rider_performances (
  rider_id uuid NOT NULL REFERENCES riders (id) ON DELETE CASCADE,
  season integer NOT NULL,
  round integer NOT NULL,
  race_name text NOT NULL,
  -- NULL: the rider started but did not finish.
  position integer CHECK (position IS NULL OR position >= 1),
  points integer NOT NULL DEFAULT 0,
  PRIMARY KEY (rider_id, season, round)
);
-- The odds read every rider's latest starts across seasons.
CREATE INDEX rider_performances_season_idx ON rider_performances (season, round);

-- "Next race" looks for sessions that have not ended; the race list is ordered by (season, round),
-- which UNIQUE (season, round) already indexes, and riders by class by UNIQUE (race_class, number).
CREATE INDEX race_sessions_ends_idx ON race_sessions (ends_at);
CREATE INDEX riders_class_status_idx ON riders (race_class, status);

-- Databases seeded before pictures existed: point the empty image fields at the generated pictures
-- (contract/pictures.ts); the seed writes the same paths itself.
UPDATE riders SET image = '/api/pictures/riders/' || id || '.svg' WHERE image = '';
UPDATE teams SET image = '/api/pictures/teams/' || id || '.svg' WHERE image = '';
UPDATE tracks SET image = '/api/pictures/tracks/' || id || '.svg' WHERE image = '';
