import type { FastifyInstance } from "fastify";
import { analyticsRoutes, staffRoutes } from "./routes";

/** Staff tools and the analytics they read: one line in server/app.ts. */
export async function staffModule(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
  await app.register(analyticsRoutes);
}
