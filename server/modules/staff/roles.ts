import { and, eq, sql } from "drizzle-orm";
import { StaffRole, mayUse, type StaffTool } from "../../../contract/staff";
import type { Clock } from "../../clock";
import type { Db } from "../../db/open";
import { staffRoles, users } from "../../db/schema";
import { allowed } from "../../http/errors";

/** The caller's staff roles, in StaffRole order (none for a player). */
export async function rolesOf(db: Db, userId: string): Promise<StaffRole[]> {
  const rows = await db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
  const held = new Set(rows.map((r) => r.role));
  return StaffRole.options.filter((role) => held.has(role));
}

/** The server's check before any staff tool answers: 403 forbidden unless one of the caller's roles opens it. */
export async function requireTool(db: Db, userId: string, tool: StaffTool): Promise<StaffRole[]> {
  const roles = await rolesOf(db, userId);
  allowed(mayUse(roles, tool));
  return roles;
}

export type GrantOutcome = "granted" | "alreadyHeld" | "noSuchPlayer";

/** Operator command `npm run admin -- grant <email> <role>`: idempotent. */
export async function grantRole(db: Db, clock: Clock, email: string, role: StaffRole): Promise<GrantOutcome> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) return "noSuchPlayer";
  const rows = await db
    .insert(staffRoles)
    .values({ userId: user.id, role, grantedAt: clock.now() })
    .onConflictDoNothing()
    .returning({ role: staffRoles.role });
  return rows.length ? "granted" : "alreadyHeld";
}

/** Operator command `npm run admin -- revoke <email> <role>`: whether the player held it. */
export async function revokeRole(db: Db, email: string, role: StaffRole): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  if (!user) return false;
  const rows = await db
    .delete(staffRoles)
    .where(and(eq(staffRoles.userId, user.id), eq(staffRoles.role, role)))
    .returning({ role: staffRoles.role });
  return rows.length > 0;
}
