import { and, eq, sql } from "drizzle-orm";
import type { SessionType } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import { predictions, races, raceSessions, riders } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/arrays";
import type { Database, Db } from "../../db/open";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import type { ExistingPick } from "../../../contract/weekendRules/upgrades";
import { isUuid } from "../../../contract/common";
import { holdLock, lockExpression, lockKeys } from "../../db/locks";
import { asJson, byCategory, type PickRow, type RaceInfo, type SessionJson } from "./rows";
import { creditIn, type Post, type SavePicks, type SaveWork } from "./saveWork";
import { postgresSaves } from "./saveTx";

// The predictions' data access: reads (inside a transaction or on the pool), the per-(player, race) lock, and a
// save's transaction. The reads take the caller's transaction, so a service composes them in its own. A save is
// one interface (`PredictionsRepository.save`) with one adapter per database, chosen once when the repository is
// built: on PGlite (one connection inside the process) a drizzle transaction with the reads below; on PostgreSQL
// the fast path of hand-written round trips, batched (saveTx.ts).

export type PredictionsRepository = {
  /**
   * One save of `userId` on `raceId` naming `riderIds`: reads under the lock, lets `work` decide with the rules,
   * writes what it decided and commits; answers what `work` answered.
   */
  save<T>(userId: string, raceId: string, riderIds: readonly string[], work: SaveWork<T>): Promise<T>;
};

/** The repository on `deps.db`: its save's adapter is the database's, chosen here once. `post` is the ledger's, for the decisions' credits. */
export function predictionsRepository(deps: { db: Database; ledger: { post: Post } }): PredictionsRepository {
  const { pool } = deps.db;
  const savePicks = pool ? postgresSaves(pool, deps.ledger.post) : pgliteSaves(deps.db.db, deps.ledger.post);
  return {
    async save(userId, raceId, riderIds, work) {
      if (!isUuid(raceId)) throw new AppError(404, "notFound");
      return savePicks(userId, raceId, riderIds.filter(isUuid), work);
    },
  };
}

/** The race with its sessions by type; 404 notFound for an unknown or malformed id. */
export async function loadRace(tx: LedgerTx, raceId: string): Promise<RaceInfo> {
  const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
  if (!race) throw new AppError(404, "notFound");
  const rows = await tx.select().from(raceSessions).where(eq(raceSessions.raceId, raceId));
  const canceled = race.canceledAt !== null;
  const sessions: RaceInfo["sessions"] = {};
  for (const s of rows)
    sessions[s.type as SessionType] = {
      startsAt: s.startsAt.getTime(),
      endsAt: s.endsAt.getTime(),
      canceled: canceled || s.canceled,
    };
  return { id: race.id, version: race.version, canceled, sessions };
}

/** One player's picks of one race in weekend order, each with whether its rider is injured now. */
export async function picksOf(tx: LedgerTx, userId: string, raceId: string): Promise<PickRow[]> {
  const rows = await tx
    .select({ p: predictions, status: riders.status })
    .from(predictions)
    .innerJoin(riders, eq(riders.id, predictions.riderId))
    .where(and(eq(predictions.userId, userId), eq(predictions.raceId, raceId)));
  return rows.map((r) => ({ ...r.p, riderInjured: r.status !== "ACTIVE" })).toSorted(byCategory);
}

export const asExisting = (p: PickRow): ExistingPick => ({
  id: p.id,
  category: p.category,
  riderId: p.riderId,
  upgrades: p.upgrades,
  changes: p.changes,
  riderInjured: p.riderInjured,
});

/** Serializes one player's writes on one race (held until the transaction ends). */
export async function lock(tx: LedgerTx, userId: string, raceId: string): Promise<void> {
  await holdLock(tx, lockKeys.predictionSave(userId, raceId));
}

export const toSaved = (p: PickRow): SavedPick => ({
  id: p.id,
  category: p.category,
  riderId: p.riderId,
  state: p.state,
  points: p.points,
  upgrades: p.upgrades,
  savedAt: p.savedAt.toISOString(),
  changes: p.changes,
  riderAvailable: !p.riderInjured,
});

// The hot path (a save and the view it answers with) in few round trips: raw statements whose rows come back as
// JSON, shaped like the drizzle reads above.

type RaceJson = { id: string; version: number; canceled: boolean; sessions: SessionJson[] | null };
type PickJson = Omit<PickRow, "savedAt" | "updatedAt" | "settledAt" | "points"> & {
  savedAt: string;
  updatedAt: string;
  settledAt: string | null;
  points: number | string | null;
};

const raceJson = (
  raceId: string,
) => sql`(SELECT json_build_object('id', r.id, 'version', r.version, 'canceled', r.canceled_at IS NOT NULL,
    'sessions', (SELECT json_agg(json_build_object('type', s.type, 'startsAt', floor(extract(epoch FROM s.starts_at) * 1000), 'endsAt', floor(extract(epoch FROM s.ends_at) * 1000), 'canceled', s.canceled))
      FROM race_sessions s WHERE s.race_id = r.id))
  FROM races r WHERE r.id = ${raceId})`;

const picksJson = (
  userId: string,
  raceId: string,
) => sql`(SELECT json_agg(json_build_object('id', p.id, 'userId', p.user_id, 'raceId', p.race_id, 'category', p.category,
    'riderId', p.rider_id, 'state', p.state, 'points', p.points, 'upgrades', p.upgrades, 'changes', p.changes, 'savedAt', p.saved_at, 'updatedAt', p.updated_at,
    'settledAt', p.settled_at, 'riderInjured', r.status <> 'ACTIVE'))
  FROM predictions p JOIN riders r ON r.id = p.rider_id WHERE p.user_id = ${userId} AND p.race_id = ${raceId})`;

