-- The Store (issue 13, game rules "Diamonds"): packs on sale, purchase orders through a payment provider with
-- every state they went through, and the built-in sandbox provider's own records (what PayPal keeps on its side).
-- Diamonds move only through diamond_ledger: a pack is credited once, under the key 'purchase:<order id>'.

CREATE TABLE diamond_packs (
  id uuid PRIMARY KEY,
  diamonds integer NOT NULL CHECK (diamonds > 0),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The four sandbox packs of game-rules.md (operator-editable: npm run admin -- packs …).
INSERT INTO diamond_packs (id, diamonds, price_cents, currency) VALUES
  ('0d1a0000-0000-4000-8000-000000000100', 100, 99, 'USD'),
  ('0d1a0000-0000-4000-8000-000000000550', 550, 499, 'USD'),
  ('0d1a0000-0000-4000-8000-000000001200', 1200, 999, 'USD'),
  ('0d1a0000-0000-4000-8000-000000002500', 2500, 1999, 'USD');

CREATE TABLE payment_orders (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  pack_id uuid NOT NULL REFERENCES diamond_packs (id),
  -- The pack as bought: a later price change does not touch an order.
  diamonds integer NOT NULL CHECK (diamonds > 0),
  price_cents integer NOT NULL CHECK (price_cents > 0),
  currency text NOT NULL,
  provider text NOT NULL CHECK (provider IN ('sandbox', 'paypal')),
  provider_order_id text,
  approve_url text,
  state text NOT NULL CHECK (state IN ('CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED')),
  capture_id text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CONSTRAINT payment_orders_provider_order UNIQUE (provider, provider_order_id)
);
CREATE INDEX payment_orders_user_idx ON payment_orders (user_id, created_at DESC);
-- Operators look for orders stuck in APPROVED (docs/operations.md).
CREATE INDEX payment_orders_state_idx ON payment_orders (state, updated_at);

-- Each state an order went through, with its time and what told us (the payer's return, a webhook, a capture).
CREATE TABLE payment_order_steps (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id uuid NOT NULL REFERENCES payment_orders (id) ON DELETE CASCADE,
  state text NOT NULL,
  source text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX payment_order_steps_order_idx ON payment_order_steps (order_id, id);

-- The built-in sandbox provider's side (what PayPal stores for its orders): the default provider, so the product
-- runs offline. Its id is the provider order id; the payer approves it on the product's sandbox checkout page.
CREATE TABLE sandbox_payments (
  id text PRIMARY KEY,
  payer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reference_id text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('CREATED', 'SAVED', 'APPROVED', 'VOIDED', 'COMPLETED', 'PAYER_ACTION_REQUIRED')),
  return_url text NOT NULL,
  cancel_url text NOT NULL,
  capture_id text,
  request_ids text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
