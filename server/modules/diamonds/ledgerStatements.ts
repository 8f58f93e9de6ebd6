// The ledger's two statements, each written once and run two ways: `postAll` (ledger.ts) sends them through drizzle,
// their values bound; a save's batch (server/modules/predictions/saveTx.ts) PREPAREs them once per connection
// (`LEDGER_PREPARE`) and sends their EXECUTEs in its own message, their values written as $n. So how a balance row is
// locked and how an entry and its balance are written are one text whichever way they are posted.

/** A template tag: drizzle's `sql` (values bound) or `placeholders` (values written in, as a PREPARE's $n). */
export type Tag<S> = (strings: TemplateStringsArray, ...values: string[]) => S;

/** Writes each value into the text as given: `$1` stays `$1`. */
export const placeholders: Tag<string> = (strings, ...values) =>
  strings.reduce((text, part, i) => text + values[i - 1]! + part);

/**
 * Locks the balance rows of players (an array) in player-id order, answering each balance: two transactions locking
 * the same players lock them in the same order, so they can't deadlock.
 */
export const lockBalancesStatement = <S>(tag: Tag<S>, players: string): S =>
  tag`SELECT user_id, balance FROM diamond_balances WHERE user_id = ANY(${players}::uuid[]) ORDER BY user_id FOR UPDATE`;

/** What `writeEntriesStatement` writes: entries in posting order, and per player the balance they start from and leave. */
export type EntryArgs<V> = {
  ids: V;
  userIds: V;
  deltas: V;
  balancesAfter: V;
  reasons: V;
  refs: V;
  keys: V;
  /** Each player posted to, with the balance read under its lock, the balance after their last entry and their entries' count. */
  players: V;
  before: V;
  after: V;
  entries: V;
  at: V;
};

/**
 * New entries and their players' balances, under the balance rows' locks, in one statement. A player's entries go in
 * only while their balance still is the one they were computed from, and only if none of their keys was posted
 * before; their balance is set only if every one of their entries went in. Answers the balance rows it set, with
 * their new row versions: a player missing from the answer had nothing written. The entries' `seq` follows the
 * posting order.
 */
export const writeEntriesStatement = <S>(tag: Tag<S>, a: EntryArgs<string>): S =>
  tag`WITH held AS (
    SELECT v.user_id, v.after, v.entries
    FROM unnest(${a.players}::uuid[], ${a.before}::bigint[], ${a.after}::bigint[], ${a.entries}::int[]) AS v(user_id, before, after, entries)
    JOIN diamond_balances b ON b.user_id = v.user_id AND b.balance = v.before),
  written AS (
    INSERT INTO diamond_ledger (id, user_id, delta, balance_after, reason, ref, idempotency_key, created_at)
    SELECT e.id, e.user_id, e.delta, e.balance_after, e.reason, e.ref, e.idempotency_key, ${a.at}::timestamptz
    FROM unnest(${a.ids}::uuid[], ${a.userIds}::uuid[], ${a.deltas}::bigint[], ${a.balancesAfter}::bigint[], ${a.reasons}::text[], ${a.refs}::text[],
      ${a.keys}::text[]) WITH ORDINALITY AS e(id, user_id, delta, balance_after, reason, ref, idempotency_key, n)
    WHERE e.user_id IN (SELECT user_id FROM held)
    ORDER BY e.n
    ON CONFLICT (user_id, idempotency_key) DO NOTHING
    RETURNING user_id),
  counted AS (SELECT user_id, count(*) AS n FROM written GROUP BY user_id)
  UPDATE diamond_balances b SET balance = held.after, updated_at = ${a.at}::timestamptz
  FROM held JOIN counted ON counted.user_id = held.user_id AND counted.n = held.entries
  WHERE b.user_id = held.user_id
  RETURNING b.user_id, b.xmin::text AS xmin`;
