import { and, eq, sql } from "drizzle-orm";
import type { SessionType } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import { predictions, races, raceSessions, riders, type PredictionRow } from "../../db/schema";
import { pgArray, rowsOf } from "../../db/arrays";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { categories } from "../../../contract/weekendRules/structure";
import type { SessionWindow } from "../../../contract/weekendRules/time";
import type { ExistingPick } from "../../../contract/weekendRules/upgrades";
import { isUuid } from "../../../contract/common";
import { holdLock, lockExpression, lockKeys } from "../../db/locks";

// Reads of the predictions service (inside a transaction or on the pool) and the per-(player, race) lock.

/** `sessions` are the rules' windows (epoch ms); a session of a canceled race counts as canceled. */
export type RaceInfo = { id: string; version: number; canceled: boolean; sessions: Partial<Record<SessionType, SessionWindow>> };
export type PickRow = PredictionRow & { riderInjured: boolean };

/** The race with its sessions by type; 404 notFound for an unknown or malformed id. */
export async function loadRace(tx: LedgerTx, raceId: string): Promise<RaceInfo> {
  const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
  if (!race) throw new AppError(404, "notFound");
  const rows = await tx.select().from(raceSessions).where(eq(raceSessions.raceId, raceId));
  const canceled = race.canceledAt !== null;
  const sessions: RaceInfo["sessions"] = {};
  for (const s of rows) sessions[s.type as SessionType] = { startsAt: s.startsAt.getTime(), endsAt: s.endsAt.getTime(), canceled: canceled || s.canceled };
  return { id: race.id, version: race.version, canceled, sessions };
}

/** One player's picks of one race in weekend order, each with whether its rider is injured now. */
export async function picksOf(tx: LedgerTx, userId: string, raceId: string): Promise<PickRow[]> {
  const rows = await tx
    .select({ p: predictions, status: riders.status })
    .from(predictions)
    .innerJoin(riders, eq(riders.id, predictions.riderId))
    .where(and(eq(predictions.userId, userId), eq(predictions.raceId, raceId)));
  return rows.map((r) => ({ ...r.p, riderInjured: r.status !== "ACTIVE" })).toSorted((a, b) => categories.indexOf(a.category) - categories.indexOf(b.category));
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

export type SessionJson = { type: SessionType; startsAt: number; endsAt: number; canceled: boolean };
type RaceJson = { id: string; version: number; canceled: boolean; sessions: SessionJson[] | null };
export type PickJson = Omit<PickRow, "savedAt" | "updatedAt" | "settledAt" | "points"> & { savedAt: string; updatedAt: string; settledAt: string | null; points: number | string | null };

const raceJson = (raceId: string) => sql`(SELECT json_build_object('id', r.id, 'version', r.version, 'canceled', r.canceled_at IS NOT NULL,
    'sessions', (SELECT json_agg(json_build_object('type', s.type, 'startsAt', floor(extract(epoch FROM s.starts_at) * 1000), 'endsAt', floor(extract(epoch FROM s.ends_at) * 1000), 'canceled', s.canceled))
      FROM race_sessions s WHERE s.race_id = r.id))
  FROM races r WHERE r.id = ${raceId})`;

const picksJson = (userId: string, raceId: string) => sql`(SELECT json_agg(json_build_object('id', p.id, 'userId', p.user_id, 'raceId', p.race_id, 'category', p.category,
    'riderId', p.rider_id, 'state', p.state, 'points', p.points, 'upgrades', p.upgrades, 'changes', p.changes, 'savedAt', p.saved_at, 'updatedAt', p.updated_at,
    'settledAt', p.settled_at, 'riderInjured', r.status <> 'ACTIVE'))
  FROM predictions p JOIN riders r ON r.id = p.rider_id WHERE p.user_id = ${userId} AND p.race_id = ${raceId})`;

/** Weekend order, as `picksOf` answers. */
export const byCategory = (a: { category: PickRow["category"] }, b: { category: PickRow["category"] }) => categories.indexOf(a.category) - categories.indexOf(b.category);

export const asJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

function toRace(json: RaceJson | null): RaceInfo {
  if (!json) throw new AppError(404, "notFound");
  const sessions: RaceInfo["sessions"] = {};
  for (const s of json.sessions ?? []) sessions[s.type] = { startsAt: Number(s.startsAt), endsAt: Number(s.endsAt), canceled: json.canceled || s.canceled };
  return { id: json.id, version: json.version, canceled: json.canceled, sessions };
}

export function toPicks(json: PickJson[] | null): PickRow[] {
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
export async function lockRace(tx: LedgerTx, userId: string, raceId: string): Promise<RaceInfo> {
  if (!isUuid(raceId)) throw new AppError(404, "notFound");
  const [row] = rowsOf<{ race: unknown }>(
    await tx.execute(sql`SELECT ${raceJson(raceId)} AS race, ${lockExpression(lockKeys.predictionSave(userId, raceId))} IS NULL AS locked`),
  );
  return toRace(asJson<RaceJson | null>(row?.race ?? null));
}

/** Under the lock, in one statement: the player's picks of the race (as `picksOf`), the riders a save names and the balance. */
export async function saveFacts(
  tx: LedgerTx,
  userId: string,
  raceId: string,
  riderIds: readonly string[],
): Promise<{ picks: PickRow[]; riders: Map<string, { id: string; raceClass: string; status: string }>; balance: number }> {
  const [row] = rowsOf<{ picks: unknown; riders: unknown; balance: string | number | null }>(
    await tx.execute(sql`SELECT ${picksJson(userId, raceId)} AS picks,
      (SELECT json_agg(json_build_object('id', id, 'raceClass', race_class, 'status', status)) FROM riders WHERE id = ANY(${pgArray(riderIds)}::uuid[])) AS riders,
      (SELECT balance FROM diamond_balances WHERE user_id = ${userId}) AS balance`),
  );
  const found = asJson<{ id: string; raceClass: string; status: string }[] | null>(row?.riders ?? null) ?? [];
  return { picks: toPicks(asJson<PickJson[] | null>(row?.picks ?? null)), riders: new Map(found.map((r) => [r.id, r])), balance: Number(row?.balance ?? 0) };
}

/** What the race view reads, in one statement: the race with its sessions, the player's picks and balance. */
export async function viewFacts(tx: LedgerTx, userId: string, raceId: string): Promise<{ race: RaceInfo; picks: PickRow[]; balance: number }> {
  if (!isUuid(raceId)) throw new AppError(404, "notFound");
  const [row] = rowsOf<{ race: unknown; picks: unknown; balance: string | number | null }>(
    await tx.execute(sql`SELECT ${raceJson(raceId)} AS race, ${picksJson(userId, raceId)} AS picks, (SELECT balance FROM diamond_balances WHERE user_id = ${userId}) AS balance`),
  );
  const race = toRace(asJson<RaceJson | null>(row?.race ?? null));
  return { race, picks: toPicks(asJson<PickJson[] | null>(row?.picks ?? null)), balance: Number(row?.balance ?? 0) };
}
