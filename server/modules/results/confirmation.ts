import { and, eq, sql } from "drizzle-orm";
import type { ConfirmReport } from "../../../contract/operations";
import { PADDOCK_EXPERIENCE_PLACES } from "../../../contract/prizes";
import { GURUS_WIN_PRIZES } from "../../../contract/prizeDraw";
import { CONFIRM_AFTER_HOURS, ruleConfirms } from "../../../contract/weekendRules/confirmation";
import { rowsOf } from "../../db/arrays";
import { paddockWinnersTable, weekendConfirmations } from "../../db/schema.corrections";
import { raceSessions, sessionResults } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import type { LedgerTx } from "../diamonds/ledger";
import { lockSettlement, raceFor } from "./settledRace";
import { tieBreak } from "./scores";
import { isUuid } from "../../../contract/common";

// game-rules.md "Results are provisional until the weekend is confirmed": a weekend is confirmed by the operator, or
// by the 72-hour rule (a timer on every instance, and lazily before a correction or a prizes read). The row in
// weekend_confirmations is the "once": whichever INSERT wins decides the paddock-experience winners, in the same
// transaction, from the board as it then stands.

/** What the race's weekend needs for the rule: its race session's end and whether that session has a result. */
async function raceFacts(
  tx: LedgerTx,
  raceId: string,
): Promise<{ raceEndsAt: number | null; raceClassified: boolean }> {
  const [start] = await tx
    .select({ endsAt: raceSessions.endsAt })
    .from(raceSessions)
    .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, "START")));
  const [result] = await tx
    .select({ key: sessionResults.resultKey })
    .from(sessionResults)
    .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, "START")));
  return { raceEndsAt: start ? start.endsAt.getTime() : null, raceClassified: result !== undefined };
}

/** The stored confirmation, if any. */
export async function confirmationOf(tx: LedgerTx, raceId: string) {
  const [row] = await tx.select().from(weekendConfirmations).where(eq(weekendConfirmations.raceId, raceId));
  return row;
}

/** Whether the weekend's results are final at `now`: confirmed and stored, or due by the 72-hour rule. */
export async function weekendConfirmedIn(tx: LedgerTx, raceId: string, now: Date): Promise<boolean> {
  if (await confirmationOf(tx, raceId)) return true;
  const facts = await raceFacts(tx, raceId);
  return (
    facts.raceEndsAt !== null &&
    ruleConfirms(now.getTime(), { raceEndsAt: facts.raceEndsAt, raceClassified: facts.raceClassified })
  );
}

/**
 * The weekend's paddock-experience winners: its board's first PADDOCK_EXPERIENCE_PLACES by the tie-break among those
 * who may win prizes (a guru is skipped, the next moves up). A canceled race session (or race) decides none.
 */
async function decideWinners(tx: LedgerTx, raceId: string): Promise<number> {
  const picked = rowsOf<{ user_id: string; points: string | number; place: string | number }>(
    await tx.execute(sql`
      SELECT rs.user_id, rs.points, row_number() OVER (ORDER BY ${tieBreak}) AS place
      FROM race_scores rs
      WHERE rs.race_id = ${raceId}
        AND EXISTS (SELECT 1 FROM session_results sr WHERE sr.race_id = rs.race_id AND sr.result_key = 'START' AND NOT sr.canceled)
        AND EXISTS (SELECT 1 FROM races r WHERE r.id = rs.race_id AND r.canceled_at IS NULL)
        ${GURUS_WIN_PRIZES ? sql`` : sql`AND NOT EXISTS (SELECT 1 FROM users g WHERE g.id = rs.user_id AND g.is_guru)`}
      ORDER BY ${tieBreak} LIMIT ${PADDOCK_EXPERIENCE_PLACES}`),
  );
  if (picked.length)
    await tx
      .insert(paddockWinnersTable)
      .values(picked.map((r) => ({ raceId, place: Number(r.place), userId: r.user_id, points: Number(r.points) })));
  return picked.length;
}

