import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { BetBody, BetPlaced, RaceBets } from "../../../contract/bets";
import { bettingOpen, planBet } from "../../../contract/betRules";
import { betNumbers } from "../../../contract/rules";
import { bets, sessionResults } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";
import { bettableOf, legsOf, loadBetRace, placedOf, ridersOf, toBetRider, toBets } from "./repository";
import { observe } from "../../metrics";
import { holdLock, holdLockShared, lockKeys } from "../../db/locks";

/** Ledger keys and refs of bets: the stake's debit is one entry per bet placed, found again by its ref. */
export const betKeys = {
  /** One bet per rider and type per race: a retried placement can't debit twice. */
  stake: (raceId: string, riderId: string, type: string) => `bet:${raceId}:${riderId}:${type}`,
  stakeRef: (placementId: string) => `bet:${placementId}`,
  /** A player's winnings of one race, paid in one entry. */
  payout: (raceId: string) => `bet-payout:${raceId}`,
  payoutRef: (raceId: string) => `bets:${raceId}`,
};

/**
 * The caller's bets: the race view (riders, odds, open or not, their bets) and placing a bet. The rules are the
 * contract's (contract/betRules.ts); the stake is debited through the ledger in the bet's own transaction.
 */
export function betsService(deps: AppDeps) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  async function view(tx: LedgerTx, userId: string, raceId: string): Promise<RaceBets> {
    const { race, start } = await loadBetRace(tx, raceId);
    const riderList = await ridersOf(tx, race);
    const [entered] = await tx
      // Bets were settled on the race classification as first entered: a correction does not change what they show.
      .select({
        canceled: sessionResults.canceled,
        riderIds: sessionResults.riderIds,
        enteredRiderIds: sessionResults.enteredRiderIds,
      })
      .from(sessionResults)
      .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, "START")));
    const now = deps.clock.now();
    return {
      raceId: race.id,
      raceName: race.name,
      open: bettingOpen(now.getTime(), start),
      closesAt: start ? new Date(start.startsAt).toISOString() : null,
      canceled: start?.canceled ?? race.canceledAt !== null,
      now: now.toISOString(),
      limits: { min: betNumbers.minStake, max: betNumbers.maxStake, acrossStep: betNumbers.acrossStep },
      riders: riderList.map(toBetRider),
      bets: toBets(await legsOf(tx, userId, raceId)),
      balance: String(await ledger.balanceOf(tx, userId)),
      result: entered ? { canceled: entered.canceled, riderIds: entered.enteredRiderIds ?? entered.riderIds } : null,
    };
  }

  /** Places one bet: checked by `planBet` on the facts read inside the transaction, the stake debited in it. */
  async function place(userId: string, raceId: string, body: BetBody, now = deps.clock.now()): Promise<string> {
    return observe(deps.metrics?.betPlacements, () =>
      db.transaction(async (tx) => {
        const { race, start } = await loadBetRace(tx, raceId);
        // Settlement and injuries hold the race's lock alone; placements share it, so a bet is never placed between an
        // injury's refund (or the race's settlement) reading the race's open bets and its commit.
        await holdLockShared(tx, lockKeys.settlement(raceId));
        // One player's placements on one race run one at a time: "already placed" is then certain.
        await holdLock(tx, lockKeys.playerBets(userId, raceId));
        const riderList = await ridersOf(tx, race);
        const legs = await legsOf(tx, userId, raceId);
        // The balance is the ledger's to check, under its lock.
        const plan = allowed(
          planBet({ now: now.getTime(), race: start, riders: bettableOf(riderList), placed: placedOf(legs) }, body),
        );
        const placementId = randomUUID();
        const posted = await ledger.post(tx, {
          userId,
          delta: -plan.amount,
          reason: "BET",
          ref: betKeys.stakeRef(placementId),
          idempotencyKey: betKeys.stake(raceId, plan.riderId, plan.type),
        });
        // The key was posted by a bet that exists (checked above under the player's lock): nothing is placed twice.
        if (posted.replayed) throw new AppError(409, "betAlreadyPlaced");
        await tx.insert(bets).values(
          plan.legs.map((leg) => ({
            id: randomUUID(),
            placementId,
            userId,
            raceId,
            riderId: plan.riderId,
            placedAs: plan.type,
            type: leg.type,
            stake: leg.stake,
            odds: leg.odds,
            placedAt: now,
          })),
        );
        return placementId;
      }),
    );
  }

  return {
    /** GET /v2/bets/circuits/{raceId}. */
    view: (userId: string, raceId: string) => view(db, userId, raceId),
    place,
    /** POST /bets/circuits/{raceId}: the bet, then the fresh view with it (the balance pushed to the player's sockets). */
    async placeAndView(userId: string, raceId: string, body: BetBody): Promise<BetPlaced> {
      const placementId = await place(userId, raceId, body);
      await ledger.publish(userId);
      const fresh = await view(db, userId, raceId);
      return { ...fresh, placed: fresh.bets.find((b) => b.id === placementId)! };
    },
  };
}
export type BetsService = ReturnType<typeof betsService>;
