import type { FastifyInstance, FastifyRequest } from "fastify";
import { leaguesCalls } from "../../../contract/calls.leagues";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";

const found = <T>(value: T | null) => {
  if (value === null) throw new AppError(404, "notFound");
  return value;
};

export async function leaguesRoutes(app: FastifyInstance): Promise<void> {
  const { leagues } = app.services;
  const ok = { ok: true as const };
  // Invitations send mail to any address: limited per player like the account calls are per address.
  const mailLimit = {
    config: {
      rateLimit: {
        max: app.deps.config.rateLimitMax,
        timeWindow: 60_000,
        hook: "preHandler" as const,
        keyGenerator: (r: FastifyRequest) => r.headers.authorization ?? r.ip,
      },
    },
  };

  serve(app, leaguesCalls.create, ({ caller, body }) => leagues.create(caller.userId, body));
  serve(app, leaguesCalls.list, ({ caller, query }) => leagues.reads.list(caller.userId, query));
  serve(app, leaguesCalls.vip, ({ caller }) => leagues.reads.vip(caller.userId));
  serve(app, leaguesCalls.owner, ({ caller, query }) => leagues.reads.owned(caller.userId, query));
  serve(app, leaguesCalls.manage, ({ caller, query }) => leagues.reads.manage(caller.userId, query));
  serve(app, leaguesCalls.leaderboard, ({ caller, query }) => leagues.leaderboard(caller.userId, query));
  serve(app, leaguesCalls.useLink, ({ caller, body }) => leagues.useLink(caller.userId, body.data, body.signature));
  serve(app, leaguesCalls.user, ({ caller, params }) => leagues.reads.ofUser(caller.userId, params.userId));
  serve(app, leaguesCalls.one, async ({ caller, params }) => found(await leagues.reads.one(caller.userId, params.id)));
  serve(app, leaguesCalls.update, ({ caller, params, body }) => leagues.update(caller.userId, params.id, body));
  serve(app, leaguesCalls.remove, async ({ caller, params }) => {
    await leagues.remove(caller.userId, params.id);
    return ok;
  });
  serve(app, leaguesCalls.join, ({ caller, params }) => leagues.join(caller.userId, params.id));
  serve(app, leaguesCalls.members, ({ caller, params, query }) => leagues.members(caller.userId, params.id, query));
  serve(app, leaguesCalls.setMemberStatus, ({ caller, params, body }) =>
    leagues.setStatus(caller.userId, params.id, params.userId, body.status),
  );
  serve(app, leaguesCalls.removeMember, ({ caller, params }) =>
    leagues.removeMember(caller.userId, params.id, params.userId),
  );
  serve(app, leaguesCalls.link, ({ caller, params }) => leagues.link(caller.userId, params.id));
  serve(app, leaguesCalls.rewards, ({ caller, params }) => leagues.rewards(caller.userId, params.id));
  serve(
    app,
    leaguesCalls.invite,
    async ({ caller, params, body, request }) => {
      const { failed } = await leagues.invite(caller.userId, params.id, body);
      // The invitations are stored either way; a mail server that refused some is the operator's business.
      if (failed.length) request.log.warn({ failed: failed.length }, "league invitation mails not sent");
      return ok;
    },
    { routeOptions: mailLimit },
  );
}
