-- Staff tools (issue 16): staff roles, machine-transition counts per day, page views, the players'
-- analytics opt-out and "Report a problem" bundles.
--
-- A staff role is granted by an operator (`npm run admin -- grant <email> <role>`); a player has none.
CREATE TABLE staff_roles (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('analyst', 'support', 'operator')),
  granted_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, role)
);

-- Aggregated machine transitions: no user, no context, only how many took each arrow on a day.
CREATE TABLE flow_transitions_daily (
  day date NOT NULL,
  machine text NOT NULL,
  from_state text NOT NULL,
  event text NOT NULL,
  to_state text NOT NULL,
  count integer NOT NULL CHECK (count > 0),
  PRIMARY KEY (day, machine, from_state, event, to_state)
);

-- The spec's page-view event (user id, path, url); the e-mail is never stored.
CREATE TABLE page_views (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE CASCADE,
  path text NOT NULL,
  url text NOT NULL,
  viewed_at timestamptz NOT NULL
);
CREATE INDEX page_views_viewed_at ON page_views (viewed_at);

-- Players who opted out of analytics in their profile: their browser sends nothing, the server stores nothing.
CREATE TABLE analytics_opt_outs (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  opted_out_at timestamptz NOT NULL
);

-- "Report a problem": the redacted diagnostics bundle a player uploaded, read by support.
CREATE TABLE problem_reports (
  id text PRIMARY KEY,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  bundle jsonb NOT NULL,
  created_at timestamptz NOT NULL
);
