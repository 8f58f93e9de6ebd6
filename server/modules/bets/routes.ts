import type { FastifyInstance } from "fastify";
import { adminBetsCalls, betsCalls, devBetsCalls } from "../../../contract/calls.bets";
import { operatorOf } from "../../http/operatorGuard";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";

/** Spec section 7 "Bets": the caller's own bets only. */
export async function betsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.bets;
  serve(app, betsCalls.race, ({ caller, params }) => service.view(caller.userId, params.raceId));
  // Spec section 8: a bad rider, type or amount is 'Your bet is incorrect', whichever field it is.
  serve(app, betsCalls.place, ({ caller, params, body }) => service.placeAndView(caller.userId, params.raceId, body), {
    invalidBody: () => new AppError(400, "betIncorrect"),
  });
}

/** The operators' odds: the admin token (the CLI) or an operator's session, each set written to the audit log. */
export async function adminBetsRoutes(app: FastifyInstance): Promise<void> {
  const { odds } = app.services;
  serve(app, adminBetsCalls.setOdds, ({ params, body, request }) => odds.set(params.raceId, body, operatorOf(request)));
}

/** Development only: demo players' bets (the simulator). */
export async function devBetsRoutes(app: FastifyInstance): Promise<void> {
  const demo = app.services.demoBets;
  serve(app, devBetsCalls.demoBets, ({ body }) => demo.place(body.raceId, body.playerIds));
}
