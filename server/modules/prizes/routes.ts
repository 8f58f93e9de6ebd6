import type { FastifyInstance } from "fastify";
import { adminPrizesCalls, prizesCalls } from "../../../contract/calls.prizes";
import { adminGuard } from "../../http/adminGuard";
import { serve } from "../../http/route";
import { prizesService } from "./service";

/** Spec section 7 "Other": GET /prizes, and the draw's published ticket list. */
export async function prizesRoutes(app: FastifyInstance): Promise<void> {
  const service = prizesService(app.deps);
  serve(app, prizesCalls.prizes, ({ caller, query }) => service.view(caller.userId, query.season));
  serve(app, prizesCalls.drawTickets, ({ query }) => service.tickets(query.season, query.page, query.take));
}

/** The operators' draw, behind the admin token (registered only when the server has one). */
export async function adminPrizesRoutes(app: FastifyInstance): Promise<void> {
  const expected = app.deps.config.adminToken;
  if (!expected) return;
  const service = prizesService(app.deps);
  const guarded = { routeOptions: { onRequest: adminGuard(expected) } };
  serve(app, adminPrizesCalls.commitDraw, ({ body }) => service.commit(body.season, body.commitment), guarded);
  serve(app, adminPrizesCalls.runDraw, ({ body }) => service.draw(body.season, body.seed), guarded);
}
