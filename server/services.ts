import type { AppDeps } from "./http/deps";
import { authService } from "./modules/auth/service";
import { betsService } from "./modules/bets/service";
import { calendarService } from "./modules/calendar/service";
import { oddsService } from "./modules/bets/odds";
import { demoBetsService } from "./modules/bets/demoBets";
import { demoPlayersService } from "./modules/dev/demoPlayers";
import { gurusService } from "./modules/gurus/service";
import { demoGurusService } from "./modules/gurus/demoGurus";
import { leaguesService } from "./modules/leagues/service";
import { newsService } from "./modules/news/service";
import { predictionsRepository } from "./modules/predictions/repository";
import { predictionsService } from "./modules/predictions/service";
import { prizesService } from "./modules/prizes/service";
import { pushService } from "./modules/push/service";
import { questionsService } from "./modules/questions/service";
import { gradingService } from "./modules/questions/grading";
import { controlRead } from "./modules/raceControl/controlRead";
import { correctionService } from "./modules/raceControl/correctionService";
import { entryService } from "./modules/raceControl/entryService";
import { moveService } from "./modules/raceControl/moveService";
import { raceService } from "./modules/races/raceService";
import { riderService } from "./modules/races/riderService";
import { boardReads } from "./modules/results/boards";
import { confirmationService } from "./modules/results/confirmation";
import { injuryService } from "./modules/results/injury";
import { settlementService } from "./modules/results/settlement";
import { seasonService } from "./modules/season/service";
import { analyticsService } from "./modules/staff/analytics";
import { reportsService } from "./modules/staff/reports";
import { packsAdmin } from "./modules/store/packs";
import { storeService } from "./modules/store/service";
import { paymentsFromEnv } from "./modules/store/settings";
import { systemService } from "./modules/system/service";
import { usersService } from "./modules/users/service";

/**
 * Every service of the app, each built once from the app's dependencies, the ones others use first and handed to
 * them (the composition root: buildApp decorates the app with it, and a route plugin only picks what it serves).
 * Building one is making closures over `deps`, nothing more: the development-only services are built in production
 * too, and never reached there (their routes are not registered).
 */
export function buildServices(deps: AppDeps) {
  const confirmations = confirmationService(deps);
  const injuries = injuryService(deps);
  const bets = betsService(deps);
  const payments = paymentsFromEnv(deps);
  return {
    auth: authService(deps),
    users: usersService(deps),
    system: systemService(deps),
    races: raceService(deps),
    riders: riderService(deps),
    leagues: leaguesService(deps),
    predictions: predictionsService(deps, predictionsRepository(deps)),
    boards: boardReads(deps.db.db, deps.clock),
    settlement: settlementService(deps),
    injuries,
    confirmations,
    corrections: correctionService(deps, confirmations),
    entries: entryService(deps, injuries),
    moves: moveService(deps),
    control: controlRead(deps),
    bets,
    odds: oddsService(deps),
    payments,
    store: storeService(deps, payments.provider),
    packs: packsAdmin(deps),
    questions: questionsService(deps),
    grading: gradingService(deps),
    prizes: prizesService(deps, confirmations),
    gurus: gurusService(deps),
    news: newsService(deps),
    calendar: calendarService(deps),
    push: pushService(deps),
    analytics: analyticsService(deps),
    reports: reportsService(deps),
    season: seasonService(deps),
    demoPlayers: demoPlayersService(deps),
    demoBets: demoBetsService(deps, bets),
    demoGurus: demoGurusService(deps),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}
