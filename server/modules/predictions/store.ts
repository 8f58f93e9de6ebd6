import { and, eq, sql } from "drizzle-orm";
import type { SessionType } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import { predictions, races, raceSessions, riders, type PredictionRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { categories } from "../../../contract/weekendRules/structure";
import type { SessionWindow } from "../../../contract/weekendRules/time";
import type { ExistingPick } from "../../../contract/weekendRules/upgrades";

// Reads of the predictions service (inside a transaction or on the pool) and the per-(player, race) lock.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids in paths are checked before they reach a uuid column (a malformed one is simply not found). */
export const isUuid = (id: string) => uuidPattern.test(id);

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
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`predictions:${userId}:${raceId}`}, 0))`);
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

