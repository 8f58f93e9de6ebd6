import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { PredictionCategory } from "../../../contract/enums";
import { PredictionCategory as Categories } from "../../../contract/enums";
import { pointsForPosition } from "../../../contract/raceRules";
import { GAME_CLASS } from "../../../contract/rules";
import { sessionOfResult, type ResultBody, type ResultKey, type SettlementReport } from "../../../contract/results";
import { pgArray, rowsOf } from "../../db/arrays";
import { predictions, raceSessions, riderPerformances, riders, sessionResults } from "../../db/schema";
import type { Db } from "../../db/open";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { weekendConfirmedIn } from "./confirmation";
import { type LedgerTx, type PostResult } from "../diamonds/ledger";
import { refundsFor } from "../diamonds/refunds";
import { notifyInBatches } from "../../live/notifyInBatches";
import { resultKeyOf, settle, type Classification } from "../../../contract/weekendRules/scoring";
import { podiums } from "../../../contract/weekendRules/structure";
import { refreshScores } from "./scores";
import { lockSettlement, raceFor } from "./settledRace";
import { settleRaceBets } from "../bets/settlement";
import { observe } from "../../metrics";
import { isUuid } from "../../../contract/common";

// Results entry and settlement (game rules "Points"): one transaction writes the classification, scores
// the picks it decides with the pure `settle()`, voids and refunds them when the session was canceled,
// rewrites the race's scores and the players' season statistics, and stores one notification per
// player. The classification row is the "exactly once": a second entry of the same key is a replay
// (same classification, nothing changes) or a 409.

export const categoriesOf = (key: ResultKey): PredictionCategory[] =>
  Categories.options.filter((c) => resultKeyOf(c) === key);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/**
 * Each classified rider's start of the round in rider_performances (position and championship points), as the seed
 * writes past rounds: GET /riders/{id}/performances and the form read only that table. A rider outside the entered
 * classification gets no row (the entry does not say whether they started).
 */
export async function recordPerformances(
  tx: LedgerTx,
  race: { season: number; round: number; name: string },
  top: readonly string[],
): Promise<void> {
  if (top.length === 0) return;
  const rows = top.map((riderId, i) => ({
    riderId,
    season: race.season,
    round: race.round,
    raceName: race.name,
    position: i + 1,
    points: pointsForPosition(i + 1),
  }));
  await tx
    .insert(riderPerformances)
    .values(rows)
    .onConflictDoUpdate({
      target: [riderPerformances.riderId, riderPerformances.season, riderPerformances.round],
      set: { raceName: sql`excluded.race_name`, position: sql`excluded.position`, points: sql`excluded.points` },
    });
}

/** A transaction that settles: the ledger's statements plus the reads and deletes settlement needs. */
export type SettleTx = LedgerTx & Pick<Db, "selectDistinct" | "delete">;

/** A classification names game-class riders, each once (400 classificationInvalid). */
export async function checkClassification(tx: LedgerTx, riderIds: readonly string[]): Promise<void> {
  // A race's substitute or wildcard of another class (migration 021, contract/raceEntries.ts) is classified too.
  const entered = sql`(${riders.raceClass} = ${GAME_CLASS} OR ${riders.id} IN (SELECT rider_id FROM race_entries))`;
  const known = await tx
    .select({ id: riders.id })
    .from(riders)
    .where(and(inArray(riders.id, riderIds.filter(isUuid)), entered));
  if (new Set(riderIds).size !== riderIds.length || known.length !== riderIds.length)
    throw new AppError(400, "classificationInvalid");
}

/** What one entry did, beyond its report: what a preview tells (contract/operations.ts ResultPreview). */
export type EntryOutcome = {
  report: Omit<SettlementReport, "raceId" | "session" | "canceled">;
  /** Players whose balance moved (pushed after commit). */
  touched: string[];
  /** Points the entry gave, players whose points moved, bets won and paid. */
  points: number;
  moved: number;
  betsWon: number;
  payout: number;
};

/**
 * Enters one classification (or cancels the session) in `tx`: scores the picks it decides, refunds a cancellation,
 * settles the race's bets (the race session), rewrites the boards and stores one notice per player. `audit`: the
 * operator to write the action for (a preview writes nothing that stays, so it passes null).
 */
