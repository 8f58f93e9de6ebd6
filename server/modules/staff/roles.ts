import { and, eq, sql } from "drizzle-orm";
import { StaffRole, mayUse, type StaffTool } from "../../../contract/staff";
import { createClock, type Clock } from "../../clock";
import type { Db } from "../../db/open";
import { staffRoles, users } from "../../db/schema";
import { allowed } from "../../http/errors";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";

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

/** The audit log's words for a player: the account's id (the log holds no one's personal data but the operator's name). */
export const playerTarget = (userId: string) => `player ${userId}`;

/** Operator command `npm run admin -- grant <email> <role>`: idempotent; a grant that changes something is written to the audit log. */
export async function grantRole(
  db: Db,
  clock: Clock,
  email: string,
  role: StaffRole,
  by: Operator = CLI_OPERATOR,
): Promise<GrantOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!user) return "noSuchPlayer";
    const before = await rolesOf(tx as Db, user.id);
    const rows = await tx
      .insert(staffRoles)
      .values({ userId: user.id, role, grantedAt: clock.now() })
      .onConflictDoNothing()
      .returning({ role: staffRoles.role });
    if (!rows.length) return "alreadyHeld";
    await recordAudit(tx, clock, by, {
      action: "ROLE_GRANT",
      target: `${playerTarget(user.id)}: ${role}`,
      before: { roles: before },
      after: { roles: await rolesOf(tx as Db, user.id) },
    });
    return "granted";
  });
}

/** Operator command `npm run admin -- revoke <email> <role>`: whether the player held it (then written to the audit log). */
export async function revokeRole(
  db: Db,
  email: string,
  role: StaffRole,
  clock: Clock = createClock(),
  by: Operator = CLI_OPERATOR,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!user) return false;
    const before = await rolesOf(tx as Db, user.id);
    const rows = await tx
      .delete(staffRoles)
      .where(and(eq(staffRoles.userId, user.id), eq(staffRoles.role, role)))
      .returning({ role: staffRoles.role });
    if (!rows.length) return false;
    await recordAudit(tx, clock, by, {
      action: "ROLE_REVOKE",
      target: `${playerTarget(user.id)}: ${role}`,
      before: { roles: before },
      after: { roles: await rolesOf(tx as Db, user.id) },
    });
    return true;
  });
}
