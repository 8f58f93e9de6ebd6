-- The calendar, riders and odds are the same for every player and are read by every open Predictions screen, all at
-- once when a session locks. Each instance keeps its answers in memory (server/http/sharedAnswers.ts) for as long as
-- this number stays the same: any statement that changes what they are built from moves it, on whichever instance
-- it runs, so one small read tells every instance whether what it holds is still true.
CREATE TABLE shared_data_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  n bigint NOT NULL
);
INSERT INTO shared_data_version (id, n) VALUES (true, 1);

CREATE FUNCTION bump_shared_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shared_data_version SET n = n + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER shared_version_races AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON races FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_race_sessions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON race_sessions FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_tracks AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tracks FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_teams AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON teams FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_riders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON riders FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_rider_performances AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rider_performances FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_race_odds AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON race_odds FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_race_entries AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON race_entries FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
CREATE TRIGGER shared_version_entry_riders AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON entry_riders FOR EACH STATEMENT EXECUTE FUNCTION bump_shared_data_version();
