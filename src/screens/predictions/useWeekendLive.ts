import { useQueryClient } from "@tanstack/react-query";
import { predictionKeys, raceKeys } from "../../api/queryKeys";
import { useLiveEvent } from "../../app/live";

/**
 * The live events that change what the weekend shows: an injured rider (the picks on them were refunded and
 * must be chosen again) and the race clock's session events (a session started, ended or was canceled).
 */
export function useWeekendLive(userId: string, raceId: string) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: predictionKeys.race(userId, raceId) });
    void queryClient.invalidateQueries({ queryKey: raceKeys.all });
  };
  useLiveEvent("injured-rider-predictions", refresh);
  useLiveEvent("injured-rider-both", refresh);
  useLiveEvent("races", (event) => {
    if (event.raceId === raceId) refresh();
  });
}
