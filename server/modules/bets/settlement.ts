import { and, eq, sql } from "drizzle-orm";
import { settleLegs, type RaceOutcome } from "../../../contract/betRules";
import { pgArray } from "../../db/arrays";
import { bets } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { type LedgerTx, type Posting } from "../diamonds/ledger";
import { refundsFor } from "../diamonds/refunds";
import { notifyInBatches } from "../../live/notifyInBatches";
import { betKeys } from "./service";

// Bet settlement (game rules "Bets"), called by the results entry of the race session inside its transaction
// (server/modules/results/settlement.ts), so a race's bets settle exactly once, with its classification:
// every open leg of the race is read in one query, settled by the contract's `settleLegs`, written back in one
// UPDATE; each player's winnings are paid in one ledger entry; a canceled race session refunds every stake.
// Each player who bet gets one BET_RESULTS notification.

export type BetSettlement = {
  /** Legs settled (won, lost or refunded). */
  settled: number;
  /** Diamonds paid to winners, and given back (a canceled race session). */
  paid: number;
  refunded: number;
  /** Players whose balance moved (their balance is pushed after commit). */
  touched: string[];
};

type Summary = { bets: Set<string>; won: Set<string>; payout: number; refunded: number };

export async function settleRaceBets(
  deps: Pick<AppDeps, "clock" | "db" | "live" | "ledger">,
  tx: LedgerTx,
  race: { id: string; name: string },
  outcome: RaceOutcome,
): Promise<BetSettlement> {
  const ledger = deps.ledger;
  const open = await tx
    .select({
      id: bets.id,
      placementId: bets.placementId,
      userId: bets.userId,
      riderId: bets.riderId,
      type: bets.type,
      stake: bets.stake,
      odds: bets.odds,
    })
    .from(bets)
    .where(and(eq(bets.raceId, race.id), eq(bets.status, "OPEN")));
  if (open.length === 0) return { settled: 0, paid: 0, refunded: 0, touched: [] };

  const settled = settleLegs(
    open.map((l) => ({ ...l, odds: Number(l.odds) })),
    outcome,
  );
  const now = deps.clock.now();
  await tx.execute(sql`
    UPDATE bets b SET status = v.status, payout = v.payout, settled_at = ${now.toISOString()}
    FROM unnest(${pgArray(settled.map((s) => s.id))}::uuid[], ${pgArray(settled.map((s) => s.status))}::text[], ${pgArray(settled.map((s) => s.payout))}::int[]) AS v(id, status, payout)
    WHERE b.id = v.id AND b.status = 'OPEN'`);

  const summaries = new Map<string, Summary>();
  const legById = new Map(open.map((l) => [l.id, l]));
  for (const s of settled) {
    const leg = legById.get(s.id)!;
    const mine = summaries.get(leg.userId) ?? {
      bets: new Set<string>(),
      won: new Set<string>(),
      payout: 0,
      refunded: 0,
    };
    mine.bets.add(leg.placementId);
    if (s.status === "WON") mine.won.add(leg.placementId);
    mine.payout += s.payout ?? 0;
    summaries.set(leg.userId, mine);
  }

  let postings: Posting[];
  if (outcome.canceled) {
    // Each stake's debit given back once (its refund key names it).
    postings = await refundsFor(tx, [...new Set(open.map((l) => betKeys.stakeRef(l.placementId)))], "BET");
    for (const p of postings) summaries.get(p.userId)!.refunded += p.delta;
  } else {
    postings = [...summaries]
      .filter(([, s]) => s.payout > 0)
      .map(([userId, s]) => ({
        userId,
        delta: s.payout,
        reason: "BET_PAYOUT" as const,
        ref: betKeys.payoutRef(race.id),
        idempotencyKey: betKeys.payout(race.id),
      }));
  }
  const posted = (await ledger.postAll(tx, postings)).filter((r) => !r.replayed);

  await notifyInBatches(deps, tx, [...summaries.keys()], "BET_RESULTS", (userId) => {
    const s = summaries.get(userId)!;
    return { raceName: race.name, bets: s.bets.size, won: s.won.size, payout: s.payout, refunded: s.refunded };
  });
  const moved = posted.reduce((sum, r) => sum + r.delta, 0);
  return {
    settled: settled.length,
    paid: outcome.canceled ? 0 : moved,
    refunded: outcome.canceled ? moved : 0,
    touched: [...new Set(posted.map((r) => r.userId))],
  };
}
