import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { Notification } from "../../../contract/notifications";
import { useLiveEvent } from "../../app/live";
import { leagueKeys } from "../../api/leagues";

/** What one league event makes stale: that league (members, board, link) and every league list. */
export function invalidateForLeagueEvent(queryClient: QueryClient, notification: Notification | undefined) {
  const leagueId = notification?.value?.league?.id;
  if (leagueId) void queryClient.invalidateQueries({ queryKey: leagueKeys.one(leagueId) });
  for (const queryKey of [["leagues", "list"], leagueKeys.vip, ["leagues", "user"], leagueKeys.manage]) {
    void queryClient.invalidateQueries({ queryKey });
  }
  // An event without a league (should not happen) refreshes everything the league screens show.
  if (!leagueId) void queryClient.invalidateQueries({ queryKey: leagueKeys.all });
}

/**
 * Spec section 7's live league events: an invitation, a membership request, a member's status change
 * and a member's removal update the league screens without a reload.
 */
export function useLeagueLive() {
  const queryClient = useQueryClient();
  const refresh = (notification: Notification) => invalidateForLeagueEvent(queryClient, notification);
  useLiveEvent("league-invitation", refresh);
  useLiveEvent("membership-requested", refresh);
  useLiveEvent("member-status-changed", refresh);
  useLiveEvent("member-deleted", refresh);
}
