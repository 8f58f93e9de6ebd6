-- Accounts: players, their e-mail confirmations, recovery codes, refresh-token families, follows,
-- social identities, and the mail outbox used when no SMTP server is configured.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text,
  name text NOT NULL,
  password_hash text,
  email_confirmed_at timestamptz,
  must_change_password boolean NOT NULL DEFAULT false,
  is_guru boolean NOT NULL DEFAULT false,
  img text,
  country text,
  bio text,
  favourite_rider text,
  favourite_manufacturer text,
  favourite_circuit text,
  twitter text,
  instagram text,
  address text,
  zip_code text,
  city text,
  phone text,
  wallet_address text,
  note_email text,
  lng text,
  -- Season statistics; later issues fill them from scored predictions.
  points integer NOT NULL DEFAULT 0,
  average real NOT NULL DEFAULT 0,
  wins integer NOT NULL DEFAULT 0,
  podiums integer NOT NULL DEFAULT 0,
  poles integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- Sign-in looks players up by e-mail or by name, case-insensitively; both are unique that way.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));
CREATE UNIQUE INDEX users_name_lower_key ON users (lower(name));
CREATE INDEX users_points_idx ON users (points DESC, name);

CREATE TABLE email_confirmations (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX email_confirmations_user_idx ON email_confirmations (user_id);

CREATE TABLE recovery_codes (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);

-- One family per sign-in; every refresh rotates the token inside its family.
CREATE TABLE session_families (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX session_families_user_idx ON session_families (user_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES session_families (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz,
  created_at timestamptz NOT NULL
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  followee_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_followee_idx ON follows (followee_id);

CREATE TABLE social_accounts (
  provider text NOT NULL,
  provider_user_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (provider, provider_user_id)
);
CREATE INDEX social_accounts_user_idx ON social_accounts (user_id);

CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  -- Insertion order: several mails may share a timestamp, "newest first" must still be exact.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text text NOT NULL,
  html text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX outbox_to_idx ON outbox (lower(to_address), created_at DESC, seq DESC);
