import type { FastifyInstance } from "fastify";
import { notificationsCalls } from "../../../contract/calls.notifications";
import { LiveEvent } from "../../../contract/live";
import { serve } from "../../http/route";
import { notificationStore } from "../../live/notificationRepository";

/** Spec section 7's notifications over REST: the same changes the socket commands make, pushed to the player's other tabs. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const store = notificationStore(app.deps.db.db);
  const { live } = app.deps;

  serve(app, notificationsCalls.list, async ({ caller, query }) => store.list(caller.userId, query.take ?? 100));
  serve(app, notificationsCalls.read, async ({ caller, body }) => {
    const ids = await store.markRead(caller.userId, body.ids);
    if (ids.length) live.emit(LiveEvent.readNotification, { ids }, [caller.userId]);
    return { ok: true as const };
  });
  serve(app, notificationsCalls.deleteOne, async ({ caller, params }) => {
    const ids = await store.remove(caller.userId, [params.id]);
    if (ids.length) live.emit(LiveEvent.deleteNotification, { ids }, [caller.userId]);
    return { ok: true as const };
  });
  serve(app, notificationsCalls.deleteMany, async ({ caller, body }) => {
    const ids = await store.remove(caller.userId, body.ids);
    if (ids.length) live.emit(LiveEvent.deleteNotification, { ids }, [caller.userId]);
    return { ok: true as const };
  });
  serve(app, notificationsCalls.deleteAll, async ({ caller }) => {
    await store.removeAll(caller.userId);
    live.emit(LiveEvent.deleteAllNotification, {}, [caller.userId]);
    return { ok: true as const };
  });
}
