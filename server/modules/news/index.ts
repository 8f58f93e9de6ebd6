import type { FastifyInstance } from "fastify";
import { adminNewsCalls, devNewsCalls } from "../../../contract/calls.news";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";
import { newsService } from "./service";

/** Outside production, the demo's news items. */
export async function newsModule(app: FastifyInstance): Promise<void> {
  const service = newsService(app.deps);
  if (!app.deps.config.production) serve(app, devNewsCalls.demoNews, () => service.demo());
}

/** The operators' news, in the operator scope. */
export async function adminNewsRoutes(app: FastifyInstance): Promise<void> {
  const service = newsService(app.deps);
  serve(app, adminNewsCalls.addNews, ({ body, request }) => service.add(body, operatorOf(request)));
}
