import type { FastifyInstance } from "fastify";
import { adminQuestionsCalls, questionsCalls } from "../../../contract/calls.questions";
import { adminGuard } from "../../http/adminGuard";
import { serve } from "../../http/route";
import { gradingService } from "./grading";
import { questionsService } from "./service";

/** Spec section 7 "Other": the caller's questions and answers only. */
export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const service = questionsService(app.deps);
  serve(app, questionsCalls.list, ({ caller, query }) => service.list(caller.userId, query));
  serve(app, questionsCalls.answers, ({ caller, query }) => service.answers(caller.userId, query));
  serve(app, questionsCalls.answer, ({ caller, params, body }) => service.answer(caller.userId, params.id!, body));
}

/** The operators' questions, behind the admin token (registered only when the server has one). */
export async function adminQuestionsRoutes(app: FastifyInstance): Promise<void> {
  const expected = app.deps.config.adminToken;
  if (!expected) return;
  const grading = gradingService(app.deps);
  const guarded = { routeOptions: { onRequest: adminGuard(expected) } };
  serve(app, adminQuestionsCalls.add, ({ params, body }) => grading.add(params.raceId!, body), guarded);
  serve(app, adminQuestionsCalls.list, ({ params }) => grading.list(params.raceId!), guarded);
  serve(app, adminQuestionsCalls.grade, ({ params, body }) => grading.grade(params.id!, body.answer), guarded);
  serve(app, adminQuestionsCalls.gradeFromResults, ({ params }) => grading.gradeFromResults(params.raceId!), guarded);
}
