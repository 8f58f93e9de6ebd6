import type { FastifyInstance } from "fastify";
import { adminNewsCalls, devNewsCalls } from "../../../contract/calls.news";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** Outside production, the demo's news items. */
export async function newsModule(app: FastifyInstance): Promise<void> {
  const service = app.services.news;
  if (!app.deps.config.production) serve(app, devNewsCalls.demoNews, () => service.demo());
}

/** The operators' news, in the operator scope. */
export async function adminNewsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.news;
  serve(app, adminNewsCalls.addNews, ({ body, request }) => service.add(body, operatorOf(request)));
}
