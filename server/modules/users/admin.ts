import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/open";
import { users } from "../../db/schema";
import { forgetSessions } from "../auth/sessionCache";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { playerTarget } from "../staff/roles";

/** Operator command: the player must choose a new password before doing anything else. */
export async function forcePasswordChange(
  db: Db,
  clock: Clock,
  email: string,
  by: Operator = CLI_OPERATOR,
): Promise<boolean> {
  const rows = await db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: users.id, must: users.mustChangePassword })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .for("update");
    if (!old) return [];
    const changed = await tx
      .update(users)
      .set({ mustChangePassword: true, updatedAt: clock.now() })
      .where(eq(users.id, old.id))
      .returning({ id: users.id });
    // Forced again while still pending changes nothing: no second line.
    if (!old.must)
      await recordAudit(tx, clock, by, {
        action: "PASSWORD_RESET_FORCED",
        target: playerTarget(old.id),
        before: { mustChangePassword: false },
        after: { mustChangePassword: true },
      });
    return changed;
  });
  // The verified sessions this process keeps carry the flag (other instances hear it from the database).
  for (const { id } of rows) forgetSessions(db, { userId: id });
  return rows.length > 0;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id;
}
