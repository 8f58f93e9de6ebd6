import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Caller } from "./caller";

/** Verifies an access token: the caller it names, or null (unknown, expired, revoked). */
export type VerifyAccess = (token: string) => Promise<Caller | null>;

declare module "fastify" {
  interface FastifyRequest {
    /** Who is calling, from the bearer token: set once per request by `authenticate`; null for a guest. */
    caller: Caller | null;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header && /^Bearer\s+(.+)$/i.exec(header);
  return match ? match[1]!.trim() : undefined;
}

/**
 * Authenticates every request of a scope once (Fastify's plugin guide: decorate, then a hook): the bearer token,
 * when there is one, is verified before the route runs and its caller hangs on the request. Routes only read
 * `request.caller`; whether a call needs one is the catalogue's `auth` and `serve()` checks it.
 */
export function authenticate(scope: FastifyInstance, verify: VerifyAccess): void {
  scope.decorateRequest("caller", null);
  scope.addHook("preHandler", async (request) => {
    const token = bearer(request);
    request.caller = token ? await verify(token) : null;
  });
}
