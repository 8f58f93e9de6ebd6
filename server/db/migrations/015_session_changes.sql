-- Speed of saves (issue 12): every instance keeps the sessions it verified in memory (server/modules/auth/
-- sessionCache.ts), so a request's revocation check costs no statement. These triggers tell every instance
-- when such a session stops being valid, whoever changed it (the API, an operator script, another instance):
-- a NOTIFY on channel pp_changes, delivered at commit, with payload "<schema> family <id>", "<schema> user <id>"
-- or "<schema> *" (a TRUNCATE: forget everything). The schema lets test schemas share one database.

CREATE FUNCTION pp_notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('pp_changes', TG_TABLE_SCHEMA || ' *');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('pp_changes', TG_TABLE_SCHEMA || ' user ' || OLD.id::text);
  ELSE
    PERFORM pg_notify('pp_changes', TG_TABLE_SCHEMA || ' family ' || OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;

-- A family revoked (sign-out, reuse of a refresh token, password change) or removed (account deleted).
CREATE TRIGGER session_families_revoked AFTER UPDATE OF revoked_at ON session_families
  FOR EACH ROW WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at) EXECUTE FUNCTION pp_notify_session_change();
CREATE TRIGGER session_families_deleted AFTER DELETE ON session_families
  FOR EACH ROW EXECUTE FUNCTION pp_notify_session_change();
CREATE TRIGGER session_families_truncated AFTER TRUNCATE ON session_families
  FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_session_change();

-- A player told to change the password (the verified session carries that flag), or removed.
CREATE TRIGGER users_must_change_password AFTER UPDATE OF must_change_password ON users
  FOR EACH ROW WHEN (OLD.must_change_password IS DISTINCT FROM NEW.must_change_password) EXECUTE FUNCTION pp_notify_session_change();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION pp_notify_session_change();
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_session_change();
