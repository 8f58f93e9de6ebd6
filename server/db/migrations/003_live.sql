-- The live channel: stored notifications (also the outbox of their live push) and the race clock's
-- record of emitted schedule events (one row per session and event: the first instance to insert emits).

CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL,
  value jsonb NOT NULL DEFAULT '{}'::jsonb,
  is_read boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  -- NULL until one instance has claimed the row and pushed it to the player's sockets.
  delivered_at timestamptz
);
CREATE INDEX notifications_user_idx ON notifications (user_id, seq DESC);
CREATE INDEX notifications_pending_idx ON notifications (seq) WHERE delivered_at IS NULL;

CREATE TABLE race_events (
  session_id uuid NOT NULL REFERENCES race_sessions (id) ON DELETE CASCADE,
  event text NOT NULL,
  emitted_at timestamptz NOT NULL,
  PRIMARY KEY (session_id, event)
);
