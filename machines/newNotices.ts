import type { ActorRefFrom, SnapshotFrom } from "xstate";
import type { Notification } from "../contract/notifications";
import type { notificationsMachine } from "./notifications.machine";

type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;
type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;

/**
 * Calls `onNew` whenever the player's notifications gain one of `types` not seen before: pushed live, or found by
 * the reload that follows every reconnect (pushes sent while the socket was re-authenticating never arrive as
 * events). What the list holds when watching begins (or when its first load ends) is the baseline: a screen
 * that just mounted read fresh data anyway.
 */
export function watchNewNotices(
  actor: NotificationsActor,
  types: readonly string[],
  onNew: (fresh: Notification[]) => void,
  baseline?: () => ReadonlySet<string> | null,
): () => void {
  let seen: Set<string> | null = null;
  const observe = (snapshot: NotificationsSnapshot) => {
    if (snapshot.hasTag("signedOut")) {
      seen = null;
      return;
    }
    const wanted = snapshot.context.items.filter((n) => types.includes(n.type));
    if (seen === null) {
      if (snapshot.hasTag("loading")) return;
      // `baseline`: what an earlier moment (the first load) found; anything since is new even before watching began.
      const base = baseline?.();
      seen = new Set(wanted.filter((n) => !base || base.has(n.id)).map((n) => n.id));
      if (!base) return;
    }
    const fresh = wanted.filter((n) => !seen!.has(n.id));
    if (fresh.length === 0) return;
    for (const n of fresh) seen.add(n.id);
    onNew(fresh);
  };
  observe(actor.getSnapshot());
  const subscription = actor.subscribe(observe);
  return () => subscription.unsubscribe();
}
