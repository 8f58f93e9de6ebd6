import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { calendarCalls } from "../../../contract/calls.calendar";
import { serve } from "../../http/route";

/**
 * A feed is fetched by calendar apps, many players' through one provider's address, so it is counted per address
 * of the feed (its token's hash, the secret kept out of the limiter's store), as refresh tokens are.
 */
const perFeed = (request: FastifyRequest) => {
  const token = (request.params as { token?: unknown }).token;
  return `calendar|${createHash("sha256").update(String(token)).digest("base64url")}`;
};

/** GET/POST /api/calendar/link for the signed-in player, and the feed itself (docs/calendar.md). */
export async function calendarModule(app: FastifyInstance): Promise<void> {
  const { calendar } = app.services;
  serve(app, calendarCalls.link, ({ caller, reply }) => {
    reply.header("cache-control", "no-store");
    return calendar.link(caller.userId);
  });
  serve(app, calendarCalls.revoke, ({ caller }) => calendar.revoke(caller.userId));

  app.get<{ Params: { token: string } }>(
    calendarCalls.feed.path,
    {
      config: {
        rateLimit: {
          max: app.deps.config.rateLimitMax,
          timeWindow: 60_000,
          hook: "preHandler" as const,
          keyGenerator: perFeed,
        },
      },
    },
    async (request, reply) => {
      const { text, etag } = await calendar.feed(request.params.token);
      // Private: the feed says which sessions this player has not picked. Revalidated on each fetch by its ETag.
      reply
        .header("cache-control", "private, no-cache")
        .header("etag", etag)
        .header("x-content-type-options", "nosniff")
        .header("referrer-policy", "no-referrer");
      const match = request.headers["if-none-match"];
      if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag))
        return reply.status(304).send();
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="paddock-predictor.ics"')
        .send(text);
    },
  );
}
