import type { FastifyInstance } from "fastify";
import { storeRoutes } from "./routes";

/** The Store: packs, purchases through the payment provider, donations, the operators' packs (one line in server/app.ts). */
export async function storeModule(app: FastifyInstance): Promise<void> {
  await app.register(storeRoutes);
}
