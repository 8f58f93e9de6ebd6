import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { SandboxCheckout } from "../contract/store";
import { notProvided, toErrorBody } from "./serviceErrors";

// The built-in sandbox provider's checkout page (test mode, no real money): the payer pays, passes the 3-D Secure
// step (PAYER_ACTION_REQUIRED) or cancels; once the order is APPROVED, or canceled, the page sends the payer back to
// the Store the way PayPal does (its return or cancel URL). An order the Store canceled meanwhile (another tab) answers
// paymentVoided: the page reads it again and shows it canceled, not payable.

export type CheckoutStep = "approve" | "authenticate" | "cancel";
export type SandboxCheckoutContext = { error: ErrorBody | null; last: CheckoutStep | null };
export type SandboxCheckoutEvent = { type: "checkout.step"; step: CheckoutStep };
/** Tags the page reads: `ready` (buttons on), `working`, `leaving` (going back to the Store). */
export type SandboxCheckoutTag = "ready" | "working" | "leaving";

export const sandboxCheckoutMachine = setup({
  types: { context: {} as SandboxCheckoutContext, events: {} as SandboxCheckoutEvent, tags: {} as SandboxCheckoutTag },
  actors: {
    /** POST /sandbox/checkout/{token}/{step}: the checkout as the sandbox now has it. */
    runStep: fromPromise<SandboxCheckout, { step: CheckoutStep }>(notProvided("runStep")),
  },
  guards: {
    leaves: (_, params: { checkout: SandboxCheckout }) =>
      params.checkout.state === "APPROVED" || params.checkout.state === "VOIDED",
    /** The order was canceled or completed meanwhile (the Store canceled it, another tab paid): the page is stale. */
    orderFinal: (_, params: { error: unknown }) => {
      const code = toErrorBody(params.error).code;
      return code === "paymentVoided" || code === "paymentCompleted";
    },
  },
  actions: {
    setStep: assign({ last: ({ event }) => event.step, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    /** The page's copy of the checkout (the app's query cache). */
    // oxlint-disable-next-line no-unused-vars -- the app stores it
    store: (_, _params: { checkout: SandboxCheckout }) => {},
    /** Reads the checkout again, so the page shows the order as it is now (canceled, say) instead of payable. */
    refresh: () => {},
    /** Back to the Store: the return URL once approved, the cancel URL once canceled (the app: a redirect). */
    // oxlint-disable-next-line no-unused-vars -- the app redirects
    leave: (_, _params: { checkout: SandboxCheckout }) => {},
  },
}).createMachine({
  id: "sandboxCheckout",
  description:
    "The sandbox provider's checkout: pay, the 3-D Secure step, or cancel; back to the Store once approved or canceled (its return or cancel URL), errors shown with the buttons on again; an order canceled or completed meanwhile is read again, so the page shows it as it is.",
  initial: "ready",
  context: { error: null, last: null },
  states: {
    ready: { tags: ["ready"], on: { "checkout.step": { target: "working", actions: "setStep" } } },
    working: {
      tags: ["working"],
      invoke: {
        id: "runStep",
        src: "runStep",
        input: ({ context }) => ({ step: context.last ?? "approve" }),
        onDone: [
          {
            guard: { type: "leaves", params: ({ event }) => ({ checkout: event.output }) },
            target: "leaving",
            actions: [
              { type: "store", params: ({ event }) => ({ checkout: event.output }) },
              { type: "leave", params: ({ event }) => ({ checkout: event.output }) },
            ],
          },
          { target: "ready", actions: { type: "store", params: ({ event }) => ({ checkout: event.output }) } },
        ],
        onError: [
          {
            guard: { type: "orderFinal", params: ({ event }) => ({ error: event.error }) },
            target: "ready",
            actions: [{ type: "setError", params: ({ event }) => ({ error: event.error }) }, "refresh"],
          },
          { target: "ready", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    leaving: { tags: ["leaving"], type: "final" },
  },
});
