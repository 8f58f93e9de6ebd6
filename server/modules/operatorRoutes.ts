import type { FastifyInstance } from "fastify";
import { operatorGuard } from "../http/operatorGuard";
import { backupModule } from "./backup";
import { adminBetsRoutes } from "./bets/routes";
import { adminNewsRoutes } from "./news";
import { adminPrizesRoutes } from "./prizes/routes";
import { adminQuestionsRoutes } from "./questions/routes";
import { raceControlModule } from "./raceControl";
import { adminRoutes as adminResultsRoutes } from "./results/routes";
import { seasonModule } from "./season";
import { adminStoreRoutes } from "./store/routes";

/**
 * Every operator call, in one scope behind one guard: the admin token (the command line) or a signed-in operator's
 * session (race control in the browser). A call registered here cannot be served without the guard, and no route
 * outside needs to remember it.
 */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  app.addHook("preHandler", operatorGuard(app.deps));
  for (const routes of [
    adminResultsRoutes,
    adminBetsRoutes,
    adminStoreRoutes,
    adminQuestionsRoutes,
    adminPrizesRoutes,
    adminNewsRoutes,
    raceControlModule,
    seasonModule,
    backupModule,
  ]) {
    await app.register(routes);
  }
}
