-- game-rules.md "Every operator action is on the record": an append-only log of every action that changes the game.
-- The database itself refuses to change or delete a row, so no code path (and no operator with SQL through the
-- application's role) rewrites history; only a new row can say what happened since.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL,
  actor_user_id uuid,
  channel text NOT NULL,
  action text NOT NULL,
  race_id uuid,
  target text NOT NULL,
  before jsonb,
  after jsonb
);
CREATE INDEX audit_log_race_idx ON audit_log (race_id, id);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
