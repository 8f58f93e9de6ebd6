import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { AppError } from "./errors";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The operators' `onRequest` hook: the x-admin-token header must carry the server's ADMIN_TOKEN. */
export const adminGuard = (expected: string) => async (request: FastifyRequest) => {
  const given = request.headers[ADMIN_TOKEN_HEADER];
  if (typeof given !== "string" || !sameSecret(given, expected)) throw new AppError(401, "unauthorized");
};
