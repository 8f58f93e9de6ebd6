import { useQueryClient } from "@tanstack/react-query";
import { leaderboardKeys, predictionKeys, resultKeys } from "../../api/queryKeys";
import { useLiveEvent } from "../../app/live";

/** A RESULTS_PUBLISHED notification means new classifications and points: read the results and boards again. */
export function useResultsLive(userId: string | undefined) {
  const queryClient = useQueryClient();
  useLiveEvent("notifications", (list) => {
    if (!list.some((n) => n.type === "RESULTS_PUBLISHED")) return;
    void queryClient.invalidateQueries({ queryKey: resultKeys.all });
    void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all });
    if (userId) void queryClient.invalidateQueries({ queryKey: predictionKeys.resultsOf(userId) });
  });
}
