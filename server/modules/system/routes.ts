import type { FastifyInstance } from "fastify";
import { systemCalls } from "../../../contract/calls";
import { serve } from "../../http/route";

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  const { system } = app.services;
  serve(app, systemCalls.countries, async () => system.countries());
  serve(app, systemCalls.seasons, () => system.seasons());
  serve(app, systemCalls.links, async () => system.links());
  serve(app, systemCalls.news, ({ query }) => system.news(query.page, query.take));
  serve(app, systemCalls.newsPageNext, ({ query }) => system.newsPageNext(query.langCode));
}
