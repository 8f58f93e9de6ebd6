import type { FastifyInstance } from "fastify";
import { adminPrizesRoutes, prizesRoutes } from "./routes";

/** Prizes and the operators' motorcycle draw: one line in server/app.ts. */
export async function prizesModule(app: FastifyInstance): Promise<void> {
  await app.register(prizesRoutes);
  await app.register(adminPrizesRoutes);
}
