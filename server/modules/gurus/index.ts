import type { FastifyInstance } from "fastify";
import { devGurusRoutes, gurusRoutes } from "./routes";

/** Gurus' and followed players' locked picks, and (outside production) the demo gurus: one line in server/app.ts. */
export async function gurusModule(app: FastifyInstance): Promise<void> {
  await app.register(gurusRoutes);
  if (!app.deps.config.production) await app.register(devGurusRoutes);
}
