import { queryOptions, useQuery } from "@tanstack/react-query";
import { systemCalls } from "../../contract/calls";
import { request } from "./client";

// The guru speak show's newest episode for a language (GET /system/news-page/next?langCode).

export const newsKeys = { pageNext: (langCode: string) => ["news", "page-next", langCode] as const };

export const newsPageNextQuery = (langCode: string) =>
  queryOptions({
    queryKey: newsKeys.pageNext(langCode),
    queryFn: ({ signal }) => request(systemCalls.newsPageNext, { query: { langCode }, signal }),
    staleTime: 15 * 60_000,
  });
export const useNewsPageNext = (langCode: string) => useQuery(newsPageNextQuery(langCode));
