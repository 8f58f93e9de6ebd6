import type { FastifyInstance } from "fastify";
import { devNotificationsRoutes } from "./devRoutes";
import { notificationsRoutes } from "./routes";

/** The notifications calls, plus the dev-only publish call outside production. */
export async function notificationsModule(app: FastifyInstance): Promise<void> {
  await app.register(notificationsRoutes);
  if (!app.deps.config.production) await app.register(devNotificationsRoutes);
}
