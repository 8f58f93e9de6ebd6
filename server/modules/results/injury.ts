import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { PredictionCategory } from "../../../contract/enums";
import type { InjuryReport } from "../../../contract/results";
import { diamondLedger, predictions, races, raceSessions, riderInjuries, riders } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { type LedgerTx, type Posting } from "../diamonds/ledger";
import { categorySession, podiumOf, podiums } from "../../../contract/weekendRules/structure";
import { ledgerKeys } from "../predictions/service";
import { refundKey, refundsFor } from "../diamonds/refunds";
import { betRefundsOnRider, notifyInjured, playersOf } from "../bets/injury";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { holdLock, lockKeys } from "../../db/locks";
import { isUuid } from "../../../contract/common";

// game-rules.md "Injured riders": the operator marks a rider INJURED for a race; every pick on them whose
// session has not started becomes invalid: the diamonds spent on it (its multiplier, its paid changes)
// come back, its own multiplier is taken off, the player is told, and the slot is re-chosen for free
// (the predictions service offers a BEFORE change at cost 0 while the rider is injured). Podium-wide
// upgrades stay: they follow the slot, whoever is picked next.
// An injury is made once: the same call again, or a second operator's at the same time, answers the first one's
// report (rider_injuries) and refunds and tells nobody again.

/**
 * One refund per invalid pick that holds a multiplier: of a multiplier purchase of the player on this race, not
 * refunded yet, bought on the pick's category or (podiums) on another slot of its podium, whence it followed
 * its rider. The purchase's key names the category it was bought on (ledgerKeys.upgrade).
 */
async function multiplierRefunds(
  tx: LedgerTx,
  raceId: string,
  holders: readonly { userId: string; category: PredictionCategory }[],
): Promise<Posting[]> {
  const out: Posting[] = [];
  const taken = new Set<string>();
  for (const pick of holders) {
    const group = podiumOf(pick.category);
    const slots = group ? podiums[group].categories : [pick.category];
    const bought = (c: PredictionCategory) =>
      sql`starts_with(${diamondLedger.idempotencyKey}, ${ledgerKeys.upgrade(raceId, "PREDICTION", c, "")})`;
    const spends = await tx
      .select({
        id: diamondLedger.id,
        delta: diamondLedger.delta,
        ref: diamondLedger.ref,
        key: diamondLedger.idempotencyKey,
      })
      .from(diamondLedger)
      .where(
        and(
          eq(diamondLedger.userId, pick.userId),
          eq(diamondLedger.reason, "UPGRADE"),
          lt(diamondLedger.delta, 0),
          or(...slots.map(bought)),
          sql`NOT EXISTS (SELECT 1 FROM diamond_ledger r WHERE r.user_id = ${diamondLedger.userId} AND r.idempotency_key = 'refund:' || ${diamondLedger.id}::text)`,
        ),
      );
    const own = ledgerKeys.upgrade(raceId, "PREDICTION", pick.category, "");
    const spend = spends
      .filter((s) => !taken.has(s.id))
      .toSorted((a, b) => Number(!a.key.startsWith(own)) - Number(!b.key.startsWith(own)) || (a.id < b.id ? -1 : 1))[0];
    if (!spend) continue;
    taken.add(spend.id);
    out.push({
      userId: pick.userId,
      delta: -spend.delta,
      reason: "REFUND",
      ref: spend.ref,
      idempotencyKey: refundKey(spend.id),
    });
  }
  return out;
}

