import { and, eq, inArray, sql } from "drizzle-orm";
import type { OddsBody, RaceOdds } from "../../../contract/bets";
import { GAME_CLASS } from "../../../contract/rules";
import { raceOdds, riders } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { AppError } from "../../http/errors";
import { loadBetRace, ridersOf } from "./repository";
import { isUuid } from "../../../contract/common";

/**
 * POST /admin/races/{raceId}/odds (`npm run admin -- odds`): the operator sets riders' WIN odds for one race
 * (kept in race_odds, laid over the odds from form), or drops them all. Bets already placed keep the odds they
 * were placed at; PLACE and SHOW follow the new WIN odds (contract/betRules.ts `oddsOf`).
 */
export function oddsService(deps: AppDeps) {
  const db = deps.db.db;

  return {
    /** `by`: the operator, for the audit log (odds set again to what they were change nothing and are not written). */
    async set(raceId: string, body: OddsBody, by: Operator = CLI_OPERATOR): Promise<RaceOdds> {
      return db.transaction(async (tx) => {
        const { race } = await loadBetRace(tx, raceId);
        const setOdds = async () =>
          Object.fromEntries(
            (
              await tx
                .select({ riderId: raceOdds.riderId, odds: raceOdds.odds })
                .from(raceOdds)
                .where(eq(raceOdds.raceId, raceId))
            )
              .map((o) => [o.riderId, Number(o.odds)] as const)
              .toSorted(([a], [b]) => (a < b ? -1 : 1)),
          );
        const before = await setOdds();
        if ("reset" in body) await tx.delete(raceOdds).where(eq(raceOdds.raceId, raceId));
        else {
          const wanted = new Map(body.odds.map((o) => [o.riderId, Math.round(o.odds * 100) / 100]));
          const ids = [...wanted.keys()];
          const known = ids.every(isUuid)
            ? await tx
                .select({ id: riders.id })
                .from(riders)
                .where(and(inArray(riders.id, ids), eq(riders.raceClass, GAME_CLASS)))
            : [];
          if (known.length !== ids.length) throw new AppError(400, "riderNotInRace");
          const now = deps.clock.now();
          await tx
            .insert(raceOdds)
            .values(ids.map((riderId) => ({ raceId, riderId, odds: wanted.get(riderId)!, updatedAt: now })))
            .onConflictDoUpdate({
              target: [raceOdds.raceId, raceOdds.riderId],
              set: { odds: sql`excluded.odds`, updatedAt: now },
            });
        }
        const after = await setOdds();
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordAudit(tx, deps.clock, by, {
            action: "ODDS_SET",
            raceId,
            target: "reset" in body ? "odds reset" : "WIN odds",
            before,
            after,
          });
        }
        const list = await ridersOf(tx, race);
        const set = await tx.select({ riderId: raceOdds.riderId }).from(raceOdds).where(eq(raceOdds.raceId, raceId));
        const odds: Record<string, number> = {};
        for (const r of list) if (r.win !== null) odds[r.rider.id] = r.win;
        return { raceId, odds, set: set.map((s) => s.riderId).toSorted() };
      });
    },
  };
}
