import { useQuery } from "@tanstack/react-query";
import { getLinks, systemKeys } from "../../api/system";

/** The operator's external links (help centre, legal pages, social channels, stores). */
export function useSystemLinks() {
  return useQuery({ queryKey: systemKeys.links, queryFn: ({ signal }) => getLinks(signal) }).data;
}
