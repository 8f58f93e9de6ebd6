import { eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/open";
import { users } from "../../db/schema";
import { forgetSessions } from "../auth/sessionCache";

/** Operator command: the player must choose a new password before doing anything else. */
export async function forcePasswordChange(db: Db, clock: Clock, email: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ mustChangePassword: true, updatedAt: clock.now() })
    .where(sql`lower(${users.email}) = lower(${email})`)
    .returning({ id: users.id });
  // The verified sessions this process keeps carry the flag (other instances hear it from the database).
  for (const { id } of rows) forgetSessions(db, { userId: id });
  return rows.length > 0;
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row?.id;
}
