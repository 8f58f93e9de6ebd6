import { useQueryClient } from "@tanstack/react-query";
import type { Notification } from "../../../contract/notifications";
import { useLiveEvent } from "../../runtime/live";
import { invalidateForLeagueEvent } from "../../api/leagues";

/**
 * Spec section 7's live league events: an invitation, a membership request, a member's status change
 * and a member's removal update the league screens without a reload.
 */
export function useLeagueLive() {
  const queryClient = useQueryClient();
  const refresh = (notification: Notification) => invalidateForLeagueEvent(queryClient, notification.value?.league?.id);
  useLiveEvent("league-invitation", refresh);
  useLiveEvent("membership-requested", refresh);
  useLiveEvent("member-status-changed", refresh);
  useLiveEvent("member-deleted", refresh);
}
