import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { devDiamondsCalls } from "../../../contract/calls.diamonds";
import { fieldError } from "../../http/errors";
import { serve } from "../../http/route";

/** Development only: tops a player up (or charges them) through the ledger, as ADMIN entries, so e2e tests can set balances. */
export async function devDiamondsRoutes(app: FastifyInstance): Promise<void> {
  const ledger = app.deps.ledger;
  const db = app.deps.db.db;

  serve(app, devDiamondsCalls.adjust, async ({ body, caller }) => {
    const userId = body.userId ?? caller?.userId;
    if (!userId) throw fieldError(400, "required", "userId");
    const posted = await db.transaction((tx) =>
      ledger.post(tx, {
        userId,
        delta: body.delta,
        reason: "ADMIN",
        ref: "dev",
        idempotencyKey: body.idempotencyKey ?? `dev:${randomUUID()}`,
      }),
    );
    await ledger.publish(userId);
    return { balance: String(posted.balance) };
  });
}
