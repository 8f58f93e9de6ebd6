import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { useLiveEvent } from "../../../src/runtime/live";

const live = vi.hoisted(() => ({ listeners: new Map<string, Set<(p: unknown) => void>>() }));
vi.mock("../../../src/api/live", () => ({
  onLiveEvent: (event: string, handler: (p: unknown) => void) => {
    const set = live.listeners.get(event) ?? new Set();
    set.add(handler);
    live.listeners.set(event, set);
    return () => set.delete(handler);
  },
}));
const push = (event: string, payload: unknown) => act(() => live.listeners.get(event)?.forEach((h) => h(payload)));

function Balance() {
  const [balance, setBalance] = useState("0");
  const [label] = useState("balance");
  useLiveEvent("user-balance-update", (p) => setBalance(`${label}:${"balance" in p ? p.balance : ""}`));
  return <output>{balance}</output>;
}

describe("useLiveEvent", () => {
  it("hands each event to the mounted component and stops listening on unmount", () => {
    const { unmount } = render(<Balance />);
    push("user-balance-update", { balance: "150" });
    expect(screen.getByRole("status").textContent).toBe("balance:150");
    expect(live.listeners.get("user-balance-update")?.size).toBe(1);
    unmount();
    expect(live.listeners.get("user-balance-update")?.size).toBe(0);
  });
});
