import type { FastifyInstance } from "fastify";
import { racesCalls, ridersCalls } from "../../../contract/calls.races";
import { ACCEPT_YEAR_HEADER } from "../../../contract/races";
import { serve } from "../../http/route";
import { sharedHandler } from "../../http/sharedAnswers";

/** Spec section 7, "Races and riders": the calendar, riders and teams, all public. */
export async function racesRoutes(app: FastifyInstance): Promise<void> {
  const { races } = app.services;
  const { riders } = app.services;

  // What every open Predictions screen reads, the same for all: built once per version of the data and served
  // from memory with an ETag (server/http/sharedAnswers.ts).
  serve(
    app,
    racesCalls.list,
    sharedHandler(
      racesCalls.list,
      ({ query }) => `${query.page}/${query.take}`,
      ({ query }) => races.list(query.page, query.take),
    ),
  );
  serve(
    app,
    racesCalls.next,
    sharedHandler(
      racesCalls.next,
      ({ query }) => `${query.take}`,
      ({ query }) => races.next(query.take),
    ),
  );
  serve(app, racesCalls.tracks, () => races.tracks());
  serve(
    app,
    racesCalls.dropdown,
    sharedHandler(
      racesCalls.dropdown,
      () => "",
      () => races.dropdown(),
    ),
  );
  serve(
    app,
    racesCalls.riders,
    sharedHandler(
      racesCalls.riders,
      ({ params, query }) => `${params.id}/${query.raceClass}`,
      ({ params, query }) => races.riders(params.id, query.raceClass),
    ),
  );

  serve(app, ridersCalls.dropdown, ({ query }) => riders.dropdown(query.raceClass));
  serve(app, ridersCalls.list, ({ query }) => riders.list(query));
  serve(app, ridersCalls.byId, ({ params }) => riders.byId(params.id));
  // serve() read the header by the call's schema: an empty `accept-year:` is no year, refused, not "the current season".
  serve(app, ridersCalls.performances, ({ params, headers, reply }) => {
    // The answer depends on the header: shared caches must keep one copy per year.
    reply.header("vary", ACCEPT_YEAR_HEADER);
    return riders.performances(params.id, headers[ACCEPT_YEAR_HEADER]);
  });
  serve(app, ridersCalls.teamPictures, ({ params }) => riders.teamPictures(params.id));
  serve(app, ridersCalls.teams, ({ query }) => riders.teams(query.raceClass));
}
