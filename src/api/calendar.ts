import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { calendarCalls as calls } from "../../contract/calls.calendar";
import { request } from "./client";

// The player's calendar feed address (docs/calendar.md): read (made on the first ask) and revoked.

export const calendarKeys = { link: (userId: string) => ["calendar", "link", userId] as const };

export const calendarLinkQuery = (userId: string) =>
  queryOptions({
    queryKey: calendarKeys.link(userId),
    queryFn: ({ signal }) => request(calls.link, { signal }),
    // The address changes only when this player revokes it, and the revoke answers the new one.
    staleTime: Infinity,
  });
export const useCalendarLink = (userId: string) => useQuery(calendarLinkQuery(userId));

/** A new address in place of the old one, which stops working at once. */
export function useRevokeCalendarLink(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => request(calls.revoke),
    onSuccess: (result) => client.setQueryData(calendarKeys.link(userId), result),
  });
}
