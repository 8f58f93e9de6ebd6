import type { FastifyInstance } from "fastify";
import { systemCalls } from "../../../contract/calls";
import { serve } from "../../http/route";
import { authService } from "../auth/service";
import { systemService } from "./service";

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const system = systemService(app.deps);
  serve(app, verify, systemCalls.countries, async () => system.countries());
  serve(app, verify, systemCalls.seasons, () => system.seasons());
  serve(app, verify, systemCalls.links, async () => system.links());
  serve(app, verify, systemCalls.news, ({ query }) => system.news(query.page, query.take));
  serve(app, verify, systemCalls.newsPageNext, ({ query }) => system.newsPageNext(query.langCode));
}
