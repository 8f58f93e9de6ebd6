// The sandboxCheckout machine's driver: the sandbox provider's checkout page (src/screens/store/SandboxCheckoutScreen.tsx)
// with its real flow, the checkout read from the stubbed network and each step's call held until the path answers
// it. Leaving for the Store is the browser's redirect, which jsdom does not follow: the page is seen as it is left
// (the checkout stored as the sandbox answered it, the way back offered, nothing to press).
import { fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import type { SandboxCheckout } from "../../../contract/store";
import { sandboxCheckoutMachine } from "../../../machines/sandboxCheckout.machine";
import SandboxCheckoutScreen from "../../../src/screens/store/SandboxCheckoutScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; state: SandboxCheckout["state"]; error: string | null };

const TOKEN = "SBX-1";
const STEP = new RegExp(`^/api/sandbox/checkout/${TOKEN}/(approve|authenticate|cancel)$`);
const checkout = (state: SandboxCheckout["state"]): SandboxCheckout => ({
  token: TOKEN,
  orderId: "o1",
  diamonds: 550,
  priceCents: 499,
  currency: "USD",
  state,
  returnUrl: `http://pp.test/shop?token=${TOKEN}&PayerID=SANDBOXPAYER`,
  cancelUrl: `http://pp.test/shop?state=VOIDED&token=${TOKEN}`,
});
const pay = () => screen.queryByRole<HTMLButtonElement>("button", { name: "Pay $4.99" });

export const sandboxCheckoutDriver: ViewDriver<World> = {
  machine: sandboxCheckoutMachine,

  async arrange() {
    await signInForTest();
    const world: World = { api: null as never, state: "CREATED", error: null };
    world.api = heldApi((call) => {
      if (call.path === `/api/sandbox/checkout/${TOKEN}` && call.method === "GET") return ok(checkout(world.state));
      if (STEP.test(call.path) && call.method === "POST") return "hold";
      return undefined;
    });
    renderWithApp(<SandboxCheckoutScreen />, { path: "/checkout/sandbox", search: `token=${TOKEN}` });
    await screen.findByRole("button", { name: "Pay $4.99" });
    return world;
  },

  act: {
    "checkout.step": () => fireEvent.click(pay()!),
    // Paid: approved (back to the Store), or the card asks for the 3-D Secure step first.
    "done runStep": async ({ world, step }) => {
      world.state = step.guard === "leaves" ? "APPROVED" : "PAYER_ACTION_REQUIRED";
      await world.api.answer("POST", STEP, ok(checkout(world.state)));
    },
    // The Store canceled the order in another tab meanwhile, or the sandbox failed.
    "error runStep": async ({ world, step }) => {
      const final = step.guard === "orderFinal";
      if (final) world.state = "VOIDED";
      world.error = final ? "This payment was canceled" : "Something went wrong.";
      await world.api.answer(
        "POST",
        STEP,
        final ? refusal(409, "paymentVoided", world.error) : refusal(500, "somethingWentWrong", world.error),
      );
    },
  },

  shows: {
    async working() {
      await expect.poll(() => pay()?.disabled).toBe(true);
      expect(screen.getByRole<HTMLButtonElement>("button", { name: "Cancel and return to the Store" }).disabled).toBe(
        true,
      );
    },
    async leaving() {
      const back = await screen.findByRole("link", { name: "Return to the Store" });
      expect(back.getAttribute("href")).toBe(checkout("APPROVED").returnUrl);
      expect(pay()).toBeNull();
    },
    async ready({ world }) {
      if (world.state === "PAYER_ACTION_REQUIRED") {
        expect(await screen.findByRole("heading", { name: "3-D Secure check" })).toBeTruthy();
        expect(screen.getByText("Your bank asks you to confirm the payment of $4.99.")).toBeTruthy();
        expect(screen.getByRole<HTMLButtonElement>("button", { name: "Confirm with my bank" }).disabled).toBe(false);
      } else if (world.state === "VOIDED") {
        // Read again: the order as it is now, not payable.
        expect(await screen.findByText("Canceled")).toBeTruthy();
        expect(pay()).toBeNull();
        expect(screen.getByRole("link", { name: "Back to the Store" })).toBeTruthy();
      } else {
        await expect.poll(() => pay()?.disabled).toBe(false);
      }
      if (world.error) expect((await screen.findByRole("alert")).textContent).toBe(world.error);
      else expect(screen.queryByRole("alert")).toBeNull();
    },
  },
};
