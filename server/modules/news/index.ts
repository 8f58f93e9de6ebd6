import type { FastifyInstance } from "fastify";
import { adminNewsCalls, devNewsCalls } from "../../../contract/calls.news";
import { adminGuard } from "../../http/adminGuard";
import { serve } from "../../http/route";
import { newsService } from "./service";

/** The operators' news (behind the admin token) and, outside production, the demo's items: one line in server/app.ts. */
export async function newsModule(app: FastifyInstance): Promise<void> {
  const service = newsService(app.deps);
  const expected = app.deps.config.adminToken;
  if (expected) serve(app, adminNewsCalls.addNews, ({ body }) => service.add(body), { routeOptions: { onRequest: adminGuard(expected) } });
  if (!app.deps.config.production) serve(app, devNewsCalls.demoNews, () => service.demo());
}
