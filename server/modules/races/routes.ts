import type { FastifyInstance } from "fastify";
import { racesCalls, ridersCalls } from "../../../contract/calls.races";
import { ACCEPT_YEAR_HEADER, YearHeader } from "../../../contract/races";
import { serve } from "../../http/route";
import { validationError } from "../../http/errors";
import { authService } from "../auth/service";
import { raceService } from "./raceService";
import { riderService } from "./riderService";

/** Spec section 7, "Races and riders": the calendar, riders and teams, all public. */
export async function racesRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const races = raceService(app.deps);
  const riders = riderService(app.deps);

  serve(app, verify, racesCalls.list, ({ query }) => races.list(query.page, query.take));
  serve(app, verify, racesCalls.next, ({ query }) => races.next(query.take));
  serve(app, verify, racesCalls.tracks, () => races.tracks());
  serve(app, verify, racesCalls.dropdown, () => races.dropdown());
  serve(app, verify, racesCalls.riders, ({ params, query }) => races.riders(params.id!, query.raceClass));

  serve(app, verify, ridersCalls.dropdown, ({ query }) => riders.dropdown(query.raceClass));
  serve(app, verify, ridersCalls.list, ({ query }) => riders.list(query));
  serve(app, verify, ridersCalls.byId, ({ params }) => riders.byId(params.id!));
  serve(app, verify, ridersCalls.performances, ({ params, request, reply }) => {
    const header = YearHeader.safeParse({ [ACCEPT_YEAR_HEADER]: request.headers[ACCEPT_YEAR_HEADER] || undefined });
    if (!header.success) throw validationError(header.error);
    // The answer depends on the header: shared caches must keep one copy per year.
    reply.header("vary", ACCEPT_YEAR_HEADER);
    return riders.performances(params.id!, header.data[ACCEPT_YEAR_HEADER]);
  });
  serve(app, verify, ridersCalls.teamPictures, ({ params }) => riders.teamPictures(params.id!));
  serve(app, verify, ridersCalls.teams, ({ query }) => riders.teams(query.raceClass));
}
