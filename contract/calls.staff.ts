import { call } from "./calls";
import { FlowCounts, FlowsQuery } from "./analytics";
import { StaffMe } from "./staff";

// Staff tools (issue 16). Every /staff call needs a signed-in caller with a staff role that opens it: a player
// (no role) gets 403 forbidden.
export const staffCalls = {
  me: call({ method: "GET", path: "/staff/me", auth: true, result: StaffMe, errors: { 403: ["forbidden"] } }),
  /** Analysts and operators: every machine transition counted per day, summed over the range (UTC days). */
  flows: call({ method: "GET", path: "/staff/flows", auth: true, query: FlowsQuery, result: FlowCounts, errors: { 403: ["forbidden"] } }),
} as const;
