import type { FastifyInstance } from "fastify";
import { adminCalls, resultsCalls } from "../../../contract/calls.results";
import { adminGuard } from "../../http/adminGuard";
import { serve } from "../../http/route";
import { boardReads } from "./boards";
import { injuryService } from "./injury";
import { settlementService } from "./settlement";

/** Classifications and leaderboards: public reads; `me` comes with a bearer token. */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const boards = boardReads(app.deps.db.db);
  serve(app, resultsCalls.race, ({ params }) => boards.classifications(params.raceId!));
  serve(app, resultsCalls.season, ({ query, caller }) => boards.season(query.season, query.page, query.take, caller?.userId));
  serve(app, resultsCalls.raceBoard, ({ params, query, caller }) => boards.race(params.raceId!, query.page, query.take, caller?.userId));
}

/** Operator calls, behind the admin token (registered only when the server has one). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const expected = app.deps.config.adminToken;
  if (!expected) return;
  const guard = adminGuard(expected);
  const settlement = settlementService(app.deps);
  const injuries = injuryService(app.deps);
  const options = { routeOptions: { onRequest: guard } };
  serve(app, adminCalls.enterResult, ({ params, body }) => settlement.enter(params.raceId!, body), options);
  serve(app, adminCalls.injure, ({ params, body }) => injuries.injure(params.riderId!, body.raceId), options);
}
