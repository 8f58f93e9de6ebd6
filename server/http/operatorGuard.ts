import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { rolesOf } from "../modules/staff/roles";
import type { AppDeps } from "./deps";
import { AppError } from "./errors";
import type { Operator } from "./operator";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const operators = new WeakMap<FastifyRequest, Operator>();

/**
 * The operator calls' `preHandler` (after the scope's `authenticate`): the x-admin-token header with the server's
 * ADMIN_TOKEN (the command line), or a signed-in caller who holds the operator role (race control in the browser).
 * Anything else answers 401 (no credentials) or 403 (a player, or staff without the operator role).
 */
export const operatorGuard = (deps: Pick<AppDeps, "db" | "config">) => async (request: FastifyRequest) => {
  const given = request.headers[ADMIN_TOKEN_HEADER];
  const expected = deps.config.adminToken;
  if (typeof given === "string") {
    if (!expected || !sameSecret(given, expected)) throw new AppError(401, "unauthorized");
    operators.set(request, { userId: null, channel: "cli" });
    return;
  }
  const caller = request.caller;
  if (!caller) throw new AppError(401, "unauthorized");
  if (caller.mustChangePassword) throw new AppError(403, "mustChangePassword");
  const roles = await rolesOf(deps.db.db, caller.userId);
  if (!roles.includes("operator")) throw new AppError(403, "forbidden");
  operators.set(request, { userId: caller.userId, channel: "browser" });
};

/** The operator the guard let through (a route behind operatorGuard only). */
export function operatorOf(request: FastifyRequest): Operator {
  const operator = operators.get(request);
  if (!operator) throw new Error("operatorOf: the route is not behind operatorGuard");
  return operator;
}
