import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { diamondsCalls } from "../../contract/calls.diamonds";
import { DEFAULT_PAGE_SIZE } from "../../contract/common";
import type { Balance } from "../../contract/diamonds";
import type * as z from "zod";
import { LiveEvent, type LivePayloads } from "../../contract/live";
import { request } from "./client";
import { onLiveEvent } from "./live";
import { queryClient } from "./queryClient";

export const getBalance = (signal?: AbortSignal) => request(diamondsCalls.balance, { signal });
export const getHistory = (page: number, take: number, signal?: AbortSignal) =>
  request(diamondsCalls.history, { query: { page, take }, signal });

/** The signed-in player's balance ({ balance: "123" }); the live channel keeps it current. */
export const balanceQuery = (userId: string) =>
  queryOptions({ queryKey: diamondsKeys.balance(userId), queryFn: ({ signal }) => getBalance(signal) });
/** The signed-in player's ledger, newest first. */
export const historyQuery = (userId: string, page = 1, take = DEFAULT_PAGE_SIZE) =>
  queryOptions({
    queryKey: diamondsKeys.history(userId, page, take),
    queryFn: ({ signal }) => getHistory(page, take, signal),
  });

/** For views: the balance of `userId` (the signed-in player), nothing while signed out. */
export const useBalance = (userId: string | undefined) =>
  useQuery({ ...balanceQuery(userId ?? ""), enabled: Boolean(userId) });

/** The balance an event carries: `{ balance }` (the ledger's push), or a stored USER_BALANCE_UPDATE notification's value. */
export function balanceOfEvent(payload: LivePayloads["user-balance-update"]): string | null {
  if ("balance" in payload && typeof payload.balance === "string") return payload.balance;
  if ("value" in payload && typeof payload.value?.balance === "string") return payload.value.balance;
  return null;
}

/**
 * Puts a pushed balance into the cache. Only the signed-in player's balance is observed (the events reach only
 * their sockets), so the active entries take the value at once; other cached players' entries just go stale.
 * An in-flight fetch is cancelled first, so a read that started before the change can't overwrite it.
 */
export async function applyBalanceUpdate(
  client: QueryClient,
  payload: LivePayloads["user-balance-update"],
): Promise<void> {
  const balance = balanceOfEvent(payload);
  if (balance === null) return;
  await client.cancelQueries({ queryKey: diamondsKeys.balances, type: "active" });
  client.setQueriesData<z.infer<typeof Balance>>({ queryKey: diamondsKeys.balances, type: "active" }, { balance });
  await client.invalidateQueries({ queryKey: diamondsKeys.balances, type: "inactive", refetchType: "none" });
  // The new entry belongs at the top of the history.
  await client.invalidateQueries({ queryKey: diamondsKeys.histories });
}

/** After a reconnect: the balance is read again (a push sent while the socket was down never arrives). */
export const refreshBalances = (client: QueryClient = queryClient) =>
  client.invalidateQueries({ queryKey: diamondsKeys.balances });

/** Keeps the cache in step with `user-balance-update`; returns the unsubscribe function. */
export const watchBalance = (client: QueryClient = queryClient) =>
  onLiveEvent(LiveEvent.userBalanceUpdate, (payload) => void applyBalanceUpdate(client, payload));

// Once, when the first view that shows diamonds loads this module: the listener lives as long as the app.
watchBalance();

/** Diamonds: keyed by player, so another sign-in in the same tab never shows the last player's balance. */
export const diamondsKeys = {
  all: ["diamonds"] as const,
  balances: ["diamonds", "balance"] as const,
  balance: (userId: string) => ["diamonds", "balance", userId] as const,
  histories: ["diamonds", "history"] as const,
  history: (userId: string, page: number, take: number) => ["diamonds", "history", userId, page, take] as const,
};
