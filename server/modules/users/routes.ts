import type { FastifyInstance } from "fastify";
import { usersCalls } from "../../../contract/calls";
import { authService } from "../auth/service";
import { serve } from "../../http/route";
import { usersService } from "./service";

export async function usersRoutes(app: FastifyInstance): Promise<void> {
  const verify = authService(app.deps).tokens.verifyAccess;
  const users = usersService(app.deps);
  const ok = { ok: true as const };

  serve(app, verify, usersCalls.profile, ({ caller }) => users.profile(caller.userId), { allowedWhileMustChangePassword: true });
  serve(app, verify, usersCalls.update, ({ caller, body, request }) => users.update(caller.userId, body, (request.body ?? {}) as Record<string, unknown>));
  serve(app, verify, usersCalls.players, ({ query, caller }) => users.players(query, caller?.userId));
  serve(app, verify, usersCalls.favorite, ({ caller, params }) => users.setFollow(caller.userId, params.id!, true));
  serve(app, verify, usersCalls.unfavorite, ({ caller, params }) => users.setFollow(caller.userId, params.id!, false));
  serve(app, verify, usersCalls.addNoteEmail, async ({ caller, body }) => {
    await users.addNoteEmail(caller.userId, body.email);
    return ok;
  });
  serve(app, verify, usersCalls.publicProfile, ({ params, caller }) => users.publicProfile(params.id!, caller?.userId));
  serve(app, verify, usersCalls.deleteAccount, async ({ caller }) => {
    await users.remove(caller.userId);
    return ok;
  });
}
