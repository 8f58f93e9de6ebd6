import type { FastifyInstance } from "fastify";
import { analyticsCalls } from "../../../contract/calls.analytics";
import { reportCalls, staffCalls } from "../../../contract/calls.staff";
import { BUNDLE_MAX_BYTES } from "../../../contract/diagnostics";
import { toolsOf } from "../../../contract/staff";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { requireTool, rolesOf } from "./roles";

/** Staff calls: each checks the caller's roles on the server (contract/staff.ts `mayUse`). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.db;
  const { analytics } = app.services;
  const { reports } = app.services;
  serve(app, staffCalls.me, async ({ caller }) => {
    const roles = await rolesOf(db, caller.userId);
    if (roles.length === 0) throw new AppError(403, "forbidden");
    return { roles, tools: toolsOf(roles) };
  });
  serve(app, staffCalls.flows, async ({ caller, query }) => {
    await requireTool(db, caller.userId, "flows");
    if (query.from > query.to) return { ...query, transitions: [] };
    return { ...query, transitions: await analytics.counts(query) };
  });
  serve(app, staffCalls.pageViews, async ({ caller, query }) => {
    await requireTool(db, caller.userId, "pages");
    if (query.from > query.to) return { ...query, pages: [], days: [] };
    return analytics.pageViews(query);
  });
  serve(app, staffCalls.report, async ({ caller, params }) => {
    await requireTool(db, caller.userId, "replay");
    return reports.read(params.id);
  });
  serve(app, reportCalls.create, ({ caller, body }) => reports.create(caller.userId, body.bundle), {
    routeOptions: { bodyLimit: BUNDLE_MAX_BYTES },
  });
}

/** What browsers report: transitions and page views (nothing personal), and the player's opt-out. */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const { analytics } = app.services;
  serve(app, analyticsCalls.transitions, async ({ caller, body }) => ({
    stored: await analytics.record(caller?.userId ?? null, body.transitions),
  }));
  serve(app, analyticsCalls.pageView, async ({ caller, body }) => {
    await analytics.pageView(caller?.userId ?? null, body);
    return { ok: true as const };
  });
  serve(app, analyticsCalls.settings, async ({ caller }) => ({ optedOut: await analytics.optedOut(caller.userId) }));
  serve(app, analyticsCalls.saveSettings, async ({ caller, body }) => ({
    optedOut: await analytics.setOptOut(caller.userId, body.optedOut),
  }));
}
