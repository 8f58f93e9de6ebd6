import Fastify, { LogController, type FastifyInstance } from "fastify";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import { API_PREFIX } from "../contract/calls";
import { authenticate } from "./http/authenticate";
import { AppError, clientErrorHandler, frameworkErrors, installErrorHandling, sendError } from "./http/errors";
import { appDeps, type BaseDeps } from "./http/deps";
import { allowedMethods, installGuards } from "./http/guards";
import { loggerOptions, type LogOptions } from "./http/logging";
import {
  DEFAULT_SLOW_REQUEST_MS,
  installRequestLog,
  REQUEST_ID_LOG_LABEL,
  requestIdGenerator,
} from "./http/requestLog";
import { serveSpa } from "./http/spa";
import { installJsonCompression } from "./http/compress";
import { installSecurityHeaders } from "./http/securityHeaders";
import { authRoutes } from "./modules/auth/routes";
import { devRoutes } from "./modules/dev/routes";
import { systemRoutes } from "./modules/system/routes";
import { usersRoutes } from "./modules/users/routes";
import { notificationsModule } from "./modules/notifications";
import { diamondsModule } from "./modules/diamonds";
import { racesModule } from "./modules/races";
import { leaguesModule } from "./modules/leagues";
import { uploadsModule } from "./modules/uploads";
import { predictionsModule } from "./modules/predictions";
import { resultsModule } from "./modules/results";
import { betsModule } from "./modules/bets";
import { questionsModule } from "./modules/questions";
import { prizesModule } from "./modules/prizes";
import { gurusModule } from "./modules/gurus";
import { staffModule } from "./modules/staff";
import { newsModule } from "./modules/news";
import { calendarModule } from "./modules/calendar";
import { pushModule } from "./modules/push";
import { openApiRoutes } from "./openapi/routes";
import { storeModule } from "./modules/store";
import { attachSessionCache } from "./modules/auth/sessionCache";
import { healthModule } from "./modules/health";
import { metricsModule } from "./modules/metrics";
import { operatorRoutes } from "./modules/operatorRoutes";
import { buildServices } from "./services";
import { createMetrics, installHttpMetrics } from "./metrics";

export type { AppDeps } from "./http/deps";

/** The whole HTTP app from its dependencies, not listening: tests call `app.inject()`. */
export async function buildApp(base: BaseDeps, options: { logger?: LogOptions } = {}): Promise<FastifyInstance> {
  const deps = appDeps(base);
  const app = Fastify({
    logger: options.logger ? loggerOptions(options.logger) : false,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
    // Requests that arrive while closing get the contract's 503 (installErrorHandling), not Fastify's body without a code.
    return503OnClosing: false,
    // requestIdGenerator reads and validates x-request-id itself; Fastify's own reading would take it unchecked.
    requestIdHeader: false,
    genReqId: requestIdGenerator(deps.config.trustProxy),
    logController: new LogController({ requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
  });
  // Each app its own registry (server/metrics.ts), never one that came in with deps another app was built with.
  const metrics = deps.config.metricsToken ? createMetrics(deps) : undefined;
  app.decorate("deps", { ...deps, metrics });
  // Every service once, from the deps the routes see (the metrics included): route plugins pick from it.
  app.decorate("services", buildServices(app.deps));
  installRequestLog(app, deps.config.slowRequestMs ?? DEFAULT_SLOW_REQUEST_MS);
  if (metrics) installHttpMetrics(app, metrics);
  installErrorHandling(app);
  installGuards(app);
  installJsonCompression(app);
  await installSecurityHeaders(app);
  await app.register(fastifyCookie, { secret: deps.config.jwtRefreshSecret });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, "tooManyRequests"),
  });

  await app.register(
    async (api) => {
      // Every API call is authenticated once, here, for all the areas below (revocations from memory, sessionCache.ts).
      await attachSessionCache(deps.db);
      authenticate(api, app.services.auth.tokens.verifyAccess);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(systemRoutes);
      await api.register(notificationsModule);
      await api.register(diamondsModule);
      await api.register(racesModule);
      await api.register(leaguesModule);
      await api.register(uploadsModule);
      await api.register(predictionsModule);
      await api.register(resultsModule);
      await api.register(betsModule);
      await api.register(storeModule);
      await api.register(questionsModule);
      await api.register(prizesModule);
      await api.register(gurusModule);
      await api.register(staffModule);
      await api.register(newsModule);
      await api.register(calendarModule);
      await api.register(pushModule);
      await api.register(operatorRoutes);
      await api.register(healthModule);
      await api.register(metricsModule);
      await api.register(openApiRoutes);
      if (!deps.config.production) await api.register(devRoutes);
    },
    { prefix: API_PREFIX },
  );

  const sendSpaIndex = await serveSpa(app, deps.spaDir);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0]!;
    // Client-side routes (/profile, /leagues/…, /404) all load the SPA, which shows its own not-found page.
    if (
      sendSpaIndex &&
      (request.method === "GET" || request.method === "HEAD") &&
      path !== API_PREFIX &&
      !path.startsWith(`${API_PREFIX}/`)
    ) {
      return sendSpaIndex(request, reply);
    }
    const allow = allowedMethods(app, request);
    if (allow.length) return sendError(reply.header("allow", allow.join(", ")), new AppError(405, "methodNotAllowed"));
    return sendError(reply, new AppError(404, "notFound"));
  });
  return app;
}
