// The purchase machine's driver: the real Store screen (/shop) and its owner (`storeActor`,
// src/features/store/storeActor.ts) with the modal host, so the purchase is the one the owner spawns for a pack the
// player buys or for the payment provider's return link (its token in the address, `state=VOIDED` from its cancel
// page). Every purchase call (create, read, capture, cancel) is held, so each working step is seen on the Processing
// modal, and answered by the path's step the way the server would answer it: the order as far along at the provider
// as the next step's guard needs, or the refusal the guard names (voided, not approved, completed meanwhile).
// Leaving for the provider's page is the browser's redirect, which jsdom does not follow: the Store is seen as it is
// left (the outcome says it is taking the player there).
import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import type { PaymentOrder, PaymentState } from "../../../contract/store";
import { purchaseMachine } from "../../../machines/purchase.machine";
import type { QaPath } from "../../../scripts/paths";
import { ModalHost } from "../../../src/app/ModalHost";
import { storeActor } from "../../../src/features/store/storeActor";
import StoreScreen from "../../../src/screens/store/StoreScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  /** The order as the server last answered it. */
  order: PaymentOrder | null;
  /** What the failed outcome must say. */
  error: string | null;
};

const TOKEN = "SBX-1";
const APPROVE = `http://pp.test/checkout/sandbox?token=${TOKEN}`;
const CREATE = "/api/diamonds/transactions/external";
const READ = /^\/api\/diamonds\/transactions\/(SBX-1|o1)$/;
const CAPTURE = /^\/api\/diamonds\/transactions\/(SBX-1|o1)\/capture$/;
const CANCEL = /^\/api\/diamonds\/transactions\/(SBX-1|o1)\/cancel$/;

const packs = [
  { dPackId: "p100", diamonds: 100, priceCents: 99, currency: "USD" },
  { dPackId: "p550", diamonds: 550, priceCents: 499, currency: "USD" },
];
const page = { data: [], page: 1, pages: 0, count: 0 };

const order = (state: PaymentState): PaymentOrder => ({
  id: "o1",
  dPackId: "p550",
  diamonds: 550,
  priceCents: 499,
  currency: "USD",
  provider: "sandbox",
  state,
  approveUrl: state === "CREATED" || state === "PAYER_ACTION_REQUIRED" ? APPROVE : null,
  createdAt: "2026-05-01T10:00:00.000Z",
  steps: [{ state, at: "2026-05-01T10:00:00.000Z" }],
});

/** Where the order stands at the provider when it is read, for the routing step after the read. */
const stateFor = (next: Step<World>["next"]): PaymentState => {
  if (next?.event !== "always") return "PAYER_ACTION_REQUIRED";
  if (next.guard === "isCompleted") return "COMPLETED";
  if (next.guard === "isVoided") return "VOIDED";
  if (next.guard === "isApproved") return "APPROVED";
  return "PAYER_ACTION_REQUIRED";
};

const first = (path: QaPath) => path.steps[0]!;
const outcome = () => screen.getByTestId("purchase-outcome");
const outcomeButton = (name: string) => within(outcome()).getByRole<HTMLButtonElement>("button", { name });
/** The Processing modal says this line. */
const processing = (text: string) =>
  expect.poll(() => screen.queryAllByRole("dialog").some((d) => d.textContent?.includes(text))).toBe(true);
/** The Processing modal is gone and the outcome says this. */
async function outcomeSays(text: string) {
  await expect.poll(() => screen.queryByTestId("purchase-outcome")?.textContent ?? "").toContain(text);
  expect(screen.queryByRole("dialog")).toBeNull();
}
/** The packs' Buy buttons (behind the Processing modal too, which hides the page from the accessibility tree). */
const buyButtons = () =>
  within(screen.getByRole("list", { name: "Diamond packs", hidden: true })).getAllByRole<HTMLButtonElement>("button", {
    hidden: true,
  });