/**
 * Confirms the weekend in `tx` (which must not hold other races' locks): `by` an operator (null: the 72-hour rule).
 * Refused while the race session has no result. Confirmed before: the stored confirmation, replayed.
 */
export async function confirmIn(
  deps: Pick<AppDeps, "clock">,
  tx: LedgerTx,
  raceId: string,
  by: Operator | null,
): Promise<ConfirmReport> {
  await raceFor(tx, raceId);
  await lockSettlement(tx, raceId);
  const stored = await confirmationOf(tx, raceId);
  if (stored)
    return {
      raceId,
      confirmedAt: stored.confirmedAt.toISOString(),
      by: stored.confirmedBy,
      winners: 0,
      replayed: true,
    };
  const facts = await raceFacts(tx, raceId);
  if (!facts.raceClassified) throw new AppError(409, "raceNotClassified");
  const now = deps.clock.now();
  // An operator confirming a weekend the rule has already made final records the rule's confirmation, at its time.
  const dueByRule =
    facts.raceEndsAt !== null && ruleConfirms(now.getTime(), { raceEndsAt: facts.raceEndsAt, raceClassified: true });
  const kind = by === null || dueByRule ? ("rule" as const) : ("operator" as const);
  const at =
    kind === "rule" && facts.raceEndsAt !== null
      ? new Date(Math.min(now.getTime(), facts.raceEndsAt + CONFIRM_AFTER_HOURS * 3_600_000))
      : now;
  const won = await tx
    .insert(weekendConfirmations)
    .values({ raceId, confirmedAt: at, confirmedBy: kind })
    .onConflictDoNothing()
    .returning();
  if (won.length === 0) {
    const row = (await confirmationOf(tx, raceId))!;
    return { raceId, confirmedAt: row.confirmedAt.toISOString(), by: row.confirmedBy, winners: 0, replayed: true };
  }
  const winners = await decideWinners(tx, raceId);
  if (by && kind === "operator") {
    await recordAudit(tx, deps.clock, by, {
      action: "WEEKEND_CONFIRM",
      raceId,
      target: "weekend",
      before: { confirmedAt: null },
      after: { confirmedAt: at.toISOString(), winners },
    });
  }
  return { raceId, confirmedAt: at.toISOString(), by: kind, winners, replayed: false };
}

/** The weekends the 72-hour rule confirms at `now` and nobody has stored yet (optionally only `raceId`). */
async function dueWeekends(tx: LedgerTx, now: Date, raceId?: string): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`
      SELECT s.race_id AS id FROM race_sessions s
      JOIN session_results sr ON sr.race_id = s.race_id AND sr.result_key = 'START'
      WHERE s.type = 'START' AND s.ends_at + make_interval(hours => ${CONFIRM_AFTER_HOURS}) <= ${now.toISOString()}::timestamptz
        ${raceId ? sql`AND s.race_id = ${raceId}` : sql``}
        AND NOT EXISTS (SELECT 1 FROM weekend_confirmations c WHERE c.race_id = s.race_id)`),
  );
  return rows.map((r) => r.id);
}

/** The weekends' confirmations: by an operator, and by the 72-hour rule (each weekend in its own transaction). */
export function confirmationService(deps: AppDeps) {
  const db = deps.db.db;
  /** Confirms every weekend the rule makes final by now (or only `raceId`); answers those this call confirmed. */
  async function confirmDue(raceId?: string): Promise<string[]> {
    const due = await dueWeekends(db, deps.clock.now(), raceId);
    const done: string[] = [];
    for (const id of due) {
      const report = await db.transaction((tx) => confirmIn(deps, tx, id, null));
      if (!report.replayed) done.push(id);
    }
    return done;
  }
  return {
    confirmDue,
    /** POST /admin/races/{raceId}/confirm. */
    async confirm(raceId: string, by: Operator): Promise<ConfirmReport> {
      await confirmDue(isUuid(raceId) ? raceId : undefined).catch(() => undefined);
      return db.transaction((tx) => confirmIn(deps, tx, raceId, by));
    },
  };
}
export type ConfirmationService = ReturnType<typeof confirmationService>;
