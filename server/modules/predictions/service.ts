import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { PredictionCategory } from "../../../contract/enums";
import type {
  PredictionChangeBody,
  PredictionResults,
  PredictionStatistics,
  RacePrediction,
  UpgradeBody,
} from "../../../contract/predictions";
import { categoryPoints } from "../../../contract/rules";
import { categorySpreadView } from "../../../contract/rules.statistics";
import { isComplete, picksOf as picksOfForm } from "../../../contract/weekendRules/form";
import { planRemove, planSave } from "../../../contract/weekendRules/plans";
import { categories, categorySession, podiumGroups, podiumOf, podiums } from "../../../contract/weekendRules/structure";
import { planUpgrade, upgradeGroup } from "../../../contract/weekendRules/upgrades";
import { podiumState, slotState, type WeekendFacts } from "../../../contract/weekendRules/view";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import { diamondLedger, leagueMembers, predictions } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import { ridersOfSave } from "../races/roster";
import { scoresBeforeCorrection } from "../results/pickHistory";
import type { Credit } from "./saveWork";
import { asExisting, loadRace, lock, picksOf, toSaved, viewFacts, type PredictionsRepository } from "./repository";
import { byCategory, type PickRow, type RaceInfo } from "./rows";
import { observe } from "../../metrics";
import { isUuid } from "../../../contract/common";

/** Ledger keys: what each posting is for, so a retry never pays or charges twice. */
export const ledgerKeys = {
  change: (predictionId: string, n: number) => `change:${predictionId}:${n}`,
  completion: (raceId: string) => `all-picks:${raceId}`,
  upgrade: (raceId: string, type: string, target: string, clientKey: string) =>
    `upgrade:${raceId}:${type}:${target}:${clientKey}`,
};

/** What a race's slots show whatever the player's picks and the time: kept per race as read (a new read, a new object). */
const slotParts = new WeakMap<RaceInfo, ReturnType<typeof slotPartsOf>[]>();
const slotPartsOf = (race: RaceInfo, category: PredictionCategory) => {
  const session = race.sessions[categorySession[category]]!;
  return {
    category,
    session: categorySession[category],
    startsAt: new Date(session.startsAt).toISOString(),
    endsAt: new Date(session.endsAt).toISOString(),
    points: categoryPoints[category],
    podium: podiumOf(category),
    canceled: session.canceled,
  };
};
function slotsOf(race: RaceInfo) {
  let parts = slotParts.get(race);
  if (!parts) slotParts.set(race, (parts = categories.map((category) => slotPartsOf(race, category))));
  return parts;
}

/**
 * The caller's predictions: saves, paid changes, upgrades and the completion reward. The rules are the
 * contract's (contract/weekendRules/); this service loads their facts, writes what they plan and refuses with
 * what they refuse. Every write runs in one transaction that first takes a lock on (player, race), so two
 * requests of one player on one race run one after the other, and its diamonds move through the ledger in the
 * same transaction; balances are pushed after commit. A save's transaction is the repository's, on whichever database.
 */
