-- The championship: circuits, rounds with their sessions, teams and riders, plus system news.

CREATE TABLE tracks (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  country text NOT NULL,
  length_km numeric(5, 3) NOT NULL,
  circuit_type text NOT NULL,
  image text NOT NULL
);

CREATE TABLE races (
  id uuid PRIMARY KEY,
  season integer NOT NULL,
  round integer NOT NULL,
  name text NOT NULL,
  track_id uuid NOT NULL REFERENCES tracks (id),
  circuit_type text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  canceled_at timestamptz,
  UNIQUE (season, round)
);
CREATE INDEX races_track_idx ON races (track_id);

CREATE TABLE race_sessions (
  id uuid PRIMARY KEY,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  type text NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  canceled boolean NOT NULL DEFAULT false,
  UNIQUE (race_id, type)
);
CREATE INDEX race_sessions_starts_idx ON race_sessions (starts_at);

CREATE TABLE teams (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  manufacturer text NOT NULL,
  race_class text NOT NULL,
  colour text NOT NULL,
  image text NOT NULL,
  UNIQUE (race_class, name)
);

CREATE TABLE riders (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  number integer NOT NULL,
  country text NOT NULL,
  status text NOT NULL,
  role text NOT NULL,
  race_class text NOT NULL,
  team_id uuid NOT NULL REFERENCES teams (id),
  image text NOT NULL,
  UNIQUE (race_class, number)
);
CREATE INDEX riders_team_idx ON riders (team_id);

CREATE TABLE news (
  id uuid PRIMARY KEY,
  url text NOT NULL,
  title text NOT NULL,
  lang text,
  published_at timestamptz NOT NULL
);
CREATE INDEX news_published_idx ON news (published_at DESC);
