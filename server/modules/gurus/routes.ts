import type { FastifyInstance } from "fastify";
import { devGurusCalls, gurusCalls } from "../../../contract/calls.gurus";
import { serve } from "../../http/route";

export async function gurusRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.gurus;
  serve(app, gurusCalls.playerPicks, ({ caller, params }) =>
    service.playerPicks(caller.userId, params.id, params.raceId),
  );
  serve(app, gurusCalls.followedPicks, ({ caller, params }) => service.followedPicks(caller.userId, params.raceId));
}

/** Development only: the demo gurus' picks (the simulator). */
export async function devGurusRoutes(app: FastifyInstance): Promise<void> {
  const demo = app.services.demoGurus;
  serve(app, devGurusCalls.guruPicks, ({ body }) => demo.pickRace(body.raceId));
}
