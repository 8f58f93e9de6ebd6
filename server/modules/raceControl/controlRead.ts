import { eq, sql } from "drizzle-orm";
import type { SessionType } from "../../../contract/enums";
import type { RaceControl } from "../../../contract/operations";
import { resultKeys, sessionOfResult } from "../../../contract/results";
import { inRunningOrder } from "../../../contract/weekendRules/moves";
import { rowsOf } from "../../db/arrays";
import { races, raceSessions } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { rosterRows } from "../races/roster";
import { confirmedAt } from "./confirmed";

/** The 72-hour rule (game-rules.md): a weekend not confirmed by an operator is confirmed this long after the race session's end. */
const CONFIRM_AFTER_MS = 72 * 3_600_000;

type ResultRow = { result_key: string; canceled: boolean; rider_ids: string[] | string; corrected: boolean };

const idsOf = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, "")
        .split(",")
        .filter(Boolean);

/**
 * GET /admin/races/{raceId}/control: the weekend as race control shows it, each session where it stands on the
 * server's clock with the results it decides. Optional columns of later migrations (the time zone of the circuit, a
 * correction's mark) are read through to_jsonb, so the timeline reads on any of them.
 */
export function controlRead(deps: Pick<AppDeps, "db" | "clock">) {
  const db = deps.db.db;

  async function control(raceId: string): Promise<RaceControl> {
    const [race] = await db.select().from(races).where(eq(races.id, raceId));
    if (!race) throw new AppError(404, "notFound");
    const now = deps.clock.now();
    const [track] = rowsOf<{ zone: string | null }>(
      await db.execute(sql`SELECT to_jsonb(t) ->> 'time_zone' AS zone FROM tracks t WHERE t.id = ${race.trackId}`),
    );
    const sessionRows = await db.select().from(raceSessions).where(eq(raceSessions.raceId, raceId));
    const results = rowsOf<ResultRow>(
      await db.execute(
        sql`SELECT result_key, canceled, rider_ids, (to_jsonb(r) ->> 'corrected_at') IS NOT NULL AS corrected FROM session_results r WHERE race_id = ${raceId}`,
      ),
    );
    const resultOf = new Map(results.map((r) => [r.result_key, r]));
    const canceledRace = race.canceledAt !== null;
    const ordered = inRunningOrder(
      sessionRows.map((s) => ({
        ...s,
        type: s.type as SessionType,
        startsAt: s.startsAt.getTime(),
        endsAt: s.endsAt.getTime(),
      })),
    );
    const sessions = ordered.map((s) => {
      const canceled = s.canceled || canceledRace;
      const state = canceled
        ? "CANCELED"
        : now.getTime() < s.startsAt
          ? "UPCOMING"
          : now.getTime() < s.endsAt
            ? "RUNNING"
            : "ENDED";
      return {
        type: s.type,
        startsAt: new Date(s.startsAt).toISOString(),
        endsAt: new Date(s.endsAt).toISOString(),
        state,
        results: resultKeys
          .filter((key) => sessionOfResult[key] === s.type)
          .map((key) => {
            const r = resultOf.get(key);
            return {
              key,
              entered: r !== undefined,
              canceled: r?.canceled ?? false,
              corrected: r?.corrected ?? false,
              riderIds: r ? idsOf(r.rider_ids) : [],
            };
          }),
      } as const;
    });
    const raceSession = ordered.find((s) => s.type === "START");
    const confirmed = await confirmedAt(db, raceId);
    // The race's entry list as everything else reads it (substitutes and wildcards with their places).
    const riderRows = await rosterRows(db, raceId);
    return {
      raceId: race.id,
      name: race.name,
      round: race.round,
      season: race.season,
      timeZone: track?.zone ?? "UTC",
      now: now.toISOString(),
      canceled: canceledRace,
      confirmedAt: confirmed?.toISOString() ?? null,
      confirmsAt: raceSession && !canceledRace ? new Date(raceSession.endsAt + CONFIRM_AFTER_MS).toISOString() : null,
      sessions,
      riders: riderRows.map(({ rider, place }) => ({
        id: rider.id,
        number: rider.number,
        name: rider.name,
        role: place.role,
        out: !place.available,
        replaces: place.replaces,
      })),
    };
  }

  return { control };
}
