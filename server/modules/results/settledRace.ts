import { eq } from "drizzle-orm";
import { isUuid } from "../../../contract/common";
import { races } from "../../db/schema";
import { holdLock, lockKeys } from "../../db/locks";
import { AppError } from "../../http/errors";
import type { LedgerTx } from "../diamonds/ledger";

// The race a settlement works on, and the lock that lets one settlement of it run at a time: entry, correction and
// confirmation each read it and take the lock before anything else.

/** The race, or 404 (an id that is no UUID answers like a missing race). */
export async function raceFor(tx: LedgerTx, raceId: string) {
  const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
  if (!race) throw new AppError(404, "notFound");
  return race;
}
export type RaceRow = Awaited<ReturnType<typeof raceFor>>;

/** One settlement of a race at a time: two operators (or the simulator and an operator) can't interleave. */
export async function lockSettlement(tx: LedgerTx, raceId: string): Promise<void> {
  await holdLock(tx, lockKeys.settlement(raceId));
}
