-- Each player's private calendar feed (docs/calendar.md). The feed's address carries a token that is its only secret,
-- so the table holds no token: `token_hash` is the token's keyed hash (found by it when a calendar app asks), and
-- `seed` is what the server, with its own key, makes the token from again when the player asks for the address. A
-- copy of this table alone gives neither. A revoke writes a new seed and hash over the old, so the old address
-- names nothing from the moment it commits. The feed goes with its player.
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  seed text NOT NULL,
  created_at timestamptz NOT NULL
);
