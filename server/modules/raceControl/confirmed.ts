import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/arrays";
import type { LedgerTx } from "../diamonds/ledger";

/**
 * When the weekend's results were confirmed (weekend_confirmations, one row per race), null while they are
 * provisional. Read through to_jsonb so this module stands whether or not the confirmation's table exists yet on the
 * database it runs on (it comes with the corrections' migration).
 */
export async function confirmedAt(tx: Pick<LedgerTx, "execute">, raceId: string): Promise<Date | null> {
  const [exists] = rowsOf<{ found: boolean }>(
    await tx.execute(sql`SELECT to_regclass('weekend_confirmations') IS NOT NULL AS found`),
  );
  if (!exists?.found) return null;
  const [row] = rowsOf<{ at: string | Date | null }>(
    await tx.execute(
      sql`SELECT (to_jsonb(c) ->> 'confirmed_at')::timestamptz AS at FROM weekend_confirmations c WHERE (to_jsonb(c) ->> 'race_id') = ${raceId}`,
    ),
  );
  return row?.at ? new Date(row.at) : null;
}

export const isConfirmed = async (tx: Pick<LedgerTx, "execute">, raceId: string) =>
  (await confirmedAt(tx, raceId)) !== null;
