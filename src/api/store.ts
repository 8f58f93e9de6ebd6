import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { DiamondReason } from "../../contract/calls.diamonds";
import { diamondsCalls } from "../../contract/calls.diamonds";
import { sandboxCalls, storeCalls as calls } from "../../contract/calls.store";
import type { DonationBody } from "../../contract/store";
import { storeNumbers } from "../../contract/storeRules";
import { request } from "./client";
import { diamondsKeys } from "./diamonds";

// The Store's calls (contract/calls.store.ts) and their cache entries.

export const getPacks = (signal?: AbortSignal) => request(calls.packs, { signal });
export const createOrder = (dPackId: string) => request(calls.purchase, { body: { dPackId } });
export const readOrder = (ref: string) => request(calls.order, { params: { id: ref } });
export const captureOrder = (ref: string) => request(calls.capture, { params: { id: ref } });
export const cancelOrder = (ref: string) => request(calls.cancel, { params: { id: ref } });
export const donate = (body: DonationBody) => request(calls.donate, { body });
export const getOrders = (page: number, signal?: AbortSignal) =>
  request(calls.orders, { query: { page, take: storeNumbers.pageSize }, signal });
export const getHistoryOf = (page: number, reason: DiamondReason | null, signal?: AbortSignal) =>
  request(diamondsCalls.history, {
    query: { page, take: storeNumbers.pageSize, ...(reason ? { reason } : {}) },
    signal,
  });

export const sandboxCheckout = (token: string, signal?: AbortSignal) =>
  request(sandboxCalls.checkout, { params: { token }, signal });
export const sandboxStep = (token: string, step: "approve" | "authenticate" | "cancel") =>
  request(sandboxCalls[step], { params: { token } });

/** The Store's entries, keyed by player (another sign-in in the tab never sees them). */
export const storeKeys = {
  packs: ["store", "packs"] as const,
  orders: (userId: string) => ["store", "orders", userId] as const,
  ordersPage: (userId: string, page: number) => ["store", "orders", userId, page] as const,
  history: (userId: string, page: number, reason: DiamondReason | null) =>
    ["diamonds", "history", userId, "store", page, reason ?? "ALL"] as const,
  checkout: (token: string) => ["store", "sandbox", token] as const,
};

export const usePacks = () =>
  useQuery(queryOptions({ queryKey: storeKeys.packs, queryFn: ({ signal }) => getPacks(signal) }));
export const useOrders = (userId: string, page: number) =>
  useQuery({
    queryKey: storeKeys.ordersPage(userId, page),
    queryFn: ({ signal }) => getOrders(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useStoreHistory = (userId: string, page: number, reason: DiamondReason | null) =>
  useQuery({
    queryKey: storeKeys.history(userId, page, reason),
    queryFn: ({ signal }) => getHistoryOf(page, reason, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
export const useSandboxCheckout = (token: string | null) =>
  useQuery({
    queryKey: storeKeys.checkout(token ?? ""),
    queryFn: ({ signal }) => sandboxCheckout(token ?? "", signal),
    enabled: Boolean(token),
    staleTime: 0,
  });

/** Diamonds moved (a pack credited, a donation sent): the balance, the history and the orders are read again. */
export async function refreshDiamonds(client: QueryClient, userId: string) {
  await Promise.all([
    client.invalidateQueries({ queryKey: diamondsKeys.balance(userId) }),
    client.invalidateQueries({ queryKey: diamondsKeys.histories }),
    client.invalidateQueries({ queryKey: storeKeys.orders(userId) }),
  ]);
}
