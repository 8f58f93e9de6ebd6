import type { FastifyInstance } from "fastify";
import { pictureRoutes, seasonRoutes } from "./routes";

/** The season file (import, export) and the operators' rider and team pictures (one line in server/app.ts). */
export async function seasonModule(app: FastifyInstance): Promise<void> {
  await app.register(seasonRoutes);
  await app.register(pictureRoutes);
}
