import type { FastifyInstance } from "fastify";
import { operationsCalls } from "../../../contract/calls.operations";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** The entry list (game-rules.md "The entry list changes"): substitutes and wildcards, for operators. */
export async function entryRoutes(app: FastifyInstance): Promise<void> {
  const { entries } = app.services;
  serve(app, operationsCalls.addEntry, ({ params, body, request }) =>
    entries.add(params.raceId, body, operatorOf(request)),
  );
}
