import { drizzle } from "drizzle-orm/node-postgres";
import { escapeLiteral, type Pool, type PoolClient } from "pg";
import type { SessionType } from "../../../contract/enums";
import type { Db } from "../../db/open";
import { pgArray } from "../../db/arrays";
import * as schema from "../../db/schema";
import { AppError } from "../../http/errors";
import { creditStatement, LEDGER_PREPARE, lockStatement, type LedgerTx } from "../diamonds/ledger";
import {
  picksKey,
  picksStamp,
  remember,
  saveCaches,
  type KnownPicks,
  type KnownRider,
  type SaveCaches,
} from "./saveCache";
import { saveBatcher, type BatchedInsert, type SaveBatcher } from "./saveBatch";
import { asJson, byCategory, type PickRow, type RaceInfo, type SessionJson } from "./rows";
import { creditIn, type Credit, type Post, type SaveFacts, type SavePicks, type SaveWork } from "./saveWork";
import { lockExpressionText, lockKeys } from "../../db/locks";

// The repository's save on PostgreSQL (repository.ts builds it once per app). It costs two round trips: BEGIN, the
// per-(player, race) lock and one read of everything the rules need go in one message; the INSERT of the new picks
// and COMMIT in another. In between, the service decides with the contract's rules (and, for paid changes, upgrades
// or the completion reward, sends its further statements on the same connection, inside the same transaction). When
// this instance saw the
// player's picks of the race at their last save (saveCache.ts), the service decides from what it saw first and the
// save is one round trip: the lock and an INSERT that writes only if every row the decision read is still at the
// version it was read at, sent with the other such saves waiting in one transaction (saveBatch.ts). The
// save that completes the weekend also credits its reward there: its balance row locked, the ledger's credit beside
// its INSERT, the batch committed only if both went in. A decision that refuses, or needs more than an INSERT and
// that credit, or whose rows moved, is made again the two-round-trip way, from what the database holds under the
// lock. The statements are PREPAREd once per connection (the plans are kept) and called with EXECUTE, quoting their
// arguments as literals: a message of several statements can't carry bind parameters.

