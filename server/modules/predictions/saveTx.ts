import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PoolClient } from "pg";
import type { SessionType } from "../../../contract/enums";
import type { Database, Db } from "../../db/open";
import { pgArray } from "../../db/arrays";
import * as schema from "../../db/schema";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { asJson, byCategory, isUuid, lockRace, saveFacts, type PickRow, type RaceInfo, type SessionJson } from "./store";

// A save's transaction. On PostgreSQL it costs two round trips: BEGIN, the per-(player, race) lock and one read of
// everything the rules need go in one message; the INSERT of the new picks and COMMIT in another. In between,
// the service decides with the contract's rules (and, for paid changes, upgrades or the completion reward, sends
// its further statements on the same connection, inside the same transaction). The statements are PREPAREd
// once per connection (the plans are kept) and called with EXECUTE, quoting their arguments as literals: a
// message of several statements can't carry bind parameters. On PGlite (one connection inside the process) it
// is an ordinary drizzle transaction with the same reads.

export type SaveFacts = {
  race: RaceInfo;
  picks: PickRow[];
  riders: Map<string, { id: string; raceClass: string; status: string }>;
  balance: number;
};

/**
 * What the service decided: the picks to insert (written with COMMIT) and its answer; `meanwhile`, when given, runs
 * while PostgreSQL writes and commits (work that needs nothing from the database, such as building the answer), so
 * the connection and the lock are not held while it runs. Its result is used only once the commit succeeded.
 */
export type SaveWork<T> = (facts: SaveFacts, tx: LedgerTx) => Promise<{ inserts: PickRow[]; value: T; meanwhile?: () => void }>;

