import * as z from "zod";
import { call } from "./calls";
import { PathKey } from "./common";
import { FlowCounts, FlowsQuery, PageViews } from "./analytics";
import { ReportBody, ReportCreated, StoredReport } from "./diagnostics";
import { StaffMe } from "./staff";

// Staff tools. Every /staff call needs a signed-in caller with a staff role that opens it: a player
// (no role) gets 403 forbidden.
export const staffCalls = {
  me: call({ method: "GET", path: "/staff/me", auth: true, result: StaffMe, errors: { 403: ["forbidden"] } }),
  /** Analysts and operators: every machine transition counted per day, summed over the range (UTC days). */
  flows: call({
    method: "GET",
    path: "/staff/flows",
    auth: true,
    query: FlowsQuery,
    result: FlowCounts,
    errors: { 403: ["forbidden"] },
  }),
  /** Analysts and operators: the spec's page views counted per page (ids folded into ":id") and per day. */
  pageViews: call({
    method: "GET",
    path: "/staff/page-views",
    auth: true,
    query: FlowsQuery,
    result: PageViews,
    errors: { 403: ["forbidden"] },
  }),
  /** Support and operators: a player's problem report by its id. */
  report: call({
    method: "GET",
    path: "/staff/reports/:id",
    auth: true,
    params: z.object({ id: PathKey }),
    result: StoredReport,
    errors: { 403: ["forbidden"], 404: ["notFound"] },
  }),
} as const;

/** "Report a problem": a signed-in player uploads a redacted diagnostics bundle; support reads it. */
export const reportCalls = {
  create: call({
    method: "POST",
    path: "/reports",
    auth: true,
    body: ReportBody,
    result: ReportCreated,
    errors: { 413: ["payloadTooLarge"] },
  }),
} as const;
