import type { FastifyInstance } from "fastify";
import { staffRoutes } from "./routes";

/** Staff tools (issue 16): one line in server/app.ts. */
export async function staffModule(app: FastifyInstance): Promise<void> {
  await app.register(staffRoutes);
}
