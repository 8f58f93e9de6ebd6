import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { RouteFallback } from "../../../src/ui/RouteFallback";
import { renderWithApp, resetApp } from "../renderWithApp";

afterEach(resetApp);

describe("back from the payment page, the wait says what is happening", () => {
  it("while the app starts again on the Store's return address, a status says the payment is being checked", async () => {
    renderWithApp(<RouteFallback />, { path: "/shop", search: "token=SBX-1&PayerID=SANDBOXPAYER" });
    const status = await screen.findByRole("status");
    expect(status.textContent).toBe("Back from the payment page: checking your payment…");
  });

  it("elsewhere, the usual page spinner", async () => {
    renderWithApp(<RouteFallback />, { path: "/shop" });
    expect((await screen.findByRole("status")).textContent).toBe("Loading the page…");
  });
});
