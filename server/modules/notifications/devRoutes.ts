import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { devNotificationsCalls } from "../../../contract/calls.notifications";
import { users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";

/** Development only: publishes a stored notification exactly as a module would (e2e tests, support). */
export async function devNotificationsRoutes(app: FastifyInstance): Promise<void> {
  const { live } = app.deps;
  serve(app, devNotificationsCalls.notify, async ({ body }) => {
    const [known] = await app.deps.db.db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
    if (!known) throw new AppError(404, "notFound");
    await app.deps.db.db.transaction(async (tx) => live.notify(tx, [body.userId], body.type, body.value));
    await live.flush();
    return { ok: true as const };
  });
}