// The lock's statement comes first and alone: in READ COMMITTED each statement reads from its own snapshot, so
// the read after it sees whatever the previous holder of the lock committed.
const PREPARE = [
  `PREPARE pp_save_lock(text) AS SELECT pg_advisory_xact_lock(hashtextextended($1, 0)) IS NULL AS locked`,
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
      floor(extract(epoch FROM p.updated_at) * 1000), floor(extract(epoch FROM p.settled_at) * 1000), rd.status <> 'ACTIVE'))
      FROM predictions p JOIN riders rd ON rd.id = p.rider_id WHERE p.user_id = $1 AND p.race_id = $2) AS picks,
    (SELECT json_agg(json_build_array(id, race_class, status)) FROM riders WHERE id = ANY($3)) AS riders,
    (SELECT balance FROM diamond_balances WHERE user_id = $1) AS balance
  FROM r`,
  `PREPARE pp_save_insert(uuid, uuid, uuid[], text[], uuid[], text[], timestamptz) AS
  INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
  SELECT p.id, $1, $2, p.category, p.rider_id, p.upgrades::text[], $7, $7 FROM unnest($3, $4, $5, $6) AS p(id, category, rider_id, upgrades)`,
];

const prepared = new WeakSet<PoolClient>();
const clientDbs = new WeakMap<PoolClient, Db>();
/** Races as last read, per database, with the stamp they were read at. */
const raceCaches = new WeakMap<Db, Map<string, { stamp: string; race: RaceInfo }>>();

type FactsRow = { id: string; version: number; canceled: boolean; stamp: string; sessions: unknown; picks: unknown; riders: unknown; balance: string | number | null };

/** Runs one save of `userId` on `raceId` naming `riderIds`: reads under the lock, lets `work` decide, writes, commits. */
export async function inSaveTransaction<T>(database: Database, userId: string, raceId: string, riderIds: readonly string[], work: SaveWork<T>): Promise<T> {
  if (!isUuid(raceId)) throw new AppError(404, "notFound");
  const ids = riderIds.filter(isUuid);
  if (!database.pool) {
    return database.db.transaction(async (tx) => {
      const race = await lockRace(tx, userId, raceId);
      const facts = await saveFacts(tx, userId, raceId, ids);
      const { inserts, value, meanwhile } = await work({ race, ...facts }, tx);
      if (inserts.length) await insertPicks(tx, inserts);
      meanwhile?.();
      return value;
    });
  }
  const client = await database.pool.connect();
  let broken: Error | undefined;
  try {
    if (!prepared.has(client)) {
      // A connection where only some of them were prepared is closed, not reused.
      await client.query(PREPARE.join(";\n")).catch((err: Error) => {
        broken = err;
        throw err;
      });
      prepared.add(client);
    }
    try {
      return await inTransaction(database.db, client, userId, raceId, ids, work);
    } catch (err) {
      await client.query("ROLLBACK").catch((rollbackFailed: Error) => (broken = rollbackFailed));
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

async function inTransaction<T>(db: Db, client: PoolClient, userId: string, raceId: string, ids: string[], work: SaveWork<T>): Promise<T> {
  const q = (v: string) => client.escapeLiteral(v);
  let races = raceCaches.get(db);
  if (!races) raceCaches.set(db, (races = new Map()));
  const cached = races.get(raceId);
  const results = (await client.query(
    `BEGIN; EXECUTE pp_save_lock(${q(`predictions:${userId}:${raceId}`)}); EXECUTE pp_save_facts(${q(userId)}, ${q(raceId)}, ${q(pgArray(ids))}, ${cached ? q(cached.stamp) : "NULL"})`,
  )) as unknown as { rows: FactsRow[] }[];
  const row = results[2]?.rows[0];
  if (!row) throw new AppError(404, "notFound");
  let race: RaceInfo;
  if (row.sessions === null && cached) race = cached.race;
  else {
    const sessions: RaceInfo["sessions"] = {};
    for (const s of asJson<SessionJson[] | null>(row.sessions) ?? []) {
      sessions[s.type as SessionType] = { startsAt: Number(s.startsAt), endsAt: Number(s.endsAt), canceled: row.canceled || s.canceled };
    }
    race = { id: row.id, version: row.version, canceled: row.canceled, sessions };
    if (races.size > 1000) races.clear();
    races.set(raceId, { stamp: row.stamp, race });
  }
  const riders: SaveFacts["riders"] = new Map();
  for (const [id, raceClass, status] of asJson<[string, string, string][] | null>(row.riders) ?? []) riders.set(id, { id, raceClass, status });
  const facts: SaveFacts = { race, picks: toFactPicks(userId, raceId, asJson<PickValues[] | null>(row.picks)), riders, balance: Number(row.balance ?? 0) };
  let tx = clientDbs.get(client);
  if (!tx) clientDbs.set(client, (tx = drizzle({ client, schema }) as unknown as Db));
  const { inserts, value, meanwhile } = await work(facts, tx);
  const committed = client.query(inserts.length ? `${insertStatement(inserts, q)}; COMMIT` : "COMMIT");
  // The message is on its way: do what needs no answer from it while PostgreSQL works, then wait for the commit
  // (whatever `meanwhile` did, the commit's outcome is waited for before anything is thrown).
  let failed: { error: unknown } | undefined;
  try {
    meanwhile?.();
  } catch (error) {
    failed = { error };
  }
  await committed;
  if (failed) throw failed.error;
  return value;
}

/** A pick as pp_save_facts writes it: id, category, rider, state, points, upgrades, changes, saved, updated, settled (epoch ms), rider injured. */
type PickValues = [string, PickRow["category"], string, PickRow["state"], number | string | null, PickRow["upgrades"], number, number, number, number | null, boolean];

/** The player's picks of the race from pp_save_facts' arrays, in weekend order (as `picksOf` answers). */
function toFactPicks(userId: string, raceId: string, values: PickValues[] | null): PickRow[] {
  if (!values) return [];
  const picks = values.map(([id, category, riderId, state, points, upgrades, changes, savedAt, updatedAt, settledAt, riderInjured]): PickRow => ({
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
  }));
  return picks.length > 1 ? picks.toSorted(byCategory) : picks;
}

/** The INSERT of new picks through drizzle (PGlite), from arrays as the prepared one. */
async function insertPicks(tx: LedgerTx, inserts: PickRow[]): Promise<void> {
  const first = inserts[0]!;
  const now = first.savedAt.toISOString();
  await tx.execute(sql`INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
    SELECT p.id, ${first.userId}, ${first.raceId}, p.category, p.rider_id, p.upgrades::text[], ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${pgArray(inserts.map((i) => i.id))}::uuid[], ${pgArray(inserts.map((i) => i.category))}::text[], ${pgArray(inserts.map((i) => i.riderId))}::uuid[],
      ${pgArray(inserts.map((i) => pgArray(i.upgrades)))}::text[]) AS p(id, category, rider_id, upgrades)`);
}

/** The EXECUTE of the prepared INSERT (PostgreSQL), its arguments quoted as literals. */
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
