import type { FastifyInstance } from "fastify";
import { betsRoutes, devBetsRoutes } from "./routes";

/** Bets, the operators' odds and (outside production) demo players' bets: one line in server/app.ts. */
export async function betsModule(app: FastifyInstance): Promise<void> {
  await app.register(betsRoutes);
  if (!app.deps.config.production) await app.register(devBetsRoutes);
}
