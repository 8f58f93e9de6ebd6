import type { FastifyInstance } from "fastify";
import { picturesRoutes } from "../pictures/routes";
import { racesRoutes } from "./routes";

/** The races area and the generated pictures its image fields point at (one registration in app.ts). */
export async function racesModule(app: FastifyInstance): Promise<void> {
  await app.register(racesRoutes);
  await app.register(picturesRoutes);
}
