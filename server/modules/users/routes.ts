import type { FastifyInstance } from "fastify";
import { usersCalls } from "../../../contract/calls";
import { serve } from "../../http/route";

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const { users } = app.services;
  const ok = { ok: true as const };

  serve(app, usersCalls.profile, ({ caller }) => users.profile(caller.userId), {
    allowedWhileMustChangePassword: true,
  });
  serve(app, usersCalls.update, ({ caller, body, request }) =>
    users.update(caller.userId, body, (request.body ?? {}) as Record<string, unknown>),
  );
  serve(app, usersCalls.players, ({ query, caller }) => users.players(query, caller?.userId));
  serve(app, usersCalls.favorite, ({ caller, params }) => users.setFollow(caller.userId, params.id, true));
  serve(app, usersCalls.unfavorite, ({ caller, params }) => users.setFollow(caller.userId, params.id, false));
  serve(app, usersCalls.addNoteEmail, async ({ caller, body }) => {
    await users.addNoteEmail(caller.userId, body.email);
    return ok;
  });
  serve(app, usersCalls.publicProfile, ({ params, caller }) => users.publicProfile(params.id, caller?.userId));
  serve(app, usersCalls.deleteAccount, async ({ caller }) => {
    await users.remove(caller.userId);
    return ok;
  });
}
