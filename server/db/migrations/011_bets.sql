-- Bets (game rules "Bets"): the operator's WIN odds for a race, and the players' bets.
--
-- A race's WIN odds come from its riders' form (server/modules/races/form.ts); an operator may set a rider's
-- odds for one race (`npm run admin -- odds`), kept here and laid over the form's.
CREATE TABLE race_odds (
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  rider_id uuid NOT NULL REFERENCES riders (id) ON DELETE CASCADE,
  odds numeric(6, 2) NOT NULL CHECK (odds >= 1.1 AND odds <= 250),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (race_id, rider_id)
);

-- One row per leg: a WIN, PLACE or SHOW bet is one leg, an ACROSS bet three legs (WIN, PLACE, SHOW) sharing
-- its placement id and a third of its stake each. The stake's debit is one ledger entry per placement
-- (ref 'bet:<placement_id>'), so a refund gives back that entry once. `odds` are the leg's odds when placed.
CREATE TABLE bets (
  id uuid PRIMARY KEY,
  placement_id uuid NOT NULL,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  race_id uuid NOT NULL REFERENCES races (id) ON DELETE CASCADE,
  rider_id uuid NOT NULL REFERENCES riders (id),
  placed_as text NOT NULL CHECK (placed_as IN ('WIN', 'PLACE', 'SHOW', 'ACROSS')),
  type text NOT NULL CHECK (type IN ('WIN', 'PLACE', 'SHOW')),
  stake integer NOT NULL CHECK (stake > 0),
  odds numeric(6, 2) NOT NULL CHECK (odds >= 1),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'WON', 'LOST', 'REFUNDED')),
  -- Paid when WON, 0 when LOST, null while OPEN or when REFUNDED.
  payout integer CHECK (payout >= 0),
  placed_at timestamptz NOT NULL,
  -- Set once, when the leg is won, lost or refunded: settlement never pays a leg twice.
  settled_at timestamptz,
  CONSTRAINT bets_settled_once CHECK ((status = 'OPEN') = (settled_at IS NULL)),
  CONSTRAINT bets_leg_of_its_type CHECK (placed_as = 'ACROSS' OR placed_as = type),
  -- One bet per rider and type per race (an ACROSS bet's three legs differ by type).
  CONSTRAINT bets_one_per_rider_and_type UNIQUE (user_id, race_id, rider_id, placed_as, type)
);
-- A race's open legs (settlement, a canceled race) and the legs on one rider (an injury).
CREATE INDEX bets_race_idx ON bets (race_id, status, rider_id);