// The lock's statement comes first and alone: in READ COMMITTED each statement reads from its own snapshot, so
// the read after it sees whatever the previous holder of the lock committed.
const PREPARE = [
  `PREPARE pp_save_lock(text) AS SELECT ${lockExpressionText("$1")} IS NULL AS locked`,
  // The race's sessions only when its stamp (its row's and its sessions' row versions) differs from the one this
  // instance has cached: any change to the race or a session gives a new stamp, however it was made.
  // The race's stamp is computed once (MATERIALIZED: the CTE is read twice). Picks and riders come as JSON arrays of
  // values, not objects (no key names to write and read back), their times as epoch milliseconds (no timestamp text
  // to format and parse); `toFactPicks` names them in the order written here.
  `PREPARE pp_save_facts(uuid, uuid, uuid[], text) AS
  WITH r AS MATERIALIZED (
    SELECT r.id, r.version, r.canceled_at IS NOT NULL AS canceled,
      r.xmin::text || ':' || coalesce((SELECT string_agg(s.xmin::text, ',' ORDER BY s.type) FROM race_sessions s WHERE s.race_id = r.id), '') AS stamp
    FROM races r WHERE r.id = $2)
  SELECT r.id, r.version, r.canceled, r.stamp,
    CASE WHEN r.stamp IS DISTINCT FROM $4 THEN (SELECT json_agg(json_build_object('type', s.type, 'startsAt', floor(extract(epoch FROM s.starts_at) * 1000),
      'endsAt', floor(extract(epoch FROM s.ends_at) * 1000), 'canceled', s.canceled)) FROM race_sessions s WHERE s.race_id = r.id) END AS sessions,
    (SELECT json_agg(json_build_array(p.id, p.category, p.rider_id, p.state, p.points, p.upgrades, p.changes, floor(extract(epoch FROM p.saved_at) * 1000),
      floor(extract(epoch FROM p.updated_at) * 1000), floor(extract(epoch FROM p.settled_at) * 1000), rd.status <> 'ACTIVE', p.xmin::text, rd.xmin::text))
      FROM predictions p JOIN riders rd ON rd.id = p.rider_id WHERE p.user_id = $1 AND p.race_id = $2) AS picks,
    (SELECT json_agg(json_build_array(id, race_class, status, xmin::text)) FROM riders WHERE id = ANY($3)) AS riders,
    b.balance, b.xmin::text AS balance_xmin
  FROM r LEFT JOIN diamond_balances b ON b.user_id = $1`,
  `PREPARE pp_save_insert(uuid, uuid, uuid[], text[], uuid[], text[], timestamptz) AS
  INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
  SELECT p.id, $1, $2, p.category, p.rider_id, p.upgrades::text[], $7, $7 FROM unnest($3, $4, $5, $6) AS p(id, category, rider_id, upgrades)
  RETURNING xmin::text`,
  // Every lock of a batch of one-round-trip saves (saveBatch.ts), in the order of the keys (the rows of unnest's).
  `PREPARE pp_save_locks(text[]) AS SELECT count(${lockExpressionText("k")}) AS locked FROM unnest($1) AS k`,
  // The one-round-trip saves of a batch: each save's picks (pick arrays $7–$11, their save's place in $7) inserted only
  // when the race's stamp ($4), the player's picks with their riders ($5, as saveCache.ts's picksStamp writes them),
  // the balance row ($6) and the named riders ($12–$14) are at the versions its decision was made from. A save whose
  // facts moved inserts nothing; the others go in. Answers each row's player and race, so a save finds its own.
  `PREPARE pp_save_batch(uuid[], uuid[], timestamptz[], text[], text[], text[], int[], uuid[], text[], uuid[], text[], int[], uuid[], text[]) AS
  WITH held AS (
    SELECT s.i, s.user_id, s.race_id, s.at FROM unnest($1, $2, $3, $4, $5, $6) WITH ORDINALITY AS s(user_id, race_id, at, race_stamp, picks_stamp, balance_xmin, i)
    WHERE (SELECT r.xmin::text || ':' || coalesce((SELECT string_agg(x.xmin::text, ',' ORDER BY x.type) FROM race_sessions x WHERE x.race_id = r.id), '')
        FROM races r WHERE r.id = s.race_id) = s.race_stamp
      AND coalesce((SELECT string_agg(k.category || ':' || k.xmin::text || ':' || rd.xmin::text, ',' ORDER BY k.category COLLATE "C")
        FROM predictions k JOIN riders rd ON rd.id = k.rider_id WHERE k.user_id = s.user_id AND k.race_id = s.race_id), '') = s.picks_stamp
      AND (SELECT b.xmin::text FROM diamond_balances b WHERE b.user_id = s.user_id) IS NOT DISTINCT FROM s.balance_xmin
      AND NOT EXISTS (SELECT 1 FROM unnest($12, $13, $14) AS n(i, id, xmin) LEFT JOIN riders rd ON rd.id = n.id
        WHERE n.i = s.i AND rd.xmin::text IS DISTINCT FROM n.xmin))
  INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
  SELECT p.id, held.user_id, held.race_id, p.category, p.rider_id, p.upgrades::text[], held.at, held.at
  FROM unnest($7, $8, $9, $10, $11) AS p(i, id, category, rider_id, upgrades) JOIN held ON held.i = p.i
  RETURNING user_id, race_id, xmin::text`,
];

/**
 * How one-round-trip saves went in this process: written (`credited` of them with the completion reward), or decided
 * again because rows had moved (tests, benches).
 */
export const oneRoundTrip = { written: 0, movedSince: 0, credited: 0 };

const prepared = new WeakSet<PoolClient>();
const clientDbs = new WeakMap<PoolClient, Db>();

/** The adapter's posting and its batcher, and what it has seen: the races as last read with their stamps, the players' picks and riders. */
type Adapter = {
  post: Post;
  races: Map<string, { stamp: string; race: RaceInfo }>;
  known: SaveCaches;
  batcher: SaveBatcher;
};

