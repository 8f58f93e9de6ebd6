import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { AUDIT_PAGE_SIZE } from "../../contract/audit";
import { operationsCalls as calls } from "../../contract/calls.operations";
import { request } from "./client";

// The audit log (GET /admin/audit), read in the browser with the operator's own bearer token: the server answers
// operators only (403 otherwise). Newest first, a page at a time, optionally one race's.

export type AuditFilter = { raceId?: string; page: number };

export const auditKeys = {
  all: ["audit"] as const,
  page: (userId: string, filter: AuditFilter) => ["audit", userId, filter.raceId ?? "", filter.page] as const,
};

export const getAudit = (filter: AuditFilter, signal?: AbortSignal) =>
  request(calls.audit, { query: { raceId: filter.raceId, page: filter.page, take: AUDIT_PAGE_SIZE }, signal });

/** One page of the log; the last page shown while the next loads, so paging does not blank the table. */
export const auditQuery = (userId: string, filter: AuditFilter) =>
  queryOptions({
    queryKey: auditKeys.page(userId, filter),
    queryFn: ({ signal }) => getAudit(filter, signal),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
export const useAudit = (userId: string, filter: AuditFilter) => useQuery(auditQuery(userId, filter));
