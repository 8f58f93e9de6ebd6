import { and, eq } from "drizzle-orm";
import type { Bet, BetRider, BetType } from "../../../contract/bets";
import { betStatusOf, LEG_TYPES, oddsOf, type BettableRider } from "../../../contract/betRules";
import { GAME_CLASS } from "../../../contract/rules";
import type { SessionWindow } from "../../../contract/weekendRules/time";
import { bets, races, raceSessions, type BetRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { toRider } from "../races/mappers";
import { oddsForRaces } from "../races/form";
import { rosterRows } from "../races/roster";
import { isUuid } from "../../../contract/common";

// Reads of the bets area, inside a transaction or on the pool: the race and its race session, its riders with
// their odds, and one player's bets.

export type BetRace = { race: typeof races.$inferSelect; start: SessionWindow | undefined };

/** The race and the window of its race session (canceled when the session or the race was); 404 for an unknown id. */
export async function loadBetRace(tx: LedgerTx, raceId: string): Promise<BetRace> {
  const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
  if (!race) throw new AppError(404, "notFound");
  const [session] = await tx
    .select()
    .from(raceSessions)
    .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, "START")));
  const start = session
    ? {
        startsAt: session.startsAt.getTime(),
        endsAt: session.endsAt.getTime(),
        canceled: session.canceled || race.canceledAt !== null,
      }
    : undefined;
  return { race, start };
}

/** The race's riders (its entry list: races/roster.ts) in number order with the race's WIN odds (available riders only have odds). */
export async function ridersOf(tx: LedgerTx, race: BetRace["race"]) {
  const rows = await rosterRows(tx, race.id);
  const odds = (await oddsForRaces(tx, GAME_CLASS, [race])).get(race.id) ?? {};
  return rows.map(({ rider, team, place }) => ({
    rider,
    team,
    available: place.available,
    win: odds[rider.id] ?? null,
  }));
}
export type OddsRider = Awaited<ReturnType<typeof ridersOf>>[number];

/** What the rules need of each rider: available or not, and their WIN odds. */
export const bettableOf = (list: readonly OddsRider[]): Map<string, BettableRider> =>
  new Map(list.map((r) => [r.rider.id, { available: r.available, odds: r.win }]));

export const toBetRider = (r: OddsRider): BetRider => ({
  ...toRider(r.rider, r.team),
  available: r.available,
  odds: r.available && r.win !== null ? oddsOf(r.win) : null,
});

/** One player's legs on one race. */
export const legsOf = (tx: LedgerTx, userId: string, raceId: string) =>
  tx
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.raceId, raceId)));

/** The bets a player has placed (what "one bet per rider and type" compares with). */
export const placedOf = (legs: readonly BetRow[]): { riderId: string; type: BetType }[] => [
  ...new Map(legs.map((l) => [l.placementId, { riderId: l.riderId, type: l.placedAs }])).values(),
];

/** Legs grouped into the bets they were placed as, newest first, each with its status and payout from its legs. */
export function toBets(legs: readonly BetRow[]): Bet[] {
  const byPlacement = new Map<string, BetRow[]>();
  for (const leg of legs) byPlacement.set(leg.placementId, [...(byPlacement.get(leg.placementId) ?? []), leg]);
  const out = [...byPlacement.entries()].map(([id, rows]) => {
    const first = rows[0]!;
    const ordered = rows.toSorted((a, b) => LEG_TYPES.indexOf(a.type) - LEG_TYPES.indexOf(b.type));
    const legViews = ordered.map((l) => ({
      type: l.type,
      stake: l.stake,
      odds: Number(l.odds),
      status: l.status,
      payout: l.payout,
    }));
    const status = betStatusOf(legViews);
    return {
      id,
      raceId: first.raceId,
      riderId: first.riderId,
      type: first.placedAs,
      amount: rows.reduce((s, l) => s + l.stake, 0),
      placedAt: first.placedAt.toISOString(),
      status,
      payout: status === "OPEN" || status === "REFUNDED" ? null : legViews.reduce((s, l) => s + (l.payout ?? 0), 0),
      refunded: legViews.filter((l) => l.status === "REFUNDED").reduce((s, l) => s + l.stake, 0),
      legs: legViews,
      at: first.placedAt.getTime(),
    };
  });
  return out.toSorted((a, b) => b.at - a.at || (a.id < b.id ? -1 : 1)).map(({ at: _at, ...bet }) => bet);
}
