import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { metricsCalls } from "../../../contract/calls.health";
import { AppError } from "../../http/errors";

// Hashed first so the comparison takes as long whatever the length of what was sent.
const digest = (value: string) => createHash("sha256").update(value).digest();

/** GET /api/metrics for the scraper (docs/operations.md): one line in server/app.ts. */
export async function metricsModule(app: FastifyInstance): Promise<void> {
  const { metrics, config } = app.deps;
  const expected = config.metricsToken ? digest(config.metricsToken) : undefined;
  app.get(metricsCalls.metrics.path, async (request, reply) => {
    // Served on every server so the catalogue matches what is served; without a token there is nothing to show.
    if (!metrics || !expected) throw new AppError(404, "notFound");
    const sent = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim();
    if (!sent || !timingSafeEqual(digest(sent), expected)) throw new AppError(401, "unauthorized");
    return reply
      .header("content-type", metrics.registry.contentType)
      .header("cache-control", "no-store")
      .send(await metrics.registry.metrics());
  });
}
