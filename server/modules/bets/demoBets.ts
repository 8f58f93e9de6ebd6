import { and, inArray, like } from "drizzle-orm";
import type { BetType } from "../../../contract/bets";
import type { DemoBets } from "../../../contract/bets";
import { BET_TYPES, bettingOpen, isBettable, snapStake } from "../../../contract/betRules";
import { betNumbers } from "../../../contract/rules";
import { users } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { strength, weightedPick, type Rand } from "../results/simulatedResults";
import { loadBetRace, ridersOf } from "./repository";
import { isUuid } from "../../../contract/common";
import type { BetsService } from "./service";

// Development only (POST /dev/demo-bets, the simulator): demo players bet like fans, through the same rules and
// ledger as a player's bet: one to three bets each, favourites more likely, a stake they can afford.

/** Demo players are created by POST /dev/demo-players with an address on the reserved .invalid domain. */
const DEMO_EMAIL = "demo.%@demo.invalid";
const MAX_BETS_EACH = 3;

export function demoBetsService(deps: AppDeps, bets: BetsService) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  return {
    async place(raceId: string, playerIds: readonly string[], rand: Rand = Math.random): Promise<DemoBets> {
      const { race, start } = await loadBetRace(db, raceId);
      if (!bettingOpen(deps.clock.now().getTime(), start)) throw new AppError(418, "betExpired");
      const field = (await ridersOf(db, race)).filter((r) => isBettable({ available: r.available, odds: r.win }));
      if (field.length === 0) throw new AppError(409, "noRidersForBetting");
      const demo = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, [...new Set(playerIds)].filter(isUuid)), like(users.email, DEMO_EMAIL)));
      let placed = 0;
      let staked = 0;
      for (const { id } of demo) {
        const count = 1 + Math.floor(rand() * MAX_BETS_EACH);
        for (let i = 0; i < count; i++) {
          const balance = await ledger.balanceOf(db, id);
          if (balance < betNumbers.minStake) break;
          const rider = weightedPick(field, (r) => strength(r.win!), rand);
          const type: BetType = BET_TYPES[Math.floor(rand() * BET_TYPES.length)]!;
          const most = Math.min(balance, betNumbers.maxStake);
          const amount = snapStake(type, betNumbers.minStake + Math.floor(rand() * (most - betNumbers.minStake + 1)));
          if (amount > balance) continue;
          try {
            await bets.place(id, raceId, { riderId: rider.rider.id, type, amount });
            placed++;
            staked += amount;
          } catch (err) {
            // A bet this fan already has (same rider and type): they simply don't place it twice.
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
          }
        }
      }
      await ledger.publish(...demo.map((d) => d.id));
      return { raceId, players: demo.length, bets: placed, staked };
    },
  };
}
