-- Leagues (issue 5): leagues, the players' seats in them, and uploaded images (league pictures, avatars),
-- kept in the database so every instance can serve them.

CREATE TABLE leagues (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  description text,
  type text NOT NULL CHECK (type IN ('PRIVATE', 'PUBLIC', 'VIP')),
  end_date timestamptz,
  criteria text,
  country text,
  image text,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  max_members integer NOT NULL DEFAULT 100,
  -- Accepted seats, kept by the trigger below. The CHECK is the last line of defence: even a code path
  -- that forgot to lock the league row can never commit a 101st accepted member.
  members_count integer NOT NULL DEFAULT 0 CHECK (members_count >= 0 AND members_count <= max_members),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Spec: one league per player.
CREATE UNIQUE INDEX leagues_owner_key ON leagues (owner_id);
-- The list's order (biggest first, then by name), with and without the country filter; the name filter
-- ("contains") runs over these in order.
CREATE INDEX leagues_list_idx ON leagues (members_count DESC, lower(name), id);
CREATE INDEX leagues_country_idx ON leagues (country, members_count DESC, lower(name), id);
CREATE INDEX leagues_type_idx ON leagues (type, members_count DESC);

-- A player's seat. LEAVED is never stored: leaving deletes the row.
CREATE TABLE league_members (
  league_id uuid NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('ACCEPTED', 'PENDING', 'INVITED', 'FOLLOWING')),
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  -- When the seat reached its status (the leaderboard's tie-break: who joined first).
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (league_id, user_id)
);
-- Members of a league by status (the members list, the leaderboard, who may approve a request).
CREATE INDEX league_members_status_idx ON league_members (league_id, status, updated_at);
-- A player's leagues (my leagues, manage).
CREATE INDEX league_members_user_idx ON league_members (user_id, status);

-- membersCount follows the accepted rows whatever removes them (leaving, removal, a deleted account).
CREATE FUNCTION league_members_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.status = 'ACCEPTED' THEN
    UPDATE leagues SET members_count = members_count - 1 WHERE id = OLD.league_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'ACCEPTED' THEN
    UPDATE leagues SET members_count = members_count + 1 WHERE id = NEW.league_id;
  END IF;
  RETURN NULL;
END
$$;
CREATE TRIGGER league_members_count AFTER INSERT OR DELETE OR UPDATE OF status ON league_members
  FOR EACH ROW EXECUTE FUNCTION league_members_count();

-- Uploaded images, re-encoded: served by GET /api/s3/{id}, deleted only by their uploader.
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
  width integer NOT NULL,
  height integer NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX uploads_user_idx ON uploads (user_id, created_at);