type FactsRow = {
  id: string;
  version: number;
  canceled: boolean;
  stamp: string;
  sessions: unknown;
  picks: unknown;
  riders: unknown;
  balance: string | number | null;
  balance_xmin: string | null;
};

/** Thrown by the stand-in transaction of a decision made before the database was asked: it needs a real one. */
class NeedsTransaction extends Error {}
const noTransaction = new Proxy({} as LedgerTx, {
  get() {
    throw new NeedsTransaction("a save decided from what this instance saw can only insert");
  },
});

/** `tx` as given to a decision, with a flag set when the decision used it (its knowledge is then out of date). */
function watched(tx: Db): { tx: Db; used: () => boolean } {
  let used = false;
  const proxy = new Proxy(tx, {
    get(target, key) {
      used = true;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { tx: proxy, used: () => used };
}

/** The save on PostgreSQL's `pool`: `post` is the ledger's posting, for the decisions' credits. */
export function postgresSaves(pool: Pool, post: Post): SavePicks {
  const adapter: Adapter = {
    post,
    races: new Map(),
    known: saveCaches(),
    batcher: saveBatcher(() => preparedClient(pool)),
  };
  return async (userId, raceId, ids, work) => {
    try {
      const fast = await inOneRoundTrip(adapter, userId, raceId, ids, work);
      if (fast) return fast.value;
      return await onConnection(pool, (client) => inTransaction(adapter, client, userId, raceId, ids, work));
    } catch (err) {
      adapter.known.picks.delete(picksKey(userId, raceId));
      throw err;
    }
  };
}

/** A connection of the pool with the save's statements prepared (once per connection). */
async function preparedClient(pool: Pool): Promise<PoolClient> {
  const client = await pool.connect();
  if (prepared.has(client)) return client;
  try {
    await client.query([...PREPARE, ...LEDGER_PREPARE].join(";\n"));
  } catch (err) {
    // A connection where only some of them were prepared is closed, not reused.
    client.release(err as Error);
    throw err;
  }
  prepared.add(client);
  return client;
}

/** Runs `work` on a prepared connection, rolling back what it left open if it throws. */
async function onConnection<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await preparedClient(pool);
  let broken: Error | undefined;
  try {
    return await work(client);
  } catch (err) {
    await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
    throw err;
  } finally {
    client.release(broken);
  }
}

async function inTransaction<T>(
  { races, known, post }: Adapter,
  client: PoolClient,
  userId: string,
  raceId: string,
  ids: string[],
  work: SaveWork<T>,
): Promise<T> {
  const q = (v: string) => client.escapeLiteral(v);
  const cached = races.get(raceId);
  const results = (await client.query(
    `BEGIN; EXECUTE pp_save_lock(${q(lockKeys.predictionSave(userId, raceId))}); EXECUTE pp_save_facts(${q(userId)}, ${q(raceId)}, ${q(pgArray(ids))}, ${cached ? q(cached.stamp) : "NULL"})`,
  )) as unknown as { rows: FactsRow[] }[];
  const row = results[2]?.rows[0];
  if (!row) throw new AppError(404, "notFound");
  let race: RaceInfo;
  if (row.sessions === null && cached) race = cached.race;
  else {
    const sessions: RaceInfo["sessions"] = {};
    for (const s of asJson<SessionJson[] | null>(row.sessions) ?? []) {
      sessions[s.type as SessionType] = {
        startsAt: Number(s.startsAt),
        endsAt: Number(s.endsAt),
        canceled: row.canceled || s.canceled,
      };
    }
    race = { id: row.id, version: row.version, canceled: row.canceled, sessions };
    remember(races, raceId, { stamp: row.stamp, race });
  }
  const riders: SaveFacts["riders"] = new Map();
  for (const [id, raceClass, status, xmin] of asJson<[string, string, string, string][] | null>(row.riders) ?? []) {
    riders.set(id, { id, raceClass, status });
    remember(known.riders, id, { id, raceClass, status, xmin });
  }
  const values = asJson<PickValues[] | null>(row.picks) ?? [];
  const versions = new Map(values.map((v) => [v[1], `${v[11]}:${v[12]}`]));
  const facts: SaveFacts = {
    race,
    picks: toFactPicks(userId, raceId, values),
    riders,
    balance: Number(row.balance ?? 0),
  };
  let tx = clientDbs.get(client);
  if (!tx) clientDbs.set(client, (tx = drizzle({ client, schema }) as unknown as Db));
  const decision = watched(tx);
  const { inserts, value, meanwhile } = await work(facts, decision.tx, creditIn(post, decision.tx));
  const committed = client.query(
    inserts.length ? `${insertStatement(inserts, q)}; COMMIT` : "COMMIT",
  ) as unknown as Promise<{ rows: { xmin: string }[] }[]>;
  // The message is on its way: do what needs no answer from it while PostgreSQL works, then wait for the commit
  // (whatever `meanwhile` did, the commit's outcome is waited for before anything is thrown).
  let failed: { error: unknown } | undefined;
  try {
    meanwhile?.();
  } catch (error) {
    failed = { error };
  }
  const written = await committed;
  if (failed) throw failed.error;
  // What the decision read plus what it inserted is what the player's picks are now, unless it wrote more.
  const key = picksKey(userId, raceId);
  if (decision.used()) known.picks.delete(key);
  else {
    const xmin = inserts.length ? written[0]?.rows[0]?.xmin : undefined;
    learn(
      known,
      key,
      { raceStamp: row.stamp, picks: facts.picks, versions, balance: facts.balance, balanceXmin: row.balance_xmin },
      inserts,
      xmin,
    );
  }
  return value;
}

/**
 * The save decided from what this instance saw of the player's picks at their last save, written in one message.
 * Answers undefined when it cannot be done so (nothing known, a rider never read here, a decision that refuses or
 * needs more than an INSERT, or rows that moved since): the caller then saves the two-round-trip way.
 */
async function inOneRoundTrip<T>(
  { races, known, batcher }: Adapter,
  userId: string,
  raceId: string,
  ids: string[],
  work: SaveWork<T>,
): Promise<{ value: T } | undefined> {
  const key = picksKey(userId, raceId);
  const seen = known.picks.get(key);
  const race = races.get(raceId);
  if (!seen || !race || race.stamp !== seen.raceStamp) return undefined;
  const named: KnownRider[] = [];
  const riders: SaveFacts["riders"] = new Map();
  for (const id of ids) {
    const rider = known.riders.get(id);
    if (!rider) return undefined;
    named.push(rider);
    riders.set(id, { id, raceClass: rider.raceClass, status: rider.status });
  }
  // The decision's one credit (the completion reward) goes in its batch, when the balance row was seen.
  let credited: ReturnType<typeof creditStatement> | undefined;
  const q = escapeLiteral;
  const creditLater: Credit = async (posting) => {
    if (credited || seen.balanceXmin === null)
      throw new NeedsTransaction("one credit at most, onto a balance row seen here");
    credited = creditStatement(q, posting, seen.balance);
    return credited.balance;
  };
  let decided: Awaited<ReturnType<SaveWork<T>>>;
  try {
    decided = await work(
      { race: race.race, picks: seen.picks, riders, balance: seen.balance },
      noTransaction,
      creditLater,
    );
  } catch {
    // A refusal may come from what changed since: the database's rows decide it.
    return undefined;
  }
  const { inserts, value, meanwhile } = decided;
  if (!inserts.length) return undefined;
  const insert: BatchedInsert = {
    userId,
    raceId,
    at: inserts[0]!.savedAt.toISOString(),
    raceStamp: seen.raceStamp,
    picksStamp: picksStamp(seen.versions),
    balanceXmin: seen.balanceXmin,
    riders: named.map((r) => ({ id: r.id, xmin: r.xmin })),
    picks: inserts.map((i) => ({ id: i.id, category: i.category, riderId: i.riderId, upgrades: i.upgrades })),
  };
  const credit = credited && {
    key: userId,
    lock: lockStatement(q, userId),
    statement: credited.at(inserts[0]!.savedAt),
  };
  // With the other saves waiting (saveBatch.ts); a batch that failed wrote nothing: decided again below.
  const answer = await batcher.write({
    key: lockKeys.predictionSave(userId, raceId),
    insert,
    ...(credit ? { credit } : {}),
  });
  // The batch commits a credited save's picks only with its credit (saveBatch.ts).
  const balanceRow = answer?.credited[0];
  if (answer?.rows.length !== inserts.length || (credited && !balanceRow)) {
    // The rows moved since: nothing was written. `meanwhile` was not run: the decision is made again.
    oneRoundTrip.movedSince++;
    known.picks.delete(key);
    return undefined;
  }
  oneRoundTrip.written++;
  let learnt = seen;
  if (credited && balanceRow) {
    oneRoundTrip.credited++;
    learnt = { ...seen, balance: credited.balance, balanceXmin: balanceRow.xmin };
  }
  learn(known, key, learnt, inserts, answer.rows[0]!.xmin);
  meanwhile?.();
  return { value };
}

/** Keeps what the player's picks are after a save: those it read, plus the inserted ones at their row version. */
function learn(known: SaveCaches, key: string, before: KnownPicks, inserts: PickRow[], xmin: string | undefined): void {
  if (inserts.length && xmin === undefined) {
    known.picks.delete(key);
    return;
  }
  const versions = new Map(before.versions);
  for (const pick of inserts) {
    const rider = known.riders.get(pick.riderId);
    if (!rider) {
      known.picks.delete(key);
      return;
    }
    versions.set(pick.category, `${xmin}:${rider.xmin}`);
  }
  const picks = inserts.length ? [...before.picks, ...inserts].toSorted(byCategory) : before.picks;
  remember(known.picks, key, {
    raceStamp: before.raceStamp,
    picks,
    versions,
    balance: before.balance,
    balanceXmin: before.balanceXmin,
  });
}

/** A pick as pp_save_facts writes it: id, category, rider, state, points, upgrades, changes, saved, updated, settled (epoch ms), rider injured, the pick's and the rider's row versions. */
type PickValues = [
  string,
  PickRow["category"],
  string,
  PickRow["state"],
  number | string | null,
  PickRow["upgrades"],
  number,
  number,
  number,
  number | null,
  boolean,
  string,
  string,
];

/** The player's picks of the race from pp_save_facts' arrays, in weekend order (as `picksOf` answers). */
function toFactPicks(userId: string, raceId: string, values: PickValues[] | null): PickRow[] {
  if (!values) return [];
  const picks = values.map(
    ([
      id,
      category,
      riderId,
      state,
      points,
      upgrades,
      changes,
      savedAt,
      updatedAt,
      settledAt,
      riderInjured,
    ]): PickRow => ({
      id,
      userId,
      raceId,
      category,
      riderId,
      state,
      points: points === null ? null : Number(points),
      upgrades,
      changes,
      savedAt: new Date(savedAt),
      updatedAt: new Date(updatedAt),
      settledAt: settledAt === null ? null : new Date(settledAt),
      riderInjured,
    }),
  );
  return picks.length > 1 ? picks.toSorted(byCategory) : picks;
}

/** The EXECUTE of pp_save_insert (PostgreSQL), its arguments quoted as literals. */
function insertStatement(inserts: PickRow[], q: (v: string) => string): string {
  const first = inserts[0]!;
  const args = [
    q(first.userId),
    q(first.raceId),
    q(pgArray(inserts.map((i) => i.id))),
    q(pgArray(inserts.map((i) => i.category))),
    q(pgArray(inserts.map((i) => i.riderId))),
    q(pgArray(inserts.map((i) => pgArray(i.upgrades)))),
    q(first.savedAt.toISOString()),
  ];
  return `EXECUTE pp_save_insert(${args.join(", ")})`;
}
