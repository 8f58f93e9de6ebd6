import { useEffect, useRef } from "react";
import type { Notification } from "../../contract/notifications";
import { notificationsActor, type NotificationsActor } from "./appActor";

type NotificationsSnapshot = ReturnType<NotificationsActor["getSnapshot"]>;

/**
 * Calls `onNew` whenever the player's notifications gain one of `types` not seen before: pushed live, or found by
 * the reload that follows every reconnect (pushes sent while the socket was re-authenticating never arrive as
 * events). What the list holds when watching begins (or when its first load ends) is the baseline: a screen
 * that just mounted read fresh data anyway.
 */
export function watchNewNotices(actor: NotificationsActor, types: readonly string[], onNew: (fresh: Notification[]) => void): () => void {
  let seen: Set<string> | null = null;
  const observe = (snapshot: NotificationsSnapshot) => {
    if (snapshot.hasTag("signedOut")) {
      seen = null;
      return;
    }
    const wanted = snapshot.context.items.filter((n) => types.includes(n.type));
    if (seen === null) {
      if (!snapshot.hasTag("loading")) seen = new Set(wanted.map((n) => n.id));
      return;
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

/** `watchNewNotices` on the app's notifications while the component is mounted (the latest handler). */
export function useNewNotices(types: readonly string[], handler: (fresh: Notification[]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  const key = types.join(",");
  useEffect(() => watchNewNotices(notificationsActor, key.split(","), (fresh) => latest.current(fresh)), [key]);
}
