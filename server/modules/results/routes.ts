import type { FastifyInstance } from "fastify";
import { adminCalls, resultsCalls } from "../../../contract/calls.results";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** Classifications and leaderboards: public reads; `me` comes with a bearer token. */
export async function resultsRoutes(app: FastifyInstance): Promise<void> {
  const boards = app.services.boards;
  serve(app, resultsCalls.race, ({ params }) => boards.classifications(params.raceId));
  serve(app, resultsCalls.season, ({ query, caller }) =>
    boards.season(query.season, query.page, query.take, caller?.userId),
  );
  serve(app, resultsCalls.raceBoard, ({ params, query, caller }) =>
    boards.race(params.raceId, query.page, query.take, caller?.userId),
  );
}

/** Operator calls, behind the operator guard: the admin token (the command line) or an operator's own session (the browser). */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { settlement } = app.services;
  const { injuries } = app.services;
  serve(app, adminCalls.enterResult, ({ params, body, request }) =>
    settlement.enter(params.raceId, body, operatorOf(request)),
  );
  serve(app, adminCalls.injure, ({ params, body, request }) =>
    injuries.injure(params.riderId, body.raceId, operatorOf(request)),
  );
}
