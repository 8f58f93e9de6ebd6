import type { FastifyInstance } from "fastify";
import { questionsRoutes } from "./routes";

/** Bonus questions and the operators' questions: one line in server/app.ts. */
export async function questionsModule(app: FastifyInstance): Promise<void> {
  await app.register(questionsRoutes);
}
