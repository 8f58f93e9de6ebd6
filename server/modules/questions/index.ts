import type { FastifyInstance } from "fastify";
import { adminQuestionsRoutes, questionsRoutes } from "./routes";

/** Bonus questions and the operators' questions: one line in server/app.ts. */
export async function questionsModule(app: FastifyInstance): Promise<void> {
  await app.register(questionsRoutes);
  await app.register(adminQuestionsRoutes);
}