export function predictionsService(deps: AppDeps, repository: PredictionsRepository) {
  const db = deps.db.db;
  const ledger = deps.ledger;
  const rules = defaultWeekendRules;

  /** The caller's race view at the clock's now: the slots and buttons from the same rules a view renders with. */
  async function view(userId: string, raceId: string): Promise<RacePrediction> {
    const { race, picks, balance } = await viewFacts(db, userId, raceId);
    return viewOf(race, picks, balance);
  }

  /** The race view of these facts at the clock's now. */
  function viewOf(race: RaceInfo, picks: PickRow[], balance: number): RacePrediction {
    const now = deps.clock.now();
    const facts: WeekendFacts = { sessions: race.sessions, picks: picks.map(asExisting), balance };
    const slots = slotsOf(race).map((slot) => {
      const state = slotState(facts, slot.category, now.getTime(), rules);
      // Named fields, not a spread of `slot`: on Node 20 a spread into a literal costs ~2 µs, eleven per save.
      const { category, session, startsAt, endsAt, points, podium, canceled } = slot;
      return {
        category,
        session,
        startsAt,
        endsAt,
        points,
        podium,
        canceled,
        open: state.open,
        change: state.change,
        upgrade: state.upgrade.state,
      };
    });
    const podiumViews = podiumGroups.map((group) => {
      const buttons = podiumState(facts, group, now.getTime(), rules);
      return {
        group,
        session: podiums[group].session,
        multiplier: buttons.multiplier.state,
        insurance: buttons.insurance.state,
      };
    });
    return {
      raceId: race.id,
      version: race.version,
      data: picks.map(toSaved),
      slots,
      podiums: podiumViews,
      complete: isComplete(picksOfForm(picks)),
      balance: String(balance),
      now: now.toISOString(),
    };
  }

  /**
   * Pays the completion reward once per player and race (the ledger key makes a second posting a no-op). Answers
   * the balance after it when it was paid now, null when nothing moved.
   */
  async function rewardCompletion(
    credit: Credit,
    userId: string,
    raceId: string,
    picks: number,
  ): Promise<number | null> {
    if (picks < rules.predictionsPerWeekend) return null;
    return credit({
      userId,
      delta: rules.completionReward,
      reason: "ALL_PICKS_BONUS",
      ref: `race:${raceId}`,
      idempotencyKey: ledgerKeys.completion(raceId),
    });
  }

  return {
    view,

    /** POST (mode create) and PUT (mode change) /predictions/races/{raceId}. */
    async save(
      userId: string,
      raceId: string,
      body: PredictionChangeBody,
      mode: "create" | "change",
    ): Promise<RacePrediction> {
      // A save that only inserted picks answers the view of what it read and wrote under the lock (`answer`), with
      // the balance the completion reward left if it paid it (posted under the balance row's lock, in this
      // transaction); paid changes and upgrades read the view again after commit.
      let answer: RacePrediction | null = null;
      const ids = [...new Set(body.data.map((d) => d.riderId))];
      // Read under the lock, decided here, written and committed by the repository.
      const moved = await observe(deps.metrics?.predictionSaves, () =>
        repository.save(userId, raceId, ids, async ({ race, ...facts }, tx, credit) => {
          if (body.version !== race.version) throw new AppError(409, "staleVersion");
          // The named riders as this race's entry list has them (substitutes, wildcards, riders replaced).
          const riders = await ridersOfSave(db, tx, race, facts.riders);
          const existing = facts.picks.map(asExisting);
          const now = deps.clock.now();
          const plan = allowed(
            planSave({
              now: now.getTime(),
              mode,
              sessions: race.sessions,
              existing,
              items: body.data,
              riders,
              confirmation: body.change,
              rules,
            }),
          );
          let paid = false;
          const inserted: PickRow[] = plan.inserts.map((i) => ({
            id: randomUUID(),
            userId,
            raceId,
            category: i.category,
            riderId: i.riderId,
            state: "MADE",
            points: null,
            upgrades: i.upgrades,
            changes: 0,
            savedAt: now,
            updatedAt: now,
            settledAt: null,
            riderInjured: riders.get(i.riderId)?.status !== "ACTIVE",
          }));
          for (const c of plan.changes) {
            await tx
              .update(predictions)
              .set({ riderId: c.riderId, changes: c.changes, state: "MADE", points: null, updatedAt: now })
              .where(eq(predictions.id, c.id));
            if (c.paid) {
              const posted = await ledger.post(tx, {
                userId,
                delta: -c.paid.cost,
                reason: "PREDICTION_CHANGE",
                ref: `prediction:${c.id}`,
                idempotencyKey: ledgerKeys.change(c.id, c.changes),
              });
              paid ||= !posted.replayed;
            }
          }
          for (const [id, upgrades] of plan.upgrades)
            await tx.update(predictions).set({ upgrades }).where(eq(predictions.id, id));
          // Every write of a player's picks of a race holds the lock, so the count is the picks read plus the inserts
          // (written with the commit, in the same transaction as this reward).
          const rewarded = plan.inserts.length
            ? await rewardCompletion(credit, userId, raceId, existing.length + plan.inserts.length)
            : null;
          // Built while the INSERT and COMMIT run, used only when they succeeded.
          const meanwhile =
            !paid && plan.changes.length === 0 && plan.upgrades.size === 0
              ? () =>
                  void (answer = viewOf(
                    race,
                    [...facts.picks, ...inserted].toSorted(byCategory),
                    rewarded ?? facts.balance,
                  ))
              : undefined;
          paid ||= rewarded !== null;
          return { inserts: inserted, value: paid, meanwhile };
        }),
      );
      if (moved) await ledger.publish(userId);
      return answer ?? view(userId, raceId);
    },

    /** POST /predictions/races/{raceId}/upgrades. */
    async buyUpgrade(userId: string, raceId: string, body: UpgradeBody): Promise<RacePrediction> {
      const moved = await db.transaction(async (tx) => {
        const race = await loadRace(tx, raceId);
        await lock(tx, userId, raceId);
        const target = upgradeGroup(body.type) ?? body.category ?? "-";
        const key = ledgerKeys.upgrade(raceId, body.type, target, body.idempotencyKey);
        // A retried purchase answers its first outcome, whatever happened since.
        const [prior] = await tx
          .select({ id: diamondLedger.id })
          .from(diamondLedger)
          .where(and(eq(diamondLedger.userId, userId), eq(diamondLedger.idempotencyKey, key)));
        if (prior) return false;
        const picks = (await picksOf(tx, userId, raceId)).map(asExisting);
        // The balance is the ledger's to check, under its lock.
        const plan = allowed(
          planUpgrade({
            now: deps.clock.now().getTime(),
            type: body.type,
            category: body.category,
            sessions: race.sessions,
            picks,
            rules,
          }),
        );
        // Refunds find a spend by its ref: the pick for a multiplier, the podium for the podium upgrades.
        const ref = plan.pickIds.length === 1 ? `prediction:${plan.pickIds[0]}` : `podium:${raceId}:${target}`;
        await ledger.post(tx, { userId, delta: -plan.cost, reason: "UPGRADE", ref, idempotencyKey: key });
        await tx
          .update(predictions)
          .set({ upgrades: sql`array_append(${predictions.upgrades}, ${body.type})`, updatedAt: deps.clock.now() })
          .where(inArray(predictions.id, plan.pickIds));
        return true;
      });
      if (moved) await ledger.publish(userId);
      return view(userId, raceId);
    },

    /** DELETE /predictions/{id}: only a pick whose rider is injured, before its session (frees the slot to choose again). */
    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [found] = isUuid(id)
          ? await tx
              .select()
              .from(predictions)
              .where(and(eq(predictions.id, id), eq(predictions.userId, userId)))
          : [];
        // Someone else's pick answers exactly like a missing one.
        if (!found) throw new AppError(404, "notFound");
        await lock(tx, userId, found.raceId);
        const race = await loadRace(tx, found.raceId);
        const [pick] = (await picksOf(tx, userId, found.raceId)).filter((p) => p.id === id);
        if (!pick) throw new AppError(404, "notFound");
        allowed(
          planRemove(deps.clock.now().getTime(), asExisting(pick), race.sessions[categorySession[pick.category]]!),
        );
        await tx.delete(predictions).where(eq(predictions.id, id));
      });
    },

    /** GET /predictions/races/{raceId}/results: the caller's own picks with states and points. */
    async results(userId: string, raceId: string): Promise<PredictionResults> {
      const race = await loadRace(db, raceId);
      const picks = await picksOf(db, userId, raceId);
      // What a correction changed: the score before the last one (null when none did).
      const before = await scoresBeforeCorrection(
        db,
        picks.filter((p) => p.settledAt !== null).map((p) => p.id),
      );
      return {
        raceId: race.id,
        version: race.version,
        data: picks.map((p) => ({ ...toSaved(p), before: before.get(p.id) ?? null })),
        total: picks.reduce((sum, p) => sum + (p.points ?? 0), 0),
        settled: picks.length > 0 && picks.every((p) => p.settledAt !== null),
      };
    },

    /** GET /predictions/statistics/races/{raceId}: counts per category and rider over all players. */
    async statistics(raceId: string, typeId?: PredictionCategory, leagueId?: string): Promise<PredictionStatistics> {
      const race = await loadRace(db, raceId);
      const n = sql<number>`count(*)::int`;
      // A league's statistics count only its accepted members' picks (followers are not ranked).
      const members = leagueId
        ? inArray(
            predictions.userId,
            db
              .select({ id: leagueMembers.userId })
              .from(leagueMembers)
              .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.status, "ACCEPTED"))),
          )
        : undefined;
      const rows = await db
        .select({ category: predictions.category, riderId: predictions.riderId, n })
        .from(predictions)
        .where(and(eq(predictions.raceId, raceId), typeId ? eq(predictions.category, typeId) : undefined, members))
        .groupBy(predictions.category, predictions.riderId)
        .orderBy(desc(n), predictions.riderId);
      const wanted = typeId ? [typeId] : categories;
      const now = deps.clock.now().getTime();
      return {
        raceId: race.id,
        version: race.version,
        categories: wanted.map((category) => {
          const mine = rows.filter((r) => r.category === category);
          const total = mine.reduce((s, r) => s + r.n, 0);
          const spread = {
            category,
            total,
            riders: mine.map((r) => ({ riderId: r.riderId, count: r.n, share: total ? r.n / total : 0 })),
          };
          // Before the session starts, only how many picked (contract/rules.statistics.ts).
          return categorySpreadView(spread, race.sessions[categorySession[category]]?.startsAt, now);
        }),
      };
    },
  };
}
