import { sql } from "drizzle-orm";
import type { RaceEventPayload } from "../../contract/live";
import { RACE_STARTING_SOON_MINUTES } from "../../contract/rules";
import type { Clock } from "../clock";
import type { Database } from "../db/open";

/** After a session ends, RACE_ENDED is still emitted this long (an instance that was down catches up). */
const ENDED_GRACE_MINUTES = 30;

type Row = {
  session_id: string;
  session_type: string;
  starts_at: string | Date;
  ends_at: string | Date;
  canceled: boolean;
  race_id: string;
  race_name: string;
  circuit_type: string;
  version: number;
  race_canceled_at: string | Date | null;
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** What is due for one session at `now`: the current schedule event only (a missed one is not replayed). */
export function dueEvent(
  now: Date,
  s: { startsAt: Date; endsAt: Date; canceled: boolean },
): RaceEventPayload["type"] | null {
  const t = now.getTime();
  if (s.canceled) return s.endsAt.getTime() > t ? "RACE_CANCELED" : null;
  if (t >= s.startsAt.getTime() - RACE_STARTING_SOON_MINUTES * 60_000 && t < s.startsAt.getTime())
    return "RACE_STARTING_SOON";
  if (t >= s.startsAt.getTime() && t < s.endsAt.getTime()) return "RACE_STARTED";
  if (t >= s.endsAt.getTime() && t < s.endsAt.getTime() + ENDED_GRACE_MINUTES * 60_000) return "RACE_ENDED";
  return null;
}

/**
 * The race clock: from the schedule (races, race_sessions) and the server clock, emits each session's
 * RACE_STARTING_SOON, RACE_STARTED, RACE_ENDED and RACE_CANCELED once. Every instance ticks; the
 * `race_events` primary key decides which one emits (INSERT … ON CONFLICT DO NOTHING RETURNING). The claim is
 * made only while the session still has the times the tick read: a session an operator moved meanwhile
 * (server/modules/raceControl/moveService.ts drops its claims) is announced at its new time, not at the old one.
 */
export function raceClock(database: Database, clock: Clock, emit: (payload: RaceEventPayload) => void) {
  async function tick(): Promise<RaceEventPayload[]> {
    const now = clock.now();
    const soon = new Date(now.getTime() + RACE_STARTING_SOON_MINUTES * 60_000);
    const endedSince = new Date(now.getTime() - ENDED_GRACE_MINUTES * 60_000);
    const rows = rowsOf<Row>(
      await database.db.execute(sql`
        SELECT s.id AS session_id, s.type AS session_type, s.starts_at, s.ends_at, s.canceled,
               r.id AS race_id, r.name AS race_name, r.circuit_type, r.version, r.canceled_at AS race_canceled_at
        FROM race_sessions s JOIN races r ON r.id = s.race_id
        WHERE (s.starts_at <= ${soon} AND s.ends_at > ${endedSince})
           OR ((s.canceled OR r.canceled_at IS NOT NULL) AND s.ends_at > ${now})
        ORDER BY s.starts_at`),
    );
    const emitted: RaceEventPayload[] = [];
    for (const r of rows) {
      const type = dueEvent(now, {
        startsAt: new Date(r.starts_at),
        endsAt: new Date(r.ends_at),
        canceled: r.canceled || r.race_canceled_at !== null,
      });
      if (!type) continue;
      const won = rowsOf<{ session_id: string }>(
        await database.db.execute(sql`
          INSERT INTO race_events (session_id, event, emitted_at)
          SELECT ${r.session_id}::uuid, ${type}::text, ${now.toISOString()}::timestamptz FROM race_sessions
          WHERE id = ${r.session_id} AND abs(extract(epoch FROM starts_at - ${new Date(r.starts_at).toISOString()}::timestamptz)) < 0.001
            AND abs(extract(epoch FROM ends_at - ${new Date(r.ends_at).toISOString()}::timestamptz)) < 0.001
          ON CONFLICT DO NOTHING RETURNING session_id`),
      );
      if (won.length === 0) continue;
      const payload: RaceEventPayload = {
        type,
        raceId: r.race_id,
        sessionId: r.session_id,
        session: r.session_type,
        raceName: r.race_name,
        circuitType: r.circuit_type,
        version: Number(r.version),
        at: now.toISOString(),
      };
      emit(payload);
      emitted.push(payload);
    }
    return emitted;
  }
  return { tick };
}
export type RaceClock = ReturnType<typeof raceClock>;
