// What the predictions suites share: a seeded race with its session times, riders of each kind, and
// calls that save, change and upgrade through the public API.
import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import type { PredictionCategory, SessionType } from "../../contract/enums";
import { races, raceSessions, riders } from "../../server/db/schema";
import type { Harness } from "./harness";
import { signIn, type Player } from "./accounts";

export const SECOND = 1000;
export const MINUTE = 60_000;

export type RaceFixture = {
  id: string;
  version: number;
  sessions: Record<SessionType, { start: number; end: number }>;
  /** Active premier-class riders, by number. */
  active: string[];
  injured: string;
  otherClass: string;
};

/** Round 12 of the seeded season (any round works: the tests move the clock to its sessions). */
export async function raceFixture(h: Harness): Promise<RaceFixture> {
  const db = h.database.db;
  const [race] = await db.select().from(races).where(eq(races.round, 12));
  const rows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, race!.id));
  const sessions = Object.fromEntries(
    rows.map((s) => [s.type, { start: s.startsAt.getTime(), end: s.endsAt.getTime() }]),
  ) as RaceFixture["sessions"];
  const active = (
    await db
      .select()
      .from(riders)
      .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "ACTIVE")))
      .orderBy(asc(riders.number))
  ).map((r) => r.id);
  const [injured] = await db
    .select()
    .from(riders)
    .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "INJURED")));
  const [otherClass] = await db.select().from(riders).where(eq(riders.raceClass, "MOTO2"));
  return { id: race!.id, version: race!.version, sessions, active, injured: injured!.id, otherClass: otherClass!.id };
}

const issued = new WeakMap<Player, { at: number; token: string }>();
/**
 * An access token valid at the server's now: moving the clock by days expires the one from sign-up, so the
 * player signs in again whenever the clock has moved out of the token's life.
 */
export async function tokenOf(h: Harness, p: Player): Promise<string> {
  const now = h.clock.now().getTime();
  const held = issued.get(p);
  if (held && now >= held.at && now - held.at < 10 * MINUTE) return held.token;
  const res = await signIn(h, p.email, p.password);
  expect(res.status).toBe(200);
  const token = (res.body as { result: { accessToken: string } }).result.accessToken;
  issued.set(p, { at: now, token });
  return token;
}

/** Moves the server clock to `ms` (epoch milliseconds). */
export const at = (h: Harness, ms: number) => h.clock.set(new Date(ms));

export type Pick = { category: PredictionCategory; riderId: string };

export const save = async (h: Harness, p: Player, race: RaceFixture, data: Pick[], version = race.version) =>
  h.call("POST", `/predictions/races/${race.id}`, { token: await tokenOf(h, p), body: { version, data } });

export const change = async (
  h: Harness,
  p: Player,
  race: RaceFixture,
  data: Pick[],
  confirm?: { tier: string; cost: number },
) =>
  h.call("PUT", `/predictions/races/${race.id}`, {
    token: await tokenOf(h, p),
    body: { version: race.version, data, ...(confirm ? { change: confirm } : {}) },
  });

let keys = 0;
export const upgrade = async (
  h: Harness,
  p: Player,
  race: RaceFixture,
  type: string,
  category?: PredictionCategory,
  idempotencyKey = `key-${Date.now()}-${++keys}`,
) =>
  h.call("POST", `/predictions/races/${race.id}/upgrades`, {
    token: await tokenOf(h, p),
    body: { type, ...(category ? { category } : {}), idempotencyKey },
  });

export const view = async (h: Harness, p: Player, race: RaceFixture) =>
  h.call("GET", `/predictions/races/${race.id}`, { token: await tokenOf(h, p) });

export async function balance(h: Harness, p: Player): Promise<number> {
  const res = await h.call("GET", "/diamonds/user/balance", { token: await tokenOf(h, p) });
  expect(res.status).toBe(200);
  return Number(res.body.result.balance);
}

/** The caller's ledger entries of one reason. */
/** The player's ledger entries, newest first (of one reason when given). */
export async function entries(
  h: Harness,
  p: Player,
  reason?: string,
): Promise<{ delta: number; ref: string | null; balance: string }[]> {
  const res = await h.call("GET", "/diamonds/user/history", {
    token: await tokenOf(h, p),
    query: { page: 1, take: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.result.data.filter((e: { reason: string }) => reason === undefined || e.reason === reason);
}

export const setDiamonds = async (h: Harness, userId: string, delta: number) => {
  const res = await h.call("POST", "/dev/diamonds", { body: { userId, delta } });
  expect(res.status).toBe(200);
};

/** The saved pick of one category in a race view or write answer. */
export const pickOf = (body: { result: { data: { category: string }[] } }, category: PredictionCategory) =>
  body.result.data.find((p) => p.category === category) as
    | { id: string; riderId: string; upgrades: string[]; changes: number; riderAvailable: boolean }
    | undefined;

/** All 11 categories on distinct riders. */
export function allPicks(race: RaceFixture): Pick[] {
  const cats: PredictionCategory[] = [
    "FP1",
    "PRACTICE_FASTEST",
    "FP2",
    "POLEMAN",
    "SPRINT_FIRST",
    "SPRINT_SECOND",
    "SPRINT_THIRD",
    "RACE_FIRST",
    "RACE_SECOND",
    "RACE_THIRD",
    "POSITION_GAINED",
  ];
  return cats.map((category, i) => ({ category, riderId: race.active[i]! }));
}
