import { and, eq, gte, lte, sql } from "drizzle-orm";
import type { FlowCount, FlowsQuery, PageViewBody, ReportedTransition } from "../../../contract/analytics";
import { flowKeyString, machineFlowKeys } from "../../../machines/flowNames";
import { loadMachines } from "../../../scripts/flows";
import type { AppDeps } from "../../http/deps";
import { analyticsOptOuts, flowTransitionsDaily, pageViews } from "../../db/schema";

/** Every transition some machine of machines/ declares (the flows registry): nothing else is stored. */
let known: Promise<Set<string>> | null = null;
const knownKeys = () =>
  (known ??= loadMachines().then((machines) => new Set([...machines.values()].flatMap((m) => machineFlowKeys(m).map(flowKeyString)))));

const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export function analyticsService(deps: AppDeps) {
  const db = deps.db.db;

  async function optedOut(userId: string): Promise<boolean> {
    const [row] = await db.select({ userId: analyticsOptOuts.userId }).from(analyticsOptOuts).where(eq(analyticsOptOuts.userId, userId));
    return row !== undefined;
  }

  return {
    optedOut,

    /** Adds the batch to today's counts (one upsert per distinct transition); unknown names are dropped. */
    async record(userId: string | null, transitions: readonly ReportedTransition[]): Promise<number> {
      if (userId && (await optedOut(userId))) return 0;
      const keys = await knownKeys();
      const merged = new Map<string, ReportedTransition>();
      for (const t of transitions) {
        const key = flowKeyString(t);
        if (!keys.has(key)) continue;
        const seen = merged.get(key);
        merged.set(key, seen ? { ...seen, count: seen.count + t.count } : t);
      }
      if (merged.size === 0) return 0;
      const day = dayOf(deps.clock.now());
      const rows = [...merged.values()].map((t) => ({ day, machine: t.machine, fromState: t.from, event: t.event, toState: t.to, count: t.count }));
      await db
        .insert(flowTransitionsDaily)
        .values(rows)
        .onConflictDoUpdate({
          target: [flowTransitionsDaily.day, flowTransitionsDaily.machine, flowTransitionsDaily.fromState, flowTransitionsDaily.event, flowTransitionsDaily.toState],
          set: { count: sql`${flowTransitionsDaily.count} + excluded.count` },
        });
      return rows.length;
    },

    /** The spec's page view: the caller's id (none for a guest), the path and the URL without query; no e-mail. */
    async pageView(userId: string | null, body: PageViewBody): Promise<void> {
      if (userId && (await optedOut(userId))) return;
      await db.insert(pageViews).values({ userId, path: body.path, url: body.url, viewedAt: deps.clock.now() });
    },

    async setOptOut(userId: string, value: boolean): Promise<boolean> {
      if (value) await db.insert(analyticsOptOuts).values({ userId, optedOutAt: deps.clock.now() }).onConflictDoNothing();
      else await db.delete(analyticsOptOuts).where(eq(analyticsOptOuts.userId, userId));
      return value;
    },

    /** The counts summed over the range's days. */
    async counts(range: FlowsQuery): Promise<FlowCount[]> {
      const rows = await db
        .select({
          machine: flowTransitionsDaily.machine,
          from: flowTransitionsDaily.fromState,
          event: flowTransitionsDaily.event,
          to: flowTransitionsDaily.toState,
          count: sql<number>`sum(${flowTransitionsDaily.count})::int`,
        })
        .from(flowTransitionsDaily)
        .where(and(gte(flowTransitionsDaily.day, range.from), lte(flowTransitionsDaily.day, range.to)))
        .groupBy(flowTransitionsDaily.machine, flowTransitionsDaily.fromState, flowTransitionsDaily.event, flowTransitionsDaily.toState)
        .orderBy(flowTransitionsDaily.machine, flowTransitionsDaily.fromState, flowTransitionsDaily.event, flowTransitionsDaily.toState);
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}
