import { useQuery } from "@tanstack/react-query";
import { getLinks, systemKeys } from "../../api/system";

/** The operator's external links (stores, contact, help centre), shared with the footer's cache entry. */
export function useLinks() {
  return useQuery({ queryKey: systemKeys.links, queryFn: ({ signal }) => getLinks(signal) });
}
