import type { AppDeps } from "../http/deps";
import type { LedgerTx } from "../modules/diamonds/ledger";

/**
 * Players per notification INSERT: one row takes 5 bind parameters and PostgreSQL allows 65,535 per
 * statement, so a race with more than 13,107 players would fail its settlement in one INSERT.
 */
const NOTIFY_BATCH = 5000;

/** `live.notify` for any number of players, in statements PostgreSQL accepts (same transaction). */
export async function notifyInBatches(
  deps: Pick<AppDeps, "live">,
  tx: LedgerTx,
  players: readonly string[],
  ...rest: NotifyRest
): Promise<void> {
  for (let i = 0; i < players.length; i += NOTIFY_BATCH)
    await deps.live.notify(tx, players.slice(i, i + NOTIFY_BATCH), ...rest);
}
type NotifyRest = Parameters<AppDeps["live"]["notify"]> extends [unknown, unknown, ...infer R] ? R : never;
