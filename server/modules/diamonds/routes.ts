import type { FastifyInstance } from "fastify";
import { diamondsCalls } from "../../../contract/calls.diamonds";
import { serve } from "../../http/route";
import { authService } from "../auth/service";
import { diamondsLedger } from "./ledger";

/** The caller's own balance and history; nobody reads another player's diamonds. */
export async function diamondsRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const ledger = diamondsLedger(app.deps);
  const db = app.deps.db.db;

  serve(app, verify, diamondsCalls.balance, async ({ caller }) => ({ balance: String(await ledger.balanceOf(db, caller.userId)) }));
  serve(app, verify, diamondsCalls.history, async ({ caller, query }) => ledger.history(db, caller.userId, query.page, query.take));
}
