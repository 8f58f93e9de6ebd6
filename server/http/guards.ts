import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import type { MessageCode } from "../../contract/messages";
import { isSafePathParam } from "../../contract/text";
import { AppError } from "./errors";

// Refusals made before a route's handler runs: a body too large for the route (on its Content-Length,
// before reading it), a path parameter that cannot name anything, a method the path does not serve.

declare module "fastify" {
  interface FastifyContextConfig {
    /** The message of this route's 413 (POST /s3: fileTooLarge). */
    tooLarge?: MessageCode;
  }
}

/**
 * A declared body up to this size is read and thrown away after the 413, so the client finishes sending and
 * reads the answer (closing while a browser still sends makes it see a reset, not the 413). Beyond it the
 * connection closes: nobody honest sends that much.
 */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;

const METHODS: HTTPMethods[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

export function installGuards(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    const declared = Number(request.headers["content-length"]);
    const limit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit!;
    if (Number.isFinite(declared) && declared > limit) {
      if (declared > DRAIN_MAX_BYTES) reply.header("connection", "close");
      throw new AppError(413, request.routeOptions.config.tooLarge ?? "payloadTooLarge");
    }
    const params = (request.params ?? {}) as Record<string, string>;
    if (Object.values(params).some((value) => !isSafePathParam(value))) throw new AppError(404, "notFound");
  });
}

/** The methods a known path serves (empty for an unknown path): a request with another method gets 405. */
export function allowedMethods(app: FastifyInstance, request: FastifyRequest): HTTPMethods[] {
  const url = request.url.split("?")[0]!;
  return METHODS.filter((method) => method !== request.method && app.findRoute({ method, url }) !== null);
}
