import type { FastifyInstance } from "fastify";
import { devLeaguesRoutes } from "./devRoutes";
import { leaguesRoutes } from "./routes";

/** The leagues calls, plus the dev-only filling call outside production. */
export async function leaguesModule(app: FastifyInstance): Promise<void> {
  await app.register(leaguesRoutes);
  if (!app.deps.config.production) await app.register(devLeaguesRoutes);
}
