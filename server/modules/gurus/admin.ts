import { and, eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/open";
import { users } from "../../db/schema";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { playerTarget } from "../staff/roles";

export type GuruOutcome = "made" | "alreadyGuru" | "noSuchPlayer";

/**
 * Operator command `npm run admin -- guru <email>`: the player becomes a Guru (their picks are public, they may own
 * VIP leagues). Idempotent; the spec has no call for it, so it is an operator's act on the database.
 */
export async function makeGuru(db: Db, clock: Clock, email: string, by: Operator = CLI_OPERATOR): Promise<GuruOutcome> {
  const byEmail = eq(sql`lower(${users.email})`, email.toLowerCase());
  return db.transaction(async (tx) => {
    const made = await tx
      .update(users)
      .set({ isGuru: true, updatedAt: clock.now() })
      .where(and(byEmail, eq(users.isGuru, false)))
      .returning({ id: users.id });
    for (const { id } of made)
      await recordAudit(tx, clock, by, {
        action: "GURU_MAKE",
        target: playerTarget(id),
        before: { isGuru: false },
        after: { isGuru: true },
      });
    if (made.length) return "made";
    const [existing] = await tx.select({ id: users.id }).from(users).where(byEmail);
    return existing ? "alreadyGuru" : "noSuchPlayer";
  });
}
