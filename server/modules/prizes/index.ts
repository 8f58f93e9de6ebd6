import type { FastifyInstance } from "fastify";
import { prizesRoutes } from "./routes";

/** Prizes and the operators' motorcycle draw: one line in server/app.ts. */
export async function prizesModule(app: FastifyInstance): Promise<void> {
  await app.register(prizesRoutes);
}
