import type { FastifyInstance } from "fastify";
import { predictionsCalls } from "../../../contract/calls.predictions";
import { PredictionCategory } from "../../../contract/enums";
import { PREDICTION_TYPES_VERSION } from "../../../contract/predictions";
import { categoryPoints } from "../../../contract/rules";
import { mayReadLeagueStatistics } from "../../../contract/rules.statistics";
import { categorySession, podiumOf } from "../../../contract/weekendRules/structure";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";

/** Spec section 7 "Predictions" plus the upgrade purchase; the caller's own picks only. */
export async function predictionsRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.predictions;

  serve(app, predictionsCalls.types, async () => ({
    version: PREDICTION_TYPES_VERSION,
    types: PredictionCategory.options.map((category, order) => ({
      id: category,
      category,
      session: categorySession[category],
      points: categoryPoints[category],
      podium: podiumOf(category),
      order,
    })),
  }));
  serve(app, predictionsCalls.changeRules, async () => defaultWeekendRules);
  serve(app, predictionsCalls.race, ({ caller, params }) => service.view(caller.userId, params.raceId));
  serve(app, predictionsCalls.results, ({ caller, params }) => service.results(caller.userId, params.raceId));
  // Saves are the hot path (every player at a deadline): their answer is serialised from the schema.
  serve(
    app,
    predictionsCalls.save,
    ({ caller, params, body }) => service.save(caller.userId, params.raceId, body, "create"),
    { serializeFromSchema: true },
  );
  serve(
    app,
    predictionsCalls.change,
    ({ caller, params, body }) => service.save(caller.userId, params.raceId, body, "change"),
    { serializeFromSchema: true },
  );
  serve(app, predictionsCalls.buyUpgrade, ({ caller, params, body }) =>
    service.buyUpgrade(caller.userId, params.raceId, body),
  );
  serve(app, predictionsCalls.remove, async ({ caller, params }) => {
    await service.remove(caller.userId, params.id);
    return { ok: true as const };
  });
  serve(app, predictionsCalls.statistics, ({ params, query }) => service.statistics(params.raceId, query.typeId));
  // League statistics: 404 for an unknown league, 403 for a PRIVATE league to anyone but its accepted members.
  const { leagues } = app.services;
  serve(app, predictionsCalls.leagueStatistics, async ({ caller, params, query }) => {
    const league = await leagues.read(caller.userId, params.leagueId);
    if (!mayReadLeagueStatistics(league.type, league.memberStatus)) throw new AppError(403, "forbidden");
    return service.statistics(query.raceId, query.typeId, league.id);
  });
  serve(app, predictionsCalls.leagueRewards, ({ caller, params }) => leagues.rewards(caller.userId, params.leagueId));
}
