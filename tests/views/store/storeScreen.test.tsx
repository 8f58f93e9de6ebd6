import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import StoreScreen from "../../../src/screens/store/StoreScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(resetApp);

const packs = [
  { dPackId: "p100", diamonds: 100, priceCents: 99, currency: "USD" },
  { dPackId: "p2500", diamonds: 2500, priceCents: 1999, currency: "USD" },
];
const page = <T,>(data: T[]) => ({ data, page: 1, pages: data.length ? 1 : 0, count: data.length });
const entry = (id: string, delta: number, reason: string, balance: number) => ({
  id,
  delta,
  reason,
  ref: null,
  balance: String(balance),
  createdAt: "2026-05-01T10:00:00.000Z",
});

function world(over: Partial<Record<"packs" | "orders" | "history", (c: Call) => Response>> = {}) {
  return (c: Call) => {
    if (c.path === "/api/diamonds/packs") return over.packs?.(c) ?? json(200, { result: packs });
    if (c.path === "/api/diamonds/transactions") return over.orders?.(c) ?? json(200, { result: page([]) });
    if (c.path === "/api/diamonds/user/history") {
      return (
        over.history?.(c) ??
        json(200, {
          result: page(
            c.search.includes("reason=PURCHASE")
              ? [entry("e2", 2500, "PURCHASE", 2600)]
              : [entry("e2", 2500, "PURCHASE", 2600), entry("e1", 100, "SIGN_UP", 100)],
          ),
        })
      );
    }
    if (c.path === "/api/diamonds/user/balance") return json(200, { result: { balance: "2600" } });
    return undefined;
  };
}

describe("the Store screen", () => {
  it("lists the packs with their price and diamonds per dollar, the empty orders, and the history filtered by reason", async () => {
    await signInForTest();
    const calls = stubRoutes(world());
    renderWithApp(<StoreScreen />, { path: "/shop" });
    const list = await screen.findByRole("list", { name: "Diamond packs" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => i.textContent?.trim())).toEqual([
      "100$0.99101 diamonds per $1Buy",
      "2,500$19.99125.1 diamonds per $1Buy",
    ]);
    expect(screen.getByRole("button", { name: "Buy 2,500 diamonds for $19.99" })).toBeTruthy();
    expect(await screen.findByText("You have not bought any diamonds yet.")).toBeTruthy();
    const history = await screen.findByTestId("history");
    expect(within(history).getAllByRole("row")).toHaveLength(3);
    expect(within(history).getByText("Welcome gift")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "Show" }), { target: { value: "PURCHASE" } });
    await screen.findByText((_, el) => el?.tagName === "TBODY" && el.querySelectorAll("tr").length === 1);
    expect(calls.some((c) => c.path === "/api/diamonds/user/history" && c.search.includes("reason=PURCHASE"))).toBe(
      true,
    );
  });

  it("shows the error state of the packs with a retry, and the empty state when none is on sale", async () => {
    await signInForTest();
    let broken = true;
    stubRoutes(
      world({
        packs: () =>
          broken
            ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
            : json(200, { result: [] }),
      }),
    );
    renderWithApp(<StoreScreen />, { path: "/shop" });
    expect(await screen.findByText("The packs could not be loaded.")).toBeTruthy();
    broken = false;
    fireEvent.click(screen.getAllByRole("button", { name: "Try Again" })[0]!);
    expect(await screen.findByText("No packs are on sale right now.")).toBeTruthy();
  });
});
