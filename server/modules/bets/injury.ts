import { and, eq } from "drizzle-orm";
import type { NotificationType } from "../../../contract/live";
import { bettingOpen } from "../../../contract/betRules";
import { bets } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import type { LedgerTx, Posting, PostResult } from "../diamonds/ledger";
import { refundsFor } from "../diamonds/refunds";
import { notifyInBatches } from "../../live/notifyInBatches";
import { betKeys } from "./service";
import { loadBetRace } from "./repository";

// game-rules.md "Injured riders", for bets: called by the operator's injury (server/modules/results/injury.ts)
// inside its transaction. While betting is open, every open bet on the rider is refunded (its stake's debit
// given back once) and marked REFUNDED; the player chooses another rider. After the race session's start the
// bets stand: a rider who does not finish simply does not win.

/** Refund postings for the open bets on the rider (to post with the injury's others), and how many bets. */
export async function betRefundsOnRider(
  deps: Pick<AppDeps, "clock">,
  tx: LedgerTx,
  raceId: string,
  riderId: string,
): Promise<{ postings: Posting[]; bets: number }> {
  const { start } = await loadBetRace(tx, raceId);
  const now = deps.clock.now();
  if (!bettingOpen(now.getTime(), start)) return { postings: [], bets: 0 };
  const refunded = await tx
    .update(bets)
    .set({ status: "REFUNDED", settledAt: now })
    .where(and(eq(bets.raceId, raceId), eq(bets.riderId, riderId), eq(bets.status, "OPEN")))
    .returning({ placementId: bets.placementId });
  const placements = [...new Set(refunded.map((r) => r.placementId))];
  return { postings: await refundsFor(tx, placements.map(betKeys.stakeRef), "BET"), bets: placements.length };
}

const kindOf = (onPredictions: boolean, onBets: boolean): NotificationType =>
  onPredictions && onBets ? "INJURED_RIDER_BOTH" : onBets ? "INJURED_RIDER_BETS" : "INJURED_RIDER_PREDICTIONS";

/**
 * The injury's notices: one per player, of kind predictions, bets or both (spec: "three notice kinds"), each with
 * the rider (name and id, for their picture), the race and the diamonds given back to that player.
 */
export async function notifyInjured(
  deps: Pick<AppDeps, "live">,
  tx: LedgerTx,
  notice: {
    rider: { id: string; name: string };
    raceName: string;
    predictions: readonly string[];
    refunds: readonly (Posting | PostResult)[];
    betPlayers: readonly string[];
  },
): Promise<void> {
  const refunded = new Map<string, number>();
  for (const r of notice.refunds) refunded.set(r.userId, (refunded.get(r.userId) ?? 0) + r.delta);
  const onPredictions = new Set(notice.predictions);
  const onBets = new Set(notice.betPlayers);
  const byKind = new Map<NotificationType, string[]>();
  for (const userId of new Set([...onPredictions, ...onBets])) {
    const kind = kindOf(onPredictions.has(userId), onBets.has(userId));
    byKind.set(kind, [...(byKind.get(kind) ?? []), userId]);
  }
  for (const [kind, players] of byKind) {
    await notifyInBatches(deps, tx, players, kind, (userId) => ({
      riderName: notice.rider.name,
      riderId: notice.rider.id,
      raceName: notice.raceName,
      refunded: refunded.get(userId) ?? 0,
    }));
  }
}

/** The players whose bets a set of postings refunds. */
export const playersOf = (postings: readonly Posting[]) => [...new Set(postings.map((p) => p.userId))];
