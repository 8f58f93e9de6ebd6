import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";

export const REQUEST_ID_HEADER = "x-request-id";
/** The label of the id on every log line of a request (Fastify's default, `reqId`, is less plain to search for). */
export const REQUEST_ID_LOG_LABEL = "requestId";
export const DEFAULT_SLOW_REQUEST_MS = 1000;

// Visible ASCII only: no spaces, no control characters, nothing a log line or an answer header could be split with.
const VALID_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Fastify's `genReqId`: the balancer's id when it sent a valid one, so its access log and ours name the same
 * request; otherwise a fresh UUID. Fastify's own `requestIdHeader` would take the header as it comes. The header is
 * read only behind a trusted proxy (TRUST_PROXY): facing clients directly, it would let anyone choose what is
 * written on our log lines.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const sent = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
    return typeof sent === "string" && VALID_ID.test(sent) ? sent : randomUUID();
  };
}

/**
 * Every answer carries its request's id (a support request can quote it), and a request slower than `slowMs` is
 * logged at warn with its route pattern (`/predictions/races/:raceId`, never the URL: ids and query strings stay
 * out, as server/http/logging.ts wants), method, status and duration.
 */
export function installRequestLog(app: FastifyInstance, slowMs: number): void {
  app.addHook("onSend", async (request, reply, payload) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const ms = reply.elapsedTime;
    if (ms < slowMs) return;
    request.log.warn(
      {
        slow: {
          method: request.method,
          route: request.routeOptions.url ?? "(no route)",
          statusCode: reply.statusCode,
          ms: Math.round(ms),
        },
      },
      "slow request",
    );
  });
}
