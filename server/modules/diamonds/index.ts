import type { FastifyInstance } from "fastify";
import { devDiamondsRoutes } from "./devRoutes";
import { diamondsRoutes } from "./routes";

/** The diamonds calls, plus the dev-only top-up outside production (one line in server/app.ts). */
export async function diamondsModule(app: FastifyInstance): Promise<void> {
  await app.register(diamondsRoutes);
  if (!app.deps.config.production) await app.register(devDiamondsRoutes);
}
