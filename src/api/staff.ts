import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { FlowsQuery } from "../../contract/analytics";
import { staffCalls as calls } from "../../contract/calls.staff";
import { request } from "./client";

// The staff calls. The server decides who may read what (403 forbidden); these only fetch.

/** Live counts: the flows page reads them again this often. */
export const FLOWS_REFRESH_MS = 10_000;

export const staffKeys = {
  me: (userId: string) => ["staff", "me", userId] as const,
  flows: (userId: string, range: FlowsQuery) => ["staff", "flows", userId, range.from, range.to] as const,
  pageViews: (userId: string, range: FlowsQuery) => ["staff", "pageViews", userId, range.from, range.to] as const,
};

export const staffMeQuery = (userId: string) =>
  queryOptions({
    queryKey: staffKeys.me(userId),
    queryFn: ({ signal }) => request(calls.me, { signal }),
    retry: false,
  });
export const useStaffMe = (userId: string | undefined) =>
  useQuery({ ...staffMeQuery(userId ?? ""), enabled: Boolean(userId) });

/** A staff report over a range of days: read again every FLOWS_REFRESH_MS, the last answer shown while the next loads. */
const useLiveReport = <T>(queryKey: readonly unknown[], queryFn: (ctx: { signal: AbortSignal }) => Promise<T>) =>
  useQuery({ queryKey, queryFn, refetchInterval: FLOWS_REFRESH_MS, placeholderData: keepPreviousData, retry: false });

export const useFlowCounts = (userId: string, range: FlowsQuery) =>
  useLiveReport(staffKeys.flows(userId, range), ({ signal }) => request(calls.flows, { query: range, signal }));

export const usePageViews = (userId: string, range: FlowsQuery) =>
  useLiveReport(staffKeys.pageViews(userId, range), ({ signal }) => request(calls.pageViews, { query: range, signal }));

export const useReport = (userId: string, id: string) =>
  useQuery({
    queryKey: ["staff", "report", userId, id] as const,
    queryFn: ({ signal }) => request(calls.report, { params: { id }, signal }),
    retry: false,
  });