export function injuryService(deps: AppDeps) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  /** `by`: the operator, for the audit log (a replay of an injury already made is not written again). */
  async function injure(riderId: string, raceId: string, by: Operator = CLI_OPERATOR): Promise<InjuryReport> {
    const outcome = await db.transaction(async (tx) => {
      const [rider] = isUuid(riderId) ? await tx.select().from(riders).where(eq(riders.id, riderId)) : [];
      const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
      if (!rider || !race) throw new AppError(404, "notFound");
      // Serialized with settlement of the same race, so a pick is never both scored and refunded.
      await holdLock(tx, lockKeys.settlement(raceId));
      // Read under the lock, so of two operators at once the second one finds the first one's injury. Only while
      // the rider is still injured: one made ACTIVE again and injured anew is a new injury.
      const [made] = await tx
        .select()
        .from(riderInjuries)
        .where(and(eq(riderInjuries.riderId, riderId), eq(riderInjuries.raceId, raceId)));
      const [current] = await tx
        .select({ status: riders.status })
        .from(riders)
        .where(eq(riders.id, riderId))
        .for("update");
      if (made && current?.status === "INJURED") return { report: made, touched: [] as string[] };
      await tx.update(riders).set({ status: "INJURED" }).where(eq(riders.id, riderId));

      const now = deps.clock.now();
      const sessions = await tx.select().from(raceSessions).where(eq(raceSessions.raceId, raceId));
      const notStarted = new Set(sessions.filter((s) => now.getTime() < s.startsAt.getTime()).map((s) => s.type));
      const onRider = await tx
        .select({
          id: predictions.id,
          userId: predictions.userId,
          category: predictions.category,
          upgrades: predictions.upgrades,
        })
        .from(predictions)
        .where(and(eq(predictions.raceId, raceId), eq(predictions.riderId, riderId), isNull(predictions.settledAt)));
      const invalid = onRider.filter((p) => notStarted.has(categorySession[p.category]));
      const withMultiplier = invalid.filter((p) => p.upgrades.includes("PREDICTION")).map((p) => p.id);
      // The paid changes of each invalid pick (charged on the pick they changed), and the multipliers the
      // invalid picks hold now. A podium multiplier follows its rider to another slot (rules.followRider)
      // while its purchase keeps the ref of the slot it was bought on, so the purchase refunded is looked
      // up by what the pick holds, not by its ref: a pick whose multiplier moved away refunds none.
      const changes = await refundsFor(
        tx,
        invalid.map((p) => `prediction:${p.id}`),
        "PREDICTION_CHANGE",
      );
      const multipliers = await multiplierRefunds(
        tx,
        raceId,
        invalid.filter((p) => p.upgrades.includes("PREDICTION")),
      );
      // Open bets on the rider too (server/modules/bets/injury.ts), in the same postings.
      const bets = await betRefundsOnRider(deps, tx, raceId, riderId);
      const posted = await ledger.postAll(tx, [...changes, ...multipliers, ...bets.postings]);
      const refunds = posted.filter((r) => !r.replayed);
      if (withMultiplier.length) {
        await tx
          .update(predictions)
          .set({ upgrades: sql`array_remove(${predictions.upgrades}, 'PREDICTION')`, updatedAt: now })
          .where(inArray(predictions.id, withMultiplier));
      }
      const players = [...new Set(invalid.map((p) => p.userId))];
      await notifyInjured(deps, tx, {
        rider,
        raceName: race.name,
        predictions: players,
        refunds,
        betPlayers: playersOf(bets.postings),
      });
      const report = {
        invalidated: invalid.length,
        players: new Set([...players, ...playersOf(bets.postings)]).size,
        refunded: refunds.reduce((s, r) => s + r.delta, 0),
        bets: bets.bets,
      };
      await tx
        .insert(riderInjuries)
        .values({ riderId, raceId, ...report, injuredAt: now })
        .onConflictDoUpdate({
          target: [riderInjuries.riderId, riderInjuries.raceId],
          set: { ...report, injuredAt: now },
        });
      await recordAudit(tx, deps.clock, by, {
        action: "RIDER_INJURE",
        raceId,
        target: `rider #${rider.number} ${rider.name}`,
        before: { status: current?.status ?? rider.status },
        after: { status: "INJURED", ...report },
      });
      return { report, touched: [...new Set(refunds.map((r) => r.userId))] };
    });
    if (outcome.touched.length) await ledger.publish(...outcome.touched);
    await deps.live.flush();
    const { invalidated, players, refunded, bets } = outcome.report;
    return { riderId, raceId, invalidated, players, refunded, bets };
  }

  return { injure };
}

export type InjuryService = ReturnType<typeof injuryService>;
