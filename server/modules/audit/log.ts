import type { AuditAction } from "../../../contract/audit";
import type { Clock } from "../../clock";
import { auditLog } from "../../db/schema";
import type { Operator } from "../../http/operator";
import type { LedgerTx } from "../diamonds/ledger";

/** One operator action, as the audit log keeps it. `before` / `after`: the state it changed, as plain JSON. */
export type AuditRecord = {
  action: AuditAction;
  raceId?: string | null;
  target: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Writes the action in the caller's transaction, so the log holds exactly what committed: an action rolled back
 * leaves no line, and no committed action lacks one. A replay that changed nothing is not an action: callers skip it.
 */
export async function recordAudit(tx: LedgerTx, clock: Clock, by: Operator, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    at: clock.now(),
    actorUserId: by.userId,
    channel: by.channel,
    action: record.action,
    raceId: record.raceId ?? null,
    target: record.target,
    before: record.before ?? null,
    after: record.after ?? null,
  });
}
