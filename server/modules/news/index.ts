import type { FastifyInstance } from "fastify";
import { adminNewsCalls, devNewsCalls } from "../../../contract/calls.news";
import { operatorGuard, operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";
import { newsService } from "./service";

/** The operators' news (the admin token or an operator's session) and, outside production, the demo's items: one line in server/app.ts. */
export async function newsModule(app: FastifyInstance): Promise<void> {
  const service = newsService(app.deps);
  serve(app, adminNewsCalls.addNews, ({ body, request }) => service.add(body, operatorOf(request)), { routeOptions: { preHandler: operatorGuard(app.deps) } });
  if (!app.deps.config.production) serve(app, devNewsCalls.demoNews, () => service.demo());
}
