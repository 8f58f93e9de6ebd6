-- Web Push (docs/push.md). A subscription is one browser of a player: its push service's endpoint (a capability URL:
-- whoever holds it can push to that browser, so it is never logged) and the keys payloads are encrypted to. The
-- same browser signed in as another player moves to that player (the endpoint is unique). Preferences are a row
-- only once the player changed them; until then the defaults of contract/push.ts hold. `push_sent` is the claim
-- that makes every push go out once across instances: the first instance to insert (player, key) sends it.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE push_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  reminder text NOT NULL CHECK (reminder IN ('off', '1h', '15m')),
  results boolean NOT NULL,
  payouts boolean NOT NULL,
  league_requests boolean NOT NULL,
  updated_at timestamptz NOT NULL
);

-- `key` names what was sent: `reminder:<session>:<start ms>:<lead>` (a moved session reminds again at its new
-- time) or `notice:<notification id>`.
CREATE TABLE push_sent (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, key)
);
