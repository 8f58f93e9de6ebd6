import { and, eq, isNull, sql } from "drizzle-orm";
import type { EntryBody, EntryReport } from "../../../contract/operations";
import { picturePaths } from "../../../contract/pictures";
import { entryTarget, planEntry } from "../../../contract/raceEntries";
import { races, raceSessions, riderInjuries, riders, teams } from "../../db/schema";
import { entryRiders, raceEntries } from "../../db/schema.entries";
import type { AppDeps } from "../../http/deps";
import { allowed, AppError } from "../../http/errors";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { rosterRows } from "../races/roster";
import { isUuid } from "../../../contract/common";
import { holdLock, lockKeys } from "../../db/locks";
import type { InjuryService } from "../results/injury";

// game-rules.md "The entry list changes": the operator adds, for one race, a SUBSTITUTE in place of a rider who is
// out, or a WILDCARD (contract/raceEntries.ts decides). The entry, the race's new version (clients read its riders
// again) and its audit line commit together; then the injured-rider rule runs for the rider replaced
// (results/injury.ts: refunds, notices, a free re-pick), itself made once. The same entry again changes nothing and
// answers replayed; it also completes an injury a failure left undone.

type Injury = { invalidated: number; refunded: number };

export function entryService(deps: AppDeps, injuries: InjuryService) {
  const db = deps.db.db;

  async function add(raceId: string, body: EntryBody, by: Operator = CLI_OPERATOR): Promise<EntryReport> {
    const replaces = body.role === "SUBSTITUTE" ? body.replaces : null;
    const outcome = await db.transaction(async (tx) => {
      const [race] = isUuid(raceId) ? await tx.select().from(races).where(eq(races.id, raceId)) : [];
      if (!race) throw new AppError(404, "notFound");
      // Serialized with the race's injuries and settlement, and with bets being placed (they share this lock).
      await holdLock(tx, lockKeys.settlement(raceId));
      const [start] = await tx
        .select()
        .from(raceSessions)
        .where(and(eq(raceSessions.raceId, raceId), eq(raceSessions.type, "START")));
      const rows = await rosterRows(tx, raceId);
      const entries = (await tx.select().from(raceEntries).where(eq(raceEntries.raceId, raceId))).map((e) => ({
        riderId: e.riderId,
        role: e.role,
        replaces: e.replaces,
      }));
      const [known] = isUuid(body.riderId) ? await tx.select().from(riders).where(eq(riders.id, body.riderId)) : [];
      if (!known && !body.newRider) throw new AppError(404, "notFound");
      if (replaces !== null && !isUuid(replaces)) throw new AppError(404, "notFound");
      const plan = allowed(
        planEntry({
          now: deps.clock.now().getTime(),
          raceStart: start?.startsAt.getTime(),
          canceled: race.canceledAt !== null || start?.canceled === true,
          roster: new Map(rows.map((r) => [r.rider.id, r.place])),
          entries,
          body,
        }),
      );
      const [out] = replaces ? await tx.select().from(riders).where(eq(riders.id, replaces)) : [];
      if (plan.replayed) return { replayed: true, rider: known!, out };

      const now = deps.clock.now();
      const rider = known ?? (await newRider(tx, body, now));
      await tx.insert(raceEntries).values({ raceId, riderId: rider.id, role: body.role, replaces, addedAt: now });
      await tx
        .update(races)
        .set({ version: sql`${races.version} + 1` })
        .where(eq(races.id, raceId));
      const seen = (r: typeof rider) => ({ id: r.id, number: r.number, name: r.name });
      await recordAudit(tx, deps.clock, by, {
        action: body.role === "SUBSTITUTE" ? "RIDER_SUBSTITUTE" : "RIDER_WILDCARD",
        raceId,
        target: entryTarget(rider, out),
        before: {
          version: race.version,
          entry: null,
          ...(out
            ? { out: { ...seen(out), available: rows.find((r) => r.rider.id === out.id)?.place.available ?? false } }
            : {}),
        },
        after: {
          version: race.version + 1,
          entry: { ...seen(rider), role: body.role, replaces: out ? seen(out) : null, created: !known },
        },
      });
      return { replayed: false, rider, out };
    });

    // The rider replaced is out of this race: the injured-rider rule, once (a replay answers what it did).
    let injury: Injury = { invalidated: 0, refunded: 0 };
    if (replaces) {
      const [made] = await db
        .select()
        .from(riderInjuries)
        .where(and(eq(riderInjuries.riderId, replaces), eq(riderInjuries.raceId, raceId)));
      // The operator goes along for the injury's own audit line.
      injury = outcome.replayed && made ? made : await injuries.injure(replaces, raceId, by);
    }
    return {
      raceId,
      riderId: outcome.rider.id,
      role: body.role,
      replaces,
      invalidated: injury.invalidated,
      refunded: injury.refunded,
      replayed: outcome.replayed,
    };
  }

  /** A rider on no list yet, of the team's class, who rides only the races they are entered for. */
  async function newRider(tx: Parameters<Parameters<typeof db.transaction>[0]>[0], body: EntryBody, now: Date) {
    const wanted = body.newRider!;
    const [team] = isUuid(wanted.teamId) ? await tx.select().from(teams).where(eq(teams.id, wanted.teamId)) : [];
    if (!team) throw new AppError(404, "notFound");
    const taken = await tx
      .select({ id: riders.id })
      .from(riders)
      .where(
        and(
          eq(riders.raceClass, team.raceClass),
          eq(riders.number, wanted.number),
          "removedAt" in riders ? isNull(riders.removedAt as never) : undefined,
        ),
      );
    if (taken.length) throw new AppError(409, "riderOnEntryList");
    const [made] = await tx
      .insert(riders)
      .values({
        id: body.riderId,
        name: wanted.name,
        number: wanted.number,
        country: wanted.country,
        status: "ACTIVE",
        role: body.role,
        raceClass: team.raceClass,
        teamId: team.id,
        image: picturePaths.rider(body.riderId),
      })
      .returning();
    await tx.insert(entryRiders).values({ riderId: made!.id, addedAt: now });
    return made!;
  }

  return { add };
}