export async function enterIn(
  deps: AppDeps,
  tx: SettleTx,
  raceId: string,
  body: ResultBody,
  by: Operator | null,
): Promise<EntryOutcome> {
  const ledger = deps.ledger;
  const key = body.session;
  const canceled = "canceled" in body;
  const riderIds = "riderIds" in body ? body.riderIds : [];
  const race = await raceFor(tx, raceId);
  await lockSettlement(tx, raceId);

  const [prior] = await tx
    .select()
    .from(sessionResults)
    .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, key)));
  if (prior) {
    // The classification as first entered, or the one a correction made stand, sent again changes nothing.
    if (
      prior.canceled === canceled &&
      (sameList(prior.riderIds, riderIds) || sameList(prior.enteredRiderIds ?? [], riderIds))
    ) {
      return {
        report: { settled: 0, players: 0, refunded: 0, replayed: true },
        touched: [],
        points: 0,
        moved: 0,
        betsWon: 0,
        payout: 0,
      };
    }
    throw new AppError(409, "resultsSettled");
  }
  // A confirmed weekend's results are final (game-rules.md "Results are provisional until the weekend is confirmed").
  if (await weekendConfirmedIn(tx, raceId, deps.clock.now())) throw new AppError(409, "weekendConfirmed");

  const sessionType = sessionOfResult[key];
  const [session] = await tx
    .select()
    .from(raceSessions)
    .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, sessionType)));
  if (!session) throw new AppError(404, "notFound");
  // A classification exists once the session is over; a cancellation may come at any time.
  if (!canceled && deps.clock.now().getTime() < session.endsAt.getTime()) throw new AppError(409, "sessionNotEnded");
  if (!canceled) await checkClassification(tx, riderIds);

  const now = deps.clock.now();
  // A canceled race session takes its positions-gained ranking with it.
  const keys: ResultKey[] = canceled && key === "START" ? ["START", "POSITION_GAINED"] : [key];
  const results: Partial<Record<ResultKey, Classification>> = {};
  for (const k of keys) {
    const [already] =
      k === key
        ? []
        : await tx
            .select()
            .from(sessionResults)
            .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, k)));
    if (already) continue;
    await tx.insert(sessionResults).values({ raceId, resultKey: k, canceled, riderIds, enteredAt: now });
    results[k] = canceled ? { canceled: true } : { canceled: false, top: riderIds };
  }
  if (canceled && key !== "POSITION_GAINED") {
    await tx
      .update(raceSessions)
      .set({ canceled: true })
      .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, sessionType)));
  }

  // A pick's points depend on its category, rider and upgrades alone: an entry of 9,091 players holds 12 to 108
  // such kinds in the bench, so the contract's settle() scores each kind once and one UPDATE gives every pick its
  // kind's state (reading every pick into Node took a sixth of an entry's time on PGlite).
  const categories = Object.keys(results).flatMap((k) => categoriesOf(k as ResultKey));
  const kinds = await tx
    .selectDistinct({ category: predictions.category, riderId: predictions.riderId, upgrades: predictions.upgrades })
    .from(predictions)
    .where(
      and(eq(predictions.raceId, raceId), inArray(predictions.category, categories), isNull(predictions.settledAt)),
    );
  const scored = settle(
    kinds.map((k, i) => ({ ...k, id: String(i), settledAt: null })),
    results,
  ).map((s) => ({ ...kinds[Number(s.id)]!, state: s.state, points: s.points }));
  // Upgrades are action names: joined by commas they compare as one text per kind.
  const written = scored.length
    ? rowsOf<{ id: string; user_id: string; points: string | number | null }>(
        await tx.execute(sql`
          UPDATE predictions p SET state = v.state, points = v.points, settled_at = ${now.toISOString()}
          FROM unnest(${pgArray(scored.map((s) => s.category))}::text[], ${pgArray(scored.map((s) => s.riderId))}::uuid[],
            ${pgArray(scored.map((s) => s.upgrades.join(",")))}::text[], ${pgArray(scored.map((s) => s.state))}::text[],
            ${pgArray(scored.map((s) => s.points))}::numeric[]) AS v(category, rider_id, upgrades, state, points)
          WHERE p.race_id = ${raceId} AND p.category = v.category AND p.rider_id = v.rider_id
            AND array_to_string(p.upgrades, ',') = v.upgrades AND p.settled_at IS NULL
          RETURNING p.id, p.user_id, p.points`),
      )
    : [];

  let refunds: PostResult[] = [];
  if (canceled) {
    // Every diamond spent on the voided picks: their own multipliers and paid changes, and the podium upgrades of a canceled podium session.
    const refs = written.map((p) => `prediction:${p.id}`);
    for (const group of ["SPRINT", "RACE"] as const)
      if (podiums[group].session === sessionType && key !== "POSITION_GAINED") refs.push(`podium:${raceId}:${group}`);
    refunds = (await ledger.postAll(tx, await refundsFor(tx, refs))).filter((r) => !r.replayed);
  }

  // The race classification is the riders' result of the round: their pages and their form (the next races' odds) read it.
  if (results.START && !results.START.canceled) await recordPerformances(tx, race, results.START.top);

  // The race session's result settles the race's bets too (server/modules/bets/settlement.ts).
  const bets = results.START ? await settleRaceBets(deps, tx, race, results.START) : null;
  const betsWon =
    bets && bets.settled
      ? Number(
          rowsOf<{ n: number }>(
            await tx.execute(sql`SELECT count(*)::int AS n FROM bets WHERE race_id = ${raceId} AND status = 'WON'`),
          )[0]?.n ?? 0,
        )
      : 0;

  // Each player's points of this session, from the picks it settled just now (hundredths: sums stay exact).
  const hundredths = new Map<string, number>();
  for (const p of written)
    hundredths.set(p.user_id, (hundredths.get(p.user_id) ?? 0) + Math.round(Number(p.points ?? 0) * 100));
  const players = [...hundredths.keys()];
  await refreshScores(tx, raceId, race.season);
  // One notice per player per session, naming it and the player's points from it.
  await notifyInBatches(deps, tx, players, "RESULTS_PUBLISHED", (userId) => ({
    raceId,
    raceName: race.name,
    name: key,
    points: (hundredths.get(userId) ?? 0) / 100,
    canceled,
  }));
  const refunded = refunds.reduce((s, r) => s + r.delta, 0) + (bets?.refunded ?? 0);
  if (by) {
    await recordAudit(tx, deps.clock, by, {
      action: canceled ? "RESULT_CANCEL" : "RESULT_ENTER",
      raceId,
      target: key,
      before: null,
      after: {
        ...(canceled ? { canceled: true } : { riderIds }),
        settled: written.length,
        players: players.length,
        refunded,
        ...(bets ? { bets: bets.settled } : {}),
      },
    });
  }
  const total = [...hundredths.values()].reduce((a, b) => a + b, 0);
  return {
    report: {
      settled: written.length,
      players: players.length,
      refunded,
      replayed: false,
      ...(bets ? { bets: bets.settled } : {}),
    },
    touched: [...new Set([...refunds.map((r) => r.userId), ...(bets?.touched ?? [])])],
    points: total / 100,
    moved: [...hundredths.values()].filter((h) => h !== 0).length,
    betsWon,
    payout: bets?.paid ?? 0,
  };
}

export function settlementService(deps: AppDeps) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  /** POST /admin/races/{raceId}/results. `by`: the operator, for the audit log (a replay writes no line). */
  async function enter(raceId: string, body: ResultBody, by: Operator = CLI_OPERATOR): Promise<SettlementReport> {
    const outcome = await db.transaction((tx) => enterIn(deps, tx, raceId, body, by));
    if (outcome.touched.length) await ledger.publish(...outcome.touched);
    await deps.live.flush();
    return { raceId, session: body.session, canceled: "canceled" in body, ...outcome.report };
  }

  return { enter: (...args: Parameters<typeof enter>) => observe(deps.metrics?.settlements, () => enter(...args)) };
}
export type SettlementService = ReturnType<typeof settlementService>;
