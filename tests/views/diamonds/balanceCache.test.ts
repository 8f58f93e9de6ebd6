// The cached balance follows the live channel's `user-balance-update`, for the signed-in player only.
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { diamondsKeys } from "../../../src/api/diamonds";

const live = vi.hoisted(() => ({ listeners: new Map<string, Set<(p: unknown) => void>>() }));
vi.mock("../../../src/api/live", () => ({
  onLiveEvent: (event: string, handler: (p: unknown) => void) => {
    const set = live.listeners.get(event) ?? new Set();
    set.add(handler);
    live.listeners.set(event, set);
    return () => set.delete(handler);
  },
}));
const push = (payload: unknown) => live.listeners.get("user-balance-update")?.forEach((h) => h(payload));

const { applyBalanceUpdate, balanceOfEvent, balanceQuery } = await import("../../../src/api/diamonds");
const { queryClient } = await import("../../../src/api/queryClient");

/** A client whose balance query for `userId` is on screen (observed), with `balance` cached. */
function observed(client: QueryClient, userId: string, balance: string) {
  client.setQueryData(diamondsKeys.balance(userId), { balance });
  const observer = new QueryObserver(client, { ...balanceQuery(userId), staleTime: Infinity });
  return observer.subscribe(() => undefined);
}

afterEach(() => queryClient.clear());

describe("the cached diamond balance", () => {
  it("reads the balance from the ledger's push and from a stored notification", () => {
    expect(balanceOfEvent({ balance: "140" })).toBe("140");
    expect(
      balanceOfEvent({
        id: "n1",
        type: "USER_BALANCE_UPDATE",
        value: { balance: "70" },
        createdAt: "2026-01-01T00:00:00Z",
        isRead: false,
      }),
    ).toBe("70");
    expect(
      balanceOfEvent({
        id: "n2",
        type: "USER_BALANCE_UPDATE",
        value: {},
        createdAt: "2026-01-01T00:00:00Z",
        isRead: false,
      }),
    ).toBeNull();
  });

  it("takes the pushed value for the player on screen, and marks another cached player's balance stale", async () => {
    const client = new QueryClient();
    const stop = observed(client, "me", "100");
    client.setQueryData(diamondsKeys.balance("someone-else"), { balance: "5" });
    client.setQueryData(diamondsKeys.history("me", 1, 50), { data: [], page: 1, pages: 0, count: 0 });
    await applyBalanceUpdate(client, { balance: "140" });
    expect(client.getQueryData(diamondsKeys.balance("me"))).toEqual({ balance: "140" });
    expect(client.getQueryState(diamondsKeys.balance("me"))?.isInvalidated).toBe(false);
    expect(client.getQueryData(diamondsKeys.balance("someone-else"))).toEqual({ balance: "5" });
    expect(client.getQueryState(diamondsKeys.balance("someone-else"))?.isInvalidated).toBe(true);
    expect(client.getQueryState(diamondsKeys.history("me", 1, 50))?.isInvalidated).toBe(true);
    stop();
  });

  it("is wired to the live channel once the module loads, on the app's query client", async () => {
    const stop = observed(queryClient, "me", "100");
    push({ balance: "90" });
    await vi.waitFor(() => expect(queryClient.getQueryData(diamondsKeys.balance("me"))).toEqual({ balance: "90" }));
    stop();
  });
});
