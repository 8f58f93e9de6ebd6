import type { FastifyInstance } from "fastify";
import { adminQuestionsCalls, questionsCalls } from "../../../contract/calls.questions";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** Spec section 7 "Other": the caller's questions and answers only. */
export async function questionsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.questions;
  serve(app, questionsCalls.list, ({ caller, query }) => service.list(caller.userId, query));
  serve(app, questionsCalls.answers, ({ caller, query }) => service.answers(caller.userId, query));
  serve(app, questionsCalls.answer, ({ caller, params, body }) => service.answer(caller.userId, params.id, body));
}

/** The operators' questions: the admin token (the CLI) or an operator's session, each change written to the audit log. */
export async function adminQuestionsRoutes(app: FastifyInstance): Promise<void> {
  const { grading } = app.services;
  serve(app, adminQuestionsCalls.add, ({ params, body, request }) =>
    grading.add(params.raceId, body, operatorOf(request)),
  );
  serve(app, adminQuestionsCalls.list, ({ params }) => grading.list(params.raceId));
  serve(app, adminQuestionsCalls.grade, ({ params, body, request }) =>
    grading.grade(params.id, body.answer, operatorOf(request)),
  );
  serve(app, adminQuestionsCalls.gradeFromResults, ({ params, request }) =>
    grading.gradeFromResults(params.raceId, operatorOf(request)),
  );
}
