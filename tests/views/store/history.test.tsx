import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import StoreScreen from "../../../src/screens/store/StoreScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";

afterEach(resetApp);

const page = <T,>(data: T[]) => ({ data, page: 1, pages: data.length ? 1 : 0, count: data.length });
const none = { user: null, race: null, category: null };
const race = { id: "0b6c2f9e-8f5e-4c1a-9d0e-1f2a3b4c5d6e", name: "Czech Grand Prix" };
const bez = { id: "1c7d3a0f-9a6f-4d2b-8e1f-2a3b4c5d6e7f", name: "Bez Fan" };
const entry = (id: string, delta: number, reason: string, about: object) => ({
  id,
  delta,
  reason,
  ref: null,
  balance: "100",
  createdAt: "2026-05-01T10:00:00.000Z",
  about,
});

describe("the Store's diamond history: each row says who gave and which race or pick it was about", () => {
  it("names the giver of a received donation, the receiver of a given one, and the race and category of a pick", async () => {
    await signInForTest();
    stubRoutes((c) => {
      if (c.path === "/api/diamonds/user/history") {
        return json(200, {
          result: page([
            entry("e4", 10, "DONATION", { ...none, user: bez }),
            entry("e3", -20, "DONATION", { ...none, user: bez }),
            entry("e2", -5, "PREDICTION_CHANGE", { ...none, race, category: "POLEMAN" }),
            entry("e1", 100, "SIGN_UP", none),
          ]),
        });
      }
      if (c.path === "/api/diamonds/user/balance") return json(200, { result: { balance: "100" } });
      if (c.path === "/api/diamonds/packs") return json(200, { result: [] });
      if (c.path === "/api/diamonds/transactions") return json(200, { result: page([]) });
      return undefined;
    });
    renderWithApp(<StoreScreen />, { path: "/shop" });
    const history = await screen.findByTestId("history");
    expect(within(history).getByRole("columnheader", { name: "About" })).toBeTruthy();
    const about = within(history)
      .getAllByRole("row")
      .slice(1)
      .map((r) => within(r).getAllByRole("cell")[2]!.textContent);
    expect(about).toEqual(["From Bez Fan", "To Bez Fan", "Czech Grand Prix · Pole position", ""]);
  }, 15_000);
});
