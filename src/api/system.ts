import type * as z from "zod";
import type { PageQuery } from "../../contract/common";
import { systemCalls } from "../../contract/calls";
import { request } from "./client";

export const getCountries = (signal?: AbortSignal) => request(systemCalls.countries, { signal });
export const getLinks = (signal?: AbortSignal) => request(systemCalls.links, { signal });
export const getNews = (query: z.input<typeof PageQuery> = {}, signal?: AbortSignal) =>
  request(systemCalls.news, { query, signal });
export const getSeasons = (riderId?: string, signal?: AbortSignal) =>
  request(systemCalls.seasons, { query: { riderId }, signal });
