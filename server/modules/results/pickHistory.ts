import { sql } from "drizzle-orm";
import type { PickBefore } from "../../../contract/operations";
import { pgArray, rowsOf } from "../../db/arrays";
import type { LedgerTx } from "../diamonds/ledger";

/**
 * Each pick's state, points and rider's place before the last correction that changed it (pick_corrections), for
 * the player's "why each point"; a pick no correction changed is absent.
 */
export async function scoresBeforeCorrection(
  db: Pick<LedgerTx, "execute">,
  predictionIds: readonly string[],
): Promise<Map<string, PickBefore>> {
  if (predictionIds.length === 0) return new Map();
  const rows = rowsOf<{
    prediction_id: string;
    before_state: PickBefore["state"];
    before_points: string | number;
    before_finished: number | null;
  }>(
    await db.execute(sql`SELECT DISTINCT ON (prediction_id) prediction_id, before_state, before_points, before_finished FROM pick_corrections
      WHERE prediction_id = ANY(${pgArray(predictionIds)}::uuid[]) ORDER BY prediction_id, id DESC`),
  );
  return new Map(
    rows.map((r) => [
      r.prediction_id,
      {
        state: r.before_state,
        points: Number(r.before_points),
        finished: r.before_finished === null ? null : Number(r.before_finished),
      },
    ]),
  );
}
