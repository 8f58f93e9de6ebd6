-- game-rules.md "The entry list changes": for one race, an operator adds a SUBSTITUTE in place of a rider who is out,
-- or a WILDCARD. A race's riders are the season's riders of its class plus the race's entries here
-- (contract/raceEntries.ts). An entry is made once: the same entry again finds its row and changes nothing.
CREATE TABLE race_entries (
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  rider_id uuid NOT NULL REFERENCES riders (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('SUBSTITUTE', 'WILDCARD')),
  -- The rider out (a substitute): the injured-rider rule applies to them for this race.
  replaces uuid REFERENCES riders (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL,
  PRIMARY KEY (race_id, rider_id),
  CHECK ((role = 'SUBSTITUTE') = (replaces IS NOT NULL)),
  CHECK (replaces IS DISTINCT FROM rider_id)
);
CREATE INDEX race_entries_rider_idx ON race_entries (rider_id);
-- One substitute per rider out per race.
CREATE UNIQUE INDEX race_entries_replaces_idx ON race_entries (race_id, replaces) WHERE replaces IS NOT NULL;

-- Riders an entry brought in who are not on the season's list: they ride only the races they are entered for.
CREATE TABLE entry_riders (
  rider_id uuid PRIMARY KEY REFERENCES riders (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL
);
