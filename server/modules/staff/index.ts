import type { FastifyInstance } from "fastify";
import { analyticsRoutes, staffRoutes } from "./routes";

/** Staff tools and the analytics they read (issue 16): one line in server/app.ts. */
export async function staffModule(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
  await app.register(analyticsRoutes);
}
