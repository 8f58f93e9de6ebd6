import type { FastifyInstance } from "fastify";
import { operationsCalls } from "../../../contract/calls.operations";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** Race control's timeline and session moves (game-rules.md "Sessions move"): the admin token or an operator's session. */
export async function moveRoutes(app: FastifyInstance): Promise<void> {
  const reads = app.services.control;
  const { moves } = app.services;
  serve(app, operationsCalls.control, ({ params }) => reads.control(params.raceId));
  serve(app, operationsCalls.moveSession, ({ params, body, request }) =>
    moves.move(params.raceId, params.session, body, operatorOf(request)),
  );
}
