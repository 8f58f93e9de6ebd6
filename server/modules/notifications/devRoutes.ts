import type { FastifyInstance } from "fastify";
import { devNotificationsCalls } from "../../../contract/calls.notifications";
import { serve } from "../../http/route";

/** Development only: publishes a stored notification exactly as a module would (e2e tests, support). */
export async function devNotificationsRoutes(app: FastifyInstance): Promise<void> {
  const { live } = app.deps;
  serve(app, devNotificationsCalls.notify, async ({ body }) => {
    await app.deps.db.db.transaction(async (tx) => live.notify(tx, [body.userId], body.type, body.value));
    await live.flush();
    return { ok: true as const };
  });
}
