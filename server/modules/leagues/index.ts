import type { FastifyInstance } from "fastify";
import { uploadsModule } from "../uploads";
import { devLeaguesRoutes } from "./devRoutes";
import { leaguesRoutes } from "./routes";

/**
 * The leagues calls (issue 5) and the image uploads their pictures use (its own module, registered here
 * so the app lists issue 5 once), plus the dev-only filling call outside production.
 */
export async function leaguesModule(app: FastifyInstance): Promise<void> {
  await app.register(leaguesRoutes);
  await app.register(uploadsModule);
  if (!app.deps.config.production) await app.register(devLeaguesRoutes);
}