function toRace(json: RaceJson | null): RaceInfo {
  if (!json) throw new AppError(404, "notFound");
  const sessions: RaceInfo["sessions"] = {};
  for (const s of json.sessions ?? [])
    sessions[s.type] = {
      startsAt: Number(s.startsAt),
      endsAt: Number(s.endsAt),
      canceled: json.canceled || s.canceled,
    };
  return { id: json.id, version: json.version, canceled: json.canceled, sessions };
}

function toPicks(json: PickJson[] | null): PickRow[] {
  return (json ?? [])
    .map((p) => ({
      ...p,
      points: p.points === null ? null : Number(p.points),
      savedAt: new Date(p.savedAt),
      updatedAt: new Date(p.updatedAt),
      settledAt: p.settledAt === null ? null : new Date(p.settledAt),
    }))
    .toSorted(byCategory);
}

/** `loadRace` and `lock` in one statement (the race is read before the lock is granted, as `loadRace` then `lock` did). */
async function lockRace(tx: LedgerTx, userId: string, raceId: string): Promise<RaceInfo> {
  if (!isUuid(raceId)) throw new AppError(404, "notFound");
  const [row] = rowsOf<{ race: unknown }>(
    await tx.execute(
      sql`SELECT ${raceJson(raceId)} AS race, ${lockExpression(lockKeys.predictionSave(userId, raceId))} IS NULL AS locked`,
    ),
  );
  return toRace(asJson<RaceJson | null>(row?.race ?? null));
}

/** Under the lock, in one statement: the player's picks of the race (as `picksOf`), the riders a save names and the balance. */
async function saveFacts(
  tx: LedgerTx,
  userId: string,
  raceId: string,
  riderIds: readonly string[],
): Promise<{
  picks: PickRow[];
  riders: Map<string, { id: string; raceClass: string; status: string }>;
  balance: number;
}> {
  const [row] = rowsOf<{ picks: unknown; riders: unknown; balance: string | number | null }>(
    await tx.execute(sql`SELECT ${picksJson(userId, raceId)} AS picks,
      (SELECT json_agg(json_build_object('id', id, 'raceClass', race_class, 'status', status)) FROM riders WHERE id = ANY(${pgArray(riderIds)}::uuid[])) AS riders,
      (SELECT balance FROM diamond_balances WHERE user_id = ${userId}) AS balance`),
  );
  const found = asJson<{ id: string; raceClass: string; status: string }[] | null>(row?.riders ?? null) ?? [];
  return {
    picks: toPicks(asJson<PickJson[] | null>(row?.picks ?? null)),
    riders: new Map(found.map((r) => [r.id, r])),
    balance: Number(row?.balance ?? 0),
  };
}

/** What the race view reads, in one statement: the race with its sessions, the player's picks and balance. */
export async function viewFacts(
  tx: LedgerTx,
  userId: string,
  raceId: string,
): Promise<{ race: RaceInfo; picks: PickRow[]; balance: number }> {
  if (!isUuid(raceId)) throw new AppError(404, "notFound");
  const [row] = rowsOf<{ race: unknown; picks: unknown; balance: string | number | null }>(
    await tx.execute(
      sql`SELECT ${raceJson(raceId)} AS race, ${picksJson(userId, raceId)} AS picks, (SELECT balance FROM diamond_balances WHERE user_id = ${userId}) AS balance`,
    ),
  );
  const race = toRace(asJson<RaceJson | null>(row?.race ?? null));
  return { race, picks: toPicks(asJson<PickJson[] | null>(row?.picks ?? null)), balance: Number(row?.balance ?? 0) };
}

/** A save on PGlite: one drizzle transaction, the lock and the reads first, the INSERT of the new picks last. */
function pgliteSaves(db: Db, post: Post): SavePicks {
  return (userId, raceId, riderIds, work) =>
    db.transaction(async (tx) => {
      const race = await lockRace(tx, userId, raceId);
      const facts = await saveFacts(tx, userId, raceId, riderIds);
      const { inserts, value, meanwhile } = await work({ race, ...facts }, tx, creditIn(post, tx));
      if (inserts.length) await insertPicks(tx, inserts);
      meanwhile?.();
      return value;
    });
}

/** The INSERT of a save's new picks, from arrays (as the PostgreSQL adapter's prepared one). */
async function insertPicks(tx: LedgerTx, inserts: PickRow[]): Promise<void> {
  const first = inserts[0]!;
  const now = first.savedAt.toISOString();
  await tx.execute(sql`INSERT INTO predictions (id, user_id, race_id, category, rider_id, upgrades, saved_at, updated_at)
    SELECT p.id, ${first.userId}, ${first.raceId}, p.category, p.rider_id, p.upgrades::text[], ${now}::timestamptz, ${now}::timestamptz
    FROM unnest(${pgArray(inserts.map((i) => i.id))}::uuid[], ${pgArray(inserts.map((i) => i.category))}::text[], ${pgArray(inserts.map((i) => i.riderId))}::uuid[],
      ${pgArray(inserts.map((i) => pgArray(i.upgrades)))}::text[]) AS p(id, category, rider_id, upgrades)`);
}
