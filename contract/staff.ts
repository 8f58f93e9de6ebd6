import * as z from "zod";
import { allow, refuse, type Verdict } from "./verdict";

// Staff tools: the roles, what each may do, and the analysts' transition counts. A player has no
// role; the server answers 403 forbidden to any staff call the caller's roles do not allow, and the SPA shows
// its not-found page for a staff page the caller may not open.

export const StaffRole = z.enum(["analyst", "support", "operator"]);
export type StaffRole = z.infer<typeof StaffRole>;

/** The staff tools; the operator may use every one. */
export const StaffTool = z.enum(["flows", "replay", "pages", "raceControl", "audit"]);
export type StaffTool = z.infer<typeof StaffTool>;

const toolRoles: Record<StaffTool, readonly StaffRole[]> = {
  flows: ["analyst", "operator"],
  replay: ["support", "operator"],
  pages: ["analyst", "operator"],
  // Race control changes the game and the audit log says who did: operators only.
  raceControl: ["operator"],
  audit: ["operator"],
};

/** The tools the roles open, in StaffTool order. */
export const toolsOf = (roles: readonly StaffRole[]): StaffTool[] =>
  StaffTool.options.filter((tool) => toolRoles[tool].some((role) => roles.includes(role)));

/** Whether a caller with these roles may use the tool: 403 forbidden otherwise (a player has no roles). */
export function mayUse(roles: readonly StaffRole[], tool: StaffTool): Verdict<StaffTool> {
  return toolsOf(roles).includes(tool) ? allow(tool) : refuse(403, "forbidden");
}

/** GET /staff/me: the caller's roles and the tools they open (403 for a player). */
export const StaffMe = z.object({ roles: z.array(StaffRole).min(1), tools: z.array(StaffTool) });
export type StaffMe = z.infer<typeof StaffMe>;
