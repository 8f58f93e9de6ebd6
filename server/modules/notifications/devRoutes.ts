import type { FastifyInstance } from "fastify";
import { devNotificationsCalls } from "../../../contract/calls.notifications";
import { serve } from "../../http/route";
import { authService } from "../auth/service";

/** Development only: publishes a stored notification exactly as a module would (e2e tests, support). */
export async function devNotificationsRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const { live } = app.deps;
  serve(app, verify, devNotificationsCalls.notify, async ({ body }) => {
    await app.deps.db.db.transaction(async (tx) => live.notify(tx, [body.userId], body.type, body.value));
    await live.flush();
    return { ok: true as const };
  });
}
