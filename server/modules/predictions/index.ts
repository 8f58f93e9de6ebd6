import type { FastifyInstance } from "fastify";
import { predictionsRoutes } from "./routes";

/** The predictions calls (one line in server/app.ts). */
export async function predictionsModule(app: FastifyInstance): Promise<void> {
  await app.register(predictionsRoutes);
}