export const purchaseDriver: ViewDriver<World> = {
  machine: purchaseMachine,

  async arrange(path) {
    await signInForTest();
    const world: World = { api: null as never, order: null, error: null };
    world.api = heldApi((call) => {
      if (call.path === "/api/diamonds/packs") return ok(packs);
      if (call.path === "/api/diamonds/transactions" && call.method === "GET") return ok(page);
      if (call.path === "/api/diamonds/user/history") return ok(page);
      if (call.path === "/api/diamonds/user/balance") return ok({ balance: "100" });
      if (call.path === CREATE && call.method === "POST") return "hold";
      if (READ.test(call.path) && call.method === "GET") return "hold";
      if (CAPTURE.test(call.path) && call.method === "GET") return "hold";
      if (CANCEL.test(call.path) && call.method === "POST") return "hold";
      return undefined;
    });
    // A pack's path starts on the Store; a return's opens the Store on the provider's return or cancel link.
    const start = first(path);
    const search = start.otherwise
      ? ""
      : start.guard === "returnedCancelled"
        ? `state=VOIDED&token=${TOKEN}`
        : `token=${TOKEN}&PayerID=SANDBOXPAYER`;
    renderWithApp(
      <>
        <StoreScreen />
        <ModalHost />
      </>,
      { path: "/shop", search },
    );
    await screen.findByRole("list", { name: "Diamond packs", hidden: true });
    return world;
  },

  act: {
    // A pack's path starts with the player's pick; a return's started when the Store opened on the link.
    always({ index, step }) {
      if (index === 0 && step.otherwise)
        fireEvent.click(screen.getByRole("button", { name: "Buy 550 diamonds for $4.99" }));
    },
    "done createOrder": async ({ world }) => {
      world.order = order("CREATED");
      await world.api.answer("POST", CREATE, ok(world.order));
    },
    "error createOrder": async ({ world }) => {
      world.error = "The payment could not be completed. No money was taken";
      await world.api.answer("POST", CREATE, refusal(402, "paymentFailed", world.error));
    },
    "done readOrder": async ({ world, next }) => {
      world.order = order(stateFor(next));
      await world.api.answer("GET", READ, ok(world.order));
    },
    // The return link of an order the server does not know (someone else's, or a stale one).
    "error readOrder": async ({ world }) => {
      world.error = "Not found";
      await world.api.answer("GET", READ, refusal(404, "notFound", world.error));
    },
    "done captureOrder": async ({ world }) => {
      world.order = order("COMPLETED");
      await world.api.answer("GET", CAPTURE, ok(world.order));
    },
    // Meanwhile the payer canceled the order elsewhere, or the card asks for 3-D Secure again; else the capture fails.
    "error captureOrder": async ({ world, step }) => {
      if (step.guard === "voidedOnServer")
        await world.api.answer("GET", CAPTURE, refusal(409, "paymentVoided", "This payment was canceled"));
      else if (step.guard === "notApprovedOnServer")
        await world.api.answer("GET", CAPTURE, refusal(409, "paymentNotApproved", "The payment is not approved"));
      else {
        world.error = "The payment could not be completed. No money was taken";
        await world.api.answer("GET", CAPTURE, refusal(402, "paymentFailed", world.error));
      }
    },
    "done cancelOrder": async ({ world }) => {
      world.order = order("VOIDED");
      await world.api.answer("POST", CANCEL, ok(world.order));
    },
    // A webhook captured the order meanwhile; else the network fails.
    "error cancelOrder": async ({ world, step }) => {
      if (step.guard === "completedOnServer")
        await world.api.answer("POST", CANCEL, refusal(409, "paymentCompleted", "The payment is already completed"));
      else {
        world.error = "Something went wrong.";
        await world.api.answer("POST", CANCEL, "network");
      }
    },
    "purchase.continue": () => fireEvent.click(outcomeButton("Continue payment")),
    "purchase.cancel": () => fireEvent.click(outcomeButton("Cancel payment")),
    "purchase.retry": ({ world }) => {
      world.error = null;
      fireEvent.click(outcomeButton("Try Again"));
    },
  },

  shows: {
    "working.starting": null,
    // Passed through at once: where the order stands decides the next step in the same move.
    "working.routing": null,
    async "working.creating"() {
      await processing("Creating your order…");
      expect(screen.queryByTestId("purchase-outcome")).toBeNull();
      expect(buyButtons().map((b) => b.disabled)).toEqual([true, true]);
    },
    async "working.resuming"() {
      await processing("Checking your payment…");
      expect(screen.queryByTestId("purchase-outcome")).toBeNull();
      expect(buyButtons().map((b) => b.disabled)).toEqual([true, true]);
    },
    async "working.capturing"() {
      await processing("Completing your payment…");
      expect(screen.queryByTestId("purchase-outcome")).toBeNull();
    },
    async "working.cancelling"() {
      await processing("Canceling your payment…");
      expect(screen.queryByTestId("purchase-outcome")).toBeNull();
    },
    async approving() {
      await outcomeSays("Taking you to the payment page…");
      expect(outcomeButton("Close")).toBeTruthy();
    },
    async payerAction() {
      await outcomeSays("Your payment needs one more step on the payment page (3-D Secure).");
      expect(outcomeButton("Continue payment").disabled).toBe(false);
      expect(outcomeButton("Cancel payment")).toBeTruthy();
      expect(outcomeButton("Try Again")).toBeTruthy();
      expect(buyButtons().map((b) => b.disabled)).toEqual([false, false]);
    },
    async completed() {
      await outcomeSays("550 diamonds were added to your balance.");
      expect(within(outcome()).queryByRole("button", { name: "Try Again" })).toBeNull();
    },
    async voided() {
      await outcomeSays("Payment canceled. Nothing was charged and no diamonds were added.");
      expect(within(outcome()).queryByRole("button", { name: "Try Again" })).toBeNull();
    },
    async failed({ world }) {
      await outcomeSays(world.error ?? "");
      expect(outcome().textContent).toContain(world.error);
      expect(outcomeButton("Try Again")).toBeTruthy();
      expect(outcomeButton("Close")).toBeTruthy();
    },
  },

  // After a return from the provider the order to resume is the token the Store was opened with, so `hasOrder`
  // always holds there and Try Again reads it again; it creates an order only after a pack's order failed to be
  // created: that walk, then the same Try Again.
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    if (first(path).guard !== "returnedCancelled" || last.event !== "purchase.retry" || !last.otherwise) return null;
    const createFailed = all.find((p) => p.steps.at(-1)?.event === "error createOrder");
    return createFailed ? { ...path, steps: [...createFailed.steps, last] } : null;
  },

  // The owner is the app's, made once: the next path starts with no purchase.
  cleanup: () => void storeActor.send({ type: "store.dismiss" }),
};
