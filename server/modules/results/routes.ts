import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ADMIN_TOKEN_HEADER, adminCalls, resultsCalls } from "../../../contract/calls.results";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { authService } from "../auth/service";
import { boardReads } from "./boards";
import { injuryService } from "./injury";
import { settlementService } from "./settlement";

/** Classifications and leaderboards: public reads; `me` comes with a bearer token. */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const boards = boardReads(app.deps.db.db);
  serve(app, verify, resultsCalls.race, ({ params }) => boards.classifications(params.raceId!));
  serve(app, verify, resultsCalls.season, ({ query, caller }) => boards.season(query.season, query.page, query.take, caller?.userId));
  serve(app, verify, resultsCalls.raceBoard, ({ params, query, caller }) => boards.race(params.raceId!, query.page, query.take, caller?.userId));
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Operator calls, behind the admin token (registered only when the server has one). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const expected = app.deps.config.adminToken;
  if (!expected) return;
  const verify = authService(app.deps).tokens.verifyAccess;
  const guard = async (request: FastifyRequest) => {
    const given = request.headers[ADMIN_TOKEN_HEADER];
    if (typeof given !== "string" || !sameSecret(given, expected)) throw new AppError(401, "unauthorized");
  };
  const settlement = settlementService(app.deps);
  const injuries = injuryService(app.deps);
  const options = { routeOptions: { onRequest: guard } };
  serve(app, verify, adminCalls.enterResult, ({ params, body }) => settlement.enter(params.raceId!, body), options);
  serve(app, verify, adminCalls.injure, ({ params, body }) => injuries.injure(params.riderId!, body.raceId), options);
}
