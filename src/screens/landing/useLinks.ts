import { useQuery } from "@tanstack/react-query";
import { apiKeys } from "../../api/queryKeys";
import { getLinks } from "../../api/system";

/** The operator's external links (stores, contact, help centre), shared with the footer's cache entry. */
export function useLinks() {
  return useQuery({ queryKey: apiKeys.links, queryFn: ({ signal }) => getLinks(signal) });
}
