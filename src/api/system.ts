import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type * as z from "zod";
import type { PageQuery } from "../../contract/common";
import { systemCalls } from "../../contract/calls";
import type { Country } from "../../contract/system";
import { localizeCountries } from "../i18n/countries";
import { request } from "./client";

export const getCountries = (signal?: AbortSignal) => request(systemCalls.countries, { signal });
export const getLinks = (signal?: AbortSignal) => request(systemCalls.links, { signal });
export const getNews = (query: z.input<typeof PageQuery> = {}, signal?: AbortSignal) =>
  request(systemCalls.news, { query, signal });
export const getSeasons = (riderId?: string, signal?: AbortSignal) =>
  request(systemCalls.seasons, { query: { riderId }, signal });

/** The system area's cache keys. */
export const systemKeys = {
  links: ["system", "links"] as const,
  countries: ["system", "countries"] as const,
  news: (take: number) => ["system", "news", take] as const,
};

export const countriesQuery = () =>
  queryOptions({ queryKey: systemKeys.countries, queryFn: ({ signal }) => getCountries(signal) });
/**
 * GET /system/countries, cached for every screen that shows a flag or a country select, named and sorted in the
 * player's language (the server's names are English).
 */
export function useCountries() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const select = useCallback((list: Country[]) => localizeCountries(language, list), [language]);
  return useQuery({ ...countriesQuery(), select });
}

export const linksQuery = () => queryOptions({ queryKey: systemKeys.links, queryFn: ({ signal }) => getLinks(signal) });
/** The operator's external links (help centre, legal pages, social channels, stores): one entry for the footer, menus and landing. */
export const useLinks = () => useQuery(linksQuery());

/** The newest `take` videos of GET /system/news. */
export const newsQuery = (take: number) =>
  queryOptions({ queryKey: systemKeys.news(take), queryFn: ({ signal }) => getNews({ page: 1, take }, signal) });
export const useNews = (take: number) => useQuery(newsQuery(take));
