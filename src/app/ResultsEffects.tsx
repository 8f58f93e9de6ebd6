import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Notification } from "../../contract/notifications";
import { leaderboardKeys, predictionKeys, resultKeys } from "../api/queryKeys";
import { getProfile } from "../api/users";
import { authActor, notificationsActor, type NotificationsActor } from "./appActor";

type NotificationsSnapshot = ReturnType<NotificationsActor["getSnapshot"]>;

const resultNoticeIds = (items: readonly Notification[]) => items.filter((n) => n.type === "RESULTS_PUBLISHED").map((n) => n.id);

/**
 * Calls `onResults` whenever the player's notifications gain a RESULTS_PUBLISHED they had not seen: pushed live,
 * or found by the reload that follows a reconnect (pushes sent while the socket was re-authenticating never
 * arrive as events). The first list loaded after sign-in is the baseline: screens read fresh data then anyway.
 */
export function watchResultNotices(actor: NotificationsActor, onResults: () => void): () => void {
  let seen: Set<string> | null = null;
  const observe = (snapshot: NotificationsSnapshot) => {
    if (!snapshot.matches("active")) {
      seen = null;
      return;
    }
    const ids = resultNoticeIds(snapshot.context.items);
    if (seen === null) {
      if (!snapshot.matches({ active: "loading" })) seen = new Set(ids);
      return;
    }
    const fresh = ids.filter((id) => !seen!.has(id));
    if (fresh.length === 0) return;
    for (const id of fresh) seen.add(id);
    onResults();
  };
  observe(actor.getSnapshot());
  const subscription = actor.subscribe(observe);
  return () => subscription.unsubscribe();
}

/**
 * Everything a results entry changes: official classifications, every board (season, race, league), the player's
 * scored picks and any profile's statistics. Active screens read again; the rest just go stale.
 */
export async function refreshAfterResults(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: resultKeys.all }),
    client.invalidateQueries({ queryKey: leaderboardKeys.all }),
    client.invalidateQueries({ queryKey: predictionKeys.allResults }),
    client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "leagues" && q.queryKey[3] === "leaderboard" }),
    client.invalidateQueries({ predicate: (q) => q.queryKey[0] === "users" && q.queryKey[2] === "profile" }),
  ]);
}

/**
 * The header's "Earned points" are the signed-in profile's: read it again quietly. A failed background read
 * keeps the old figure (a failed *session* load signs out; this is not one).
 */
async function reloadOwnPoints(): Promise<void> {
  if (!authActor.getSnapshot().matches("signedIn")) return;
  try {
    const profile = await getProfile();
    if (authActor.getSnapshot().context.profile?.id === profile.id) authActor.send({ type: "auth.profile.updated", profile });
  } catch {
    // The next results or a reload bring the figure up to date.
  }
}

/** Mounted once in the app: new results refresh results, boards and the header's points on any screen. */
export function ResultsEffects() {
  const client = useQueryClient();
  useEffect(
    () =>
      watchResultNotices(notificationsActor, () => {
        void refreshAfterResults(client);
        void reloadOwnPoints();
      }),
    [client],
  );
  return null;
}
