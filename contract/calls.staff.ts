import { call } from "./calls";
import { StaffMe } from "./staff";

// Staff tools (issue 16). Every /staff call needs a signed-in caller with a staff role that opens it: a player
// (no role) gets 403 forbidden.
export const staffCalls = {
  me: call({ method: "GET", path: "/staff/me", auth: true, result: StaffMe, errors: { 403: ["forbidden"] } }),
} as const;
