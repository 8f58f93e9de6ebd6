import { and, eq, isNull, sql } from "drizzle-orm";
import { resultKeys } from "../../../contract/results";
import {
  isEmptyDiff,
  readSeasonFile,
  type SeasonEffect,
  type SeasonFileIssue,
  type SeasonImportReport,
} from "../../../contract/season";
import { formatMessage } from "../../../contract/messages";
import type { Db } from "../../db/open";
import { bets, predictions, races, sessionResults } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { diamondsLedger, type LedgerTx } from "../diamonds/ledger";
import { injuryService } from "../results/injury";
import { settlementService } from "../results/settlement";
import { applyDiff, type RemovalEffects } from "./apply";
import { diffSeason } from "./diff";
import { latestSeason, loadSeason } from "./export";
import { holdLock, lockKeys } from "../../db/locks";

// POST /admin/season/import: the file read (every issue at its JSON pointer), the diff computed against the season as
// it stands, and applied in one transaction with what it does to picks and bets. A dry run runs exactly the same
// transaction and rolls it back, so the refunds it reports are the ones the import would make.

/** 400 seasonInvalid, `fields` keyed by JSON pointer. */
export function seasonInvalid(issues: readonly SeasonFileIssue[]): AppError {
  const fields = Object.fromEntries(
    issues.map((i) => [
      i.pointer,
      { code: "seasonInvalid" as const, params: { field: i.pointer }, message: i.message },
    ]),
  );
  const err = new AppError(400, "seasonInvalid", fields);
  err.message = `${formatMessage("seasonInvalid")}: ${issues.map((i) => `${i.pointer} ${i.message}`).join("; ")}`;
  return err;
}

class RolledBack extends Error {
  constructor(readonly report: SeasonImportReport) {
    super("dry run");
  }
}

/** The game's services bound to the import's transaction: their own transactions become savepoints of it. */
function inTransaction(deps: AppDeps, tx: LedgerTx): AppDeps {
  const bound = {
    ...deps,
    db: { ...deps.db, db: tx as unknown as Db, pool: undefined },
    live: { ...deps.live, flush: async () => {} },
  };
  // A ledger of its own, on the transaction and the held-back live channel: the app's would publish (and read) on
  // the database outside it, which on the embedded database waits for this very transaction.
  return { ...bound, ledger: diamondsLedger(bound) };
}

async function playersOnRace(tx: LedgerTx, raceId: string, riderId?: string) {
  const picks = await tx
    .select({ userId: predictions.userId })
    .from(predictions)
    .where(
      and(
        eq(predictions.raceId, raceId),
        isNull(predictions.settledAt),
        riderId ? eq(predictions.riderId, riderId) : undefined,
      ),
    );
  const open = await tx
    .select({ userId: bets.userId })
    .from(bets)
    .where(and(eq(bets.raceId, raceId), eq(bets.status, "OPEN"), riderId ? eq(bets.riderId, riderId) : undefined));
  return { picks: picks.length, bets: open.length, players: [...new Set([...picks, ...open].map((p) => p.userId))] };
}

export function seasonService(deps: AppDeps) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  async function importSeason(value: unknown, options: { dryRun: boolean; by: Operator }): Promise<SeasonImportReport> {
    const read = readSeasonFile(value);
    if (!read.ok) throw seasonInvalid(read.issues);
    const next = read.file;
    const touched = new Set<string>();
    let report: SeasonImportReport;
    try {
      report = await db.transaction(async (tx) => {
        // One import at a time: the second one diffs against what the first one wrote.
        await holdLock(tx, lockKeys.seasonImport());
        const now = deps.clock.now();
        const current = await loadSeason(tx, next.season);
        const { diff, issues } = diffSeason(current, next, now);
        if (issues.length) throw seasonInvalid(issues);

        const bound = inTransaction(deps, tx);
        const effects: SeasonEffect[] = [];
        const removals: RemovalEffects = {
          async cancelRace(raceId, label) {
            const before = await playersOnRace(tx, raceId);
            const entered = new Set(
              (
                await tx
                  .select({ key: sessionResults.resultKey })
                  .from(sessionResults)
                  .where(eq(sessionResults.raceId, raceId))
              ).map((r) => r.key),
            );
            let refunded = 0;
            const settlement = settlementService(bound);
            // The canceled rule, session by session: picks void, their spends and the race's bets refunded.
            for (const key of resultKeys) {
              if (entered.has(key)) continue;
              const [still] = await tx
                .select({ key: sessionResults.resultKey })
                .from(sessionResults)
                .where(and(eq(sessionResults.raceId, raceId), eq(sessionResults.resultKey, key)));
              if (still) continue;
              refunded += (await settlement.enter(raceId, { session: key, canceled: true })).refunded;
            }
            before.players.forEach((p) => touched.add(p));
            effects.push({
              kind: "RACE_CANCELED",
              race: label,
              picks: before.picks,
              bets: before.bets,
              players: before.players.length,
              refunded,
            });
          },
          async removeRider(riderId, label) {
            const open = await tx
              .select({ id: races.id, name: races.name, round: races.round })
              .from(races)
              .where(and(eq(races.season, next.season), isNull(races.canceledAt), isNull(races.removedAt)))
              .orderBy(races.round);
            const injuries = injuryService(bound);
            for (const race of open) {
              const before = await playersOnRace(tx, race.id, riderId);
              if (before.picks + before.bets === 0) continue;
              const made = await injuries.injure(riderId, race.id);
              before.players.forEach((p) => touched.add(p));
              effects.push({
                kind: "RIDER_REMOVED",
                race: `round ${race.round} ${race.name}`,
                rider: label,
                picks: made.invalidated,
                bets: made.bets,
                players: made.players,
                refunded: made.refunded,
              });
            }
            // Out of the season: not pickable anywhere (the injured-rider rule's status), whether or not anyone had picked them.
            await tx.execute(sql`UPDATE riders SET status = 'INJURED' WHERE id = ${riderId}`);
          },
        };
        await applyDiff(tx, current, next, diff, now, removals);
        const unchanged = isEmptyDiff(diff);
        const out: SeasonImportReport = {
          season: next.season,
          dryRun: options.dryRun,
          unchanged,
          diff,
          effects,
          refunded: effects.reduce((s, e) => s + e.refunded, 0),
        };
        if (options.dryRun) throw new RolledBack(out);
        if (!unchanged) {
          const count = (f: typeof current.file) => ({
            circuits: f.circuits.length,
            teams: f.teams.length,
            riders: f.riders.length,
            rounds: f.calendar.length,
          });
          await recordAudit(tx, deps.clock, options.by, {
            action: "SEASON_IMPORT",
            target: `season ${next.season}`,
            before: count(current.file),
            after: { ...count(next), diff, effects },
          });
        }
        return out;
      });
    } catch (err) {
      if (err instanceof RolledBack) return err.report;
      throw err;
    }
    if (touched.size) await ledger.publish(...touched);
    await deps.live.flush();
    return report;
  }

  async function exportSeason(season?: number) {
    return db.transaction(async (tx) => {
      const year = season ?? (await latestSeason(tx));
      if (year === null) throw new AppError(404, "notFound");
      const loaded = await loadSeason(tx, year);
      if (loaded.file.calendar.length === 0 && season !== undefined) throw new AppError(404, "notFound");
      return loaded.file;
    });
  }

  return { importSeason, exportSeason };
}
