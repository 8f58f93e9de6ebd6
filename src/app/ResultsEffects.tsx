import { useQueryClient } from "@tanstack/react-query";
import { getProfile } from "../api/users";
import { refreshAfterResults } from "../api/results";
import { authActor } from "../runtime/appActor";
import { useNewNotices } from "../runtime/newNotices";

/**
 * The header's "Earned points" are the signed-in profile's: read it again quietly. A failed background read
 * keeps the old figure (a failed *session* load signs out; this is not one).
 */
async function reloadOwnPoints(): Promise<void> {
  if (!authActor.getSnapshot().hasTag("signedIn")) return;
  try {
    const profile = await getProfile();
    if (authActor.getSnapshot().context.profile?.id === profile.id) authActor.send({ type: "auth.profile.updated", profile });
  } catch {
    // The next results or a reload bring the figure up to date.
  }
}

const RESULTS = ["RESULTS_PUBLISHED"] as const;

/** Mounted once in the app: new results refresh results, boards and the header's points on any screen. */
export function ResultsEffects() {
  const client = useQueryClient();
  useNewNotices(
    RESULTS,
    () => {
      void refreshAfterResults(client);
      void reloadOwnPoints();
    },
    { sinceFirstLoad: true },
  );
  return null;
}
