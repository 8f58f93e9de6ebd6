import type { FastifyInstance } from "fastify";
import { pushCalls } from "../../../contract/calls.push";
import { serve } from "../../http/route";

/** Web Push (docs/push.md): the public key, the signed-in player's subscriptions and preferences. */
export async function pushModule(app: FastifyInstance): Promise<void> {
  const { push } = app.services;
  serve(app, pushCalls.key, () => push.key());
  serve(app, pushCalls.subscribe, ({ caller, body }) => push.subscribe(caller.userId, body));
  serve(app, pushCalls.unsubscribe, ({ caller, body }) => push.unsubscribe(caller.userId, body.endpoint));
  serve(app, pushCalls.preferences, ({ caller }) => push.preferences(caller.userId));
  serve(app, pushCalls.setPreferences, ({ caller, body }) => push.setPreferences(caller.userId, body));
}
