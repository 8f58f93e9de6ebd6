import { useQuery } from "@tanstack/react-query";
import { apiKeys } from "../../api/queryKeys";
import { getLinks } from "../../api/system";

/** The operator's external links (help centre, legal pages, social channels, stores). */
export function useSystemLinks() {
  return useQuery({ queryKey: apiKeys.links, queryFn: ({ signal }) => getLinks(signal) }).data;
}
