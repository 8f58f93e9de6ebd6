import type { FastifyInstance } from "fastify";
import { diamondsCalls } from "../../../contract/calls.diamonds";
import { serve } from "../../http/route";

/** The caller's own balance and history; nobody reads another player's diamonds. */
export async function diamondsRoutes(app: FastifyInstance): Promise<void> {
  const ledger = app.deps.ledger;
  const db = app.deps.db.db;

  serve(app, diamondsCalls.balance, async ({ caller }) => ({
    balance: String(await ledger.balanceOf(db, caller.userId)),
  }));
  serve(app, diamondsCalls.history, async ({ caller, query }) =>
    ledger.history(db, caller.userId, query.page, query.take, query.reason),
  );
}
