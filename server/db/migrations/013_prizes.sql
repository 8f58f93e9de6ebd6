-- Prizes (game-rules.md "Global prizes"): the season's factory test motorcycle draw, provably fair by commit and
-- reveal (contract/prizeDraw.ts). The operator publishes the SHA-256 of a secret seed before the season (the seed
-- itself is never stored before the draw); the draw reveals the seed, freezes the ticket list and names the winner.
CREATE TABLE prize_draws (
  season integer PRIMARY KEY,
  commitment text NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  committed_at timestamptz NOT NULL,
  seed text CHECK (seed ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz,
  ticket_count integer CHECK (ticket_count > 0),
  tickets_digest text CHECK (tickets_digest ~ '^[0-9a-f]{64}$'),
  winning_index integer CHECK (winning_index >= 0),
  winner_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  winner_race_id uuid REFERENCES races (id) ON DELETE SET NULL,
  -- Drawn once: every draw column is set together, or none is.
  CONSTRAINT prize_draws_drawn_whole CHECK (
    (seed IS NULL) = (drawn_at IS NULL) AND (seed IS NULL) = (ticket_count IS NULL)
    AND (seed IS NULL) = (tickets_digest IS NULL) AND (seed IS NULL) = (winning_index IS NULL)
  ),
  CONSTRAINT prize_draws_index_in_list CHECK (winning_index < ticket_count)
);

-- The frozen, published ticket list of a drawn season, in canonical order (position = index + 1). Player ids are
-- kept as text, not references: the published list never changes, even if an account is deleted later.
CREATE TABLE prize_draw_tickets (
  season integer NOT NULL REFERENCES prize_draws (season) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position >= 1),
  race_id text NOT NULL,
  user_id text NOT NULL,
  PRIMARY KEY (season, position)
);
