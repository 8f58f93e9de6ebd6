import type { FastifyInstance } from "fastify";
import { resultsRoutes } from "./routes";

/** Classifications, leaderboards and the operators' results entry (one line in server/app.ts). */
export async function resultsModule(app: FastifyInstance): Promise<void> {
  await app.register(resultsRoutes);
}
