-- Diamonds (game rules "Diamonds"): one balance row per player and an append-only ledger.
-- The balance row is what a posting locks (SELECT … FOR UPDATE), so postings of one player run one at a
-- time; the ledger says why every diamond moved, and (user_id, idempotency_key) makes a retried posting
-- a no-op. The balance always equals the sum of the player's ledger deltas (tests/server/diamonds.property.test.ts).

CREATE TABLE diamond_balances (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  balance bigint NOT NULL DEFAULT 0 CONSTRAINT diamond_balances_not_negative CHECK (balance >= 0),
  updated_at timestamptz NOT NULL
);

CREATE TABLE diamond_ledger (
  id uuid PRIMARY KEY,
  -- Per player, postings are serialized by the balance row lock, so seq order is the order they took effect.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  delta bigint NOT NULL CHECK (delta <> 0),
  balance_after bigint NOT NULL CHECK (balance_after >= 0),
  reason text NOT NULL CHECK (reason IN (
    'SIGN_UP', 'ALL_PICKS_BONUS', 'UPGRADE', 'PREDICTION_CHANGE', 'BET', 'BET_PAYOUT',
    'REFUND', 'PURCHASE', 'DONATION', 'ADMIN'
  )),
  -- What the posting is about, e.g. 'prediction:<id>' (refunds find what was spent on it).
  ref text,
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL,
  CONSTRAINT diamond_ledger_idempotency_key UNIQUE (user_id, idempotency_key)
);
-- The player's history, newest first.
CREATE INDEX diamond_ledger_user_idx ON diamond_ledger (user_id, seq DESC);
CREATE INDEX diamond_ledger_ref_idx ON diamond_ledger (ref) WHERE ref IS NOT NULL;

-- Append-only: a posting is corrected by another posting, never edited. (Rows leave only with their player.)
CREATE FUNCTION diamond_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'diamond_ledger is append-only';
END
$$;
CREATE TRIGGER diamond_ledger_no_update BEFORE UPDATE ON diamond_ledger
  FOR EACH ROW EXECUTE FUNCTION diamond_ledger_append_only();

-- Players who signed up before this migration get the sign-up grant (SIGN_UP_DIAMONDS = 100) now,
-- through the ledger like everyone else.
INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
  SELECT gen_random_uuid(), id, 100, 100, 'SIGN_UP', NULL, 'sign-up', now() FROM users;
INSERT INTO diamond_balances (user_id, balance, updated_at)
  SELECT id, 100, now() FROM users;
