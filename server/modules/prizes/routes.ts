import type { FastifyInstance } from "fastify";
import { adminPrizesCalls, prizesCalls } from "../../../contract/calls.prizes";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/** Spec section 7 "Other": GET /prizes, and the draw's published ticket list. */
export async function prizesRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.prizes;
  serve(app, prizesCalls.prizes, ({ caller, query }) => service.view(caller.userId, query.season));
  serve(app, prizesCalls.drawTickets, ({ query }) => service.tickets(query.season, query.page, query.take));
}

/** The operators' draw: the admin token (the CLI) or an operator's session, each step written to the audit log. */
export async function adminPrizesRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.prizes;
  serve(app, adminPrizesCalls.commitDraw, ({ body, request }) =>
    service.commit(body.season, body.commitment, operatorOf(request)),
  );
  serve(app, adminPrizesCalls.runDraw, ({ body, request }) =>
    service.draw(body.season, body.seed, operatorOf(request)),
  );
}
