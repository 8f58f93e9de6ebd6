import { useQueryClient } from "@tanstack/react-query";
import { useLiveEvent } from "../../app/live";
import { useNewNotices } from "../../app/newNotices";
import { predictionKeys } from "../../api/predictions";
import { raceKeys } from "../../api/races";

const INJURED = ["INJURED_RIDER_PREDICTIONS", "INJURED_RIDER_BOTH"] as const;

/**
 * What changes what the weekend shows: an injured rider (the picks on them were refunded and must be chosen
 * again; a stored notice, so one that came while the socket was down counts too) and the race clock's session
 * events (a session started, ended or was canceled).
 */
export function useWeekendLive(userId: string, raceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: predictionKeys.race(userId, raceId) });
    void queryClient.invalidateQueries({ queryKey: raceKeys.all });
  };
  useNewNotices(INJURED, refresh);
  useLiveEvent("races", (event) => {
    if (event.raceId === raceId) refresh();
  });
}
