import { and, asc, eq, sql } from "drizzle-orm";
import type { SessionType } from "../../../contract/enums";
import { LiveEvent, type SessionMovedPayload } from "../../../contract/live";
import type { SessionMoveBody, SessionMoveReport } from "../../../contract/operations";
import { firstStart, planMove } from "../../../contract/weekendRules/moves";
import { rowsOf } from "../../db/arrays";
import { questions, races, raceSessions } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import type { LedgerTx } from "../diamonds/ledger";
import { notifyInBatches } from "../../live/notifyInBatches";
import { isConfirmed } from "./confirmed";
import { holdLock, lockKeys } from "../../db/locks";

const iso = (ms: number) => new Date(ms).toISOString();

/** Everyone with a pick or a bet on the race: they are told of each move (one SESSION_MOVED notice). */
async function playersOf(tx: LedgerTx, raceId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await tx.execute(
      sql`SELECT user_id FROM predictions WHERE race_id = ${raceId} UNION SELECT user_id FROM bets WHERE race_id = ${raceId}`,
    ),
  );
  return rows.map((r) => r.user_id);
}

/**
 * game-rules.md "Sessions move". Nothing that reads a session's times keeps a copy of its own, so writing the new
 * times is the move: the save path's cached race is stamped with the sessions' row versions and read again
 * (predictions/saveTx.ts), the bet close is read from the race session at each placement, the race clock reads the
 * schedule at each tick. What keeps a time of its own is moved here, in the same transaction: the bonus questions
 * whose deadline is the weekend's first start, and the race clock's claims of events at the old time.
 */
export function moveService(deps: AppDeps) {
  const db = deps.db.db;

  async function move(
    raceId: string,
    session: SessionType,
    body: SessionMoveBody,
    by: Operator,
  ): Promise<SessionMoveReport> {
    const now = deps.clock.now().getTime();
    const outcome = await db.transaction(async (tx) => {
      const [race] = await tx.select().from(races).where(eq(races.id, raceId));
      if (!race) throw new AppError(404, "notFound");
      // One operator action on a race at a time (the results entry, corrections and the entry list take the same lock).
      await holdLock(tx, lockKeys.settlement(raceId));
      const rows = await tx
        .select()
        .from(raceSessions)
        .where(eq(raceSessions.raceId, raceId))
        .orderBy(asc(raceSessions.startsAt));
      const sessions = rows.map((s) => ({
        type: s.type as SessionType,
        startsAt: s.startsAt.getTime(),
        endsAt: s.endsAt.getTime(),
        canceled: s.canceled || race.canceledAt !== null,
      }));
      const request = {
        ...(body.startsAt ? { startsAt: Date.parse(body.startsAt) } : {}),
        ...(body.endsAt ? { endsAt: Date.parse(body.endsAt) } : {}),
      };
      const plan = planMove(now, sessions, session, request);
      if (!plan.ok)
        throw new AppError(plan.code === "notFound" ? 404 : plan.code === "validation" ? 400 : 409, plan.code);
      const slot = {
        before: { startsAt: iso(plan.before.startsAt), endsAt: iso(plan.before.endsAt) },
        after: { startsAt: iso(plan.after.startsAt), endsAt: iso(plan.after.endsAt) },
      };
      // The same times again (a command repeated): nothing changes, nobody is told, nothing is written to the log.
      if (plan.replayed) return { ...slot, notified: 0, replayed: true, payload: null };
      if (await isConfirmed(tx, raceId)) throw new AppError(409, "weekendConfirmed");

      const row = rows.find((s) => s.type === session)!;
      await tx
        .update(raceSessions)
        .set({ startsAt: new Date(plan.after.startsAt), endsAt: new Date(plan.after.endsAt) })
        .where(eq(raceSessions.id, row.id));
      // The race clock emits each event of a session once (race_events): the claims of a session not yet started
      // go, so it is announced again at its new time (RACE_STARTING_SOON may already have gone out for the old one).
      if (now < plan.before.startsAt) await tx.execute(sql`DELETE FROM race_events WHERE session_id = ${row.id}`);
      // Questions that close with the weekend's first session follow its start. A question stored with its own
      // deadline follows too when that deadline is the old first start: nothing tells the two apart, and a deadline
      // left at a start that no longer exists would close answering before (or after) the weekend begins.
      const first = {
        before: firstStart(sessions),
        after: firstStart(sessions, { type: session, startsAt: plan.after.startsAt }),
      };
      let questionsMoved = 0;
      if (first.before !== null && first.after !== null && first.before !== first.after) {
        const moved = await tx
          .update(questions)
          .set({ closesAt: new Date(first.after) })
          .where(and(eq(questions.raceId, raceId), eq(questions.closesAt, new Date(first.before))))
          .returning({ id: questions.id });
        questionsMoved = moved.length;
      }
      await recordAudit(tx, deps.clock, by, {
        action: "SESSION_MOVE",
        raceId,
        target: session,
        before: slot.before,
        after: { ...slot.after, questionsMoved },
      });
      const players = await playersOf(tx, raceId);
      await notifyInBatches(deps, tx, players, "SESSION_MOVED", {
        raceId,
        raceName: race.name,
        name: session,
        from: slot.before.startsAt,
        to: slot.after.startsAt,
      });
      const after = sessions.map((s) => (s.type === session ? { ...s, ...plan.after } : s));
      const payload: SessionMovedPayload = {
        raceId,
        session,
        sessions: after.map((s) => ({ type: s.type, startsAt: iso(s.startsAt), endsAt: iso(s.endsAt) })),
        at: iso(now),
      };
      return { ...slot, notified: players.length, replayed: false, payload };
    });
    if (outcome.payload) {
      // After commit: every open screen moves its countdowns and locks (not stored: a screen opened later reads them).
      deps.live.emit(LiveEvent.sessionMoved, outcome.payload);
      await deps.live.flush();
    }
    return {
      raceId,
      session,
      before: outcome.before,
      after: outcome.after,
      notified: outcome.notified,
      replayed: outcome.replayed,
    };
  }

  return { move };
}
