import type { FastifyInstance } from "fastify";
import { adminBetsRoutes, betsRoutes, devBetsRoutes } from "./routes";

/** Bets, the operators' odds and (outside production) demo players' bets: one line in server/app.ts. */
export async function betsModule(app: FastifyInstance): Promise<void> {
  await app.register(betsRoutes);
  await app.register(adminBetsRoutes);
  if (!app.deps.config.production) await app.register(devBetsRoutes);
}
