import type {
  ClassificationBody,
  ConfirmReport,
  CorrectionReport,
  PreviewBody,
  ResultPreview,
} from "../../../contract/operations";
import type { AppDeps } from "../../http/deps";
import type { Operator } from "../../http/operator";
import { correctIn } from "../results/correction";
import { enterIn } from "../results/settlement";
import { isUuid } from "../../../contract/common";
import type { ConfirmationService } from "../results/confirmation";

// Race control's corrections (game-rules.md "Results are provisional until the weekend is confirmed"): correcting an
// entered classification, previewing an entry or a correction, and confirming the weekend. The preview runs the very
// code that enters or corrects, in a transaction it then rolls back: the report is what the action would do, and
// nothing of it stays (the notices it stores roll back with it, and live notices go out only after a commit).

/** Thrown to roll a preview's transaction back, carrying what it found. */
class PreviewDone extends Error {
  constructor(readonly preview: ResultPreview) {
    super("preview");
  }
}

export function correctionService(deps: AppDeps, confirmations: ConfirmationService) {
  const db = deps.db.db;

  async function correct(raceId: string, body: ClassificationBody, by: Operator): Promise<CorrectionReport> {
    // The 72-hour rule first: a weekend it made final takes no correction (and its winners are decided).
    await confirmations.confirmDue(isUuid(raceId) ? raceId : undefined);
    const outcome = await db.transaction((tx) => correctIn(deps, tx, raceId, body.session, body.riderIds, by));
    await deps.live.flush();
    return {
      raceId,
      session: body.session,
      changed: outcome.changed,
      players: outcome.players,
      replayed: outcome.replayed,
    };
  }

  async function preview(raceId: string, body: PreviewBody): Promise<ResultPreview> {
    try {
      await db.transaction(async (tx) => {
        const base = { raceId, session: body.session, bets: 0, betsWon: 0, payout: 0, refunded: 0, questions: 0 };
        if ("riderIds" in body && body.correct) {
          const c = await correctIn(deps, tx, raceId, body.session, body.riderIds, null);
          throw new PreviewDone({
            ...base,
            picks: c.changed,
            players: c.players,
            points: c.points,
            moved: c.moved,
            questions: c.questions,
          });
        }
        const entry =
          "riderIds" in body
            ? { session: body.session, riderIds: body.riderIds }
            : { session: body.session, canceled: true as const };
        const e = await enterIn(deps, tx, raceId, entry, null);
        throw new PreviewDone({
          ...base,
          picks: e.report.settled,
          players: e.report.players,
          points: e.points,
          moved: e.moved,
          bets: e.report.bets ?? 0,
          betsWon: e.betsWon,
          payout: e.payout,
          refunded: e.report.refunded,
        });
      });
    } catch (err) {
      if (err instanceof PreviewDone) return err.preview;
      throw err;
    }
    throw new Error("preview: the transaction committed");
  }

  return {
    correct,
    preview,
    confirm: (raceId: string, by: Operator): Promise<ConfirmReport> => confirmations.confirm(raceId, by),
    confirmDue: confirmations.confirmDue,
  };
}
export type CorrectionService = ReturnType<typeof correctionService>;
