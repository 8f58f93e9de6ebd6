import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { SandboxCheckout } from "../../../contract/store";
import SandboxCheckoutScreen from "../../../src/screens/store/SandboxCheckoutScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";

afterEach(resetApp);

const checkout = (state: SandboxCheckout["state"]): SandboxCheckout => ({
  token: "SBX-1",
  orderId: "o1",
  diamonds: 550,
  priceCents: 499,
  currency: "USD",
  state,
  returnUrl: "http://pp.test/shop?token=SBX-1&PayerID=SANDBOXPAYER",
  cancelUrl: "http://pp.test/shop?state=VOIDED&token=SBX-1",
});

describe("the sandbox checkout page", () => {
  it("names the pack it sells with its price", async () => {
    await signInForTest();
    stubRoutes((c) =>
      c.path === "/api/sandbox/checkout/SBX-1" ? json(200, { result: checkout("CREATED") }) : undefined,
    );
    renderWithApp(<SandboxCheckoutScreen />, { path: "/checkout/sandbox", search: "token=SBX-1" });
    expect((await screen.findByTestId("checkout-pack")).textContent).toBe("550 diamonds");
    expect(screen.getByRole("button", { name: "Pay $4.99" })).toBeTruthy();
  });

  it("shows an order the Store canceled meanwhile as canceled, not payable", async () => {
    await signInForTest();
    // The page was opened while the order was payable; the Store canceled it in another tab.
    let state: SandboxCheckout["state"] = "CREATED";
    stubRoutes((c) => {
      if (c.path === "/api/sandbox/checkout/SBX-1") return json(200, { result: checkout(state) });
      if (c.path === "/api/sandbox/checkout/SBX-1/approve")
        return json(409, { statusCode: 409, code: "paymentVoided", message: "This payment was canceled" });
      return undefined;
    });
    renderWithApp(<SandboxCheckoutScreen />, { path: "/checkout/sandbox", search: "token=SBX-1" });
    const pay = await screen.findByRole("button", { name: "Pay $4.99" });
    state = "VOIDED";
    fireEvent.click(pay);
    expect(await screen.findByText("Canceled")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Pay $4.99" })).toBeNull();
    expect(screen.getByRole("alert").textContent).toBe("This payment was canceled");
    expect(screen.getByRole("link", { name: "Back to the Store" })).toBeTruthy();
  });
});
