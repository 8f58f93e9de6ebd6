import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PaymentOrder } from "../contract/store";
import { notProvided, toErrorBody } from "./serviceErrors";

// One purchase of a diamond pack through the payment provider (PayPal Orders v2, or the built-in sandbox):
// creating the order, the payer approving it at the provider (a redirect), the provider's payer action (3-D
// Secure), capturing, then completed, voided or failed with retry. The provider sends the payer back to the Store
// with its `token`: a new purchase actor then resumes from the stored order. The Store owner spawns it and shows
// the Processing modal while it works.

export type PurchaseStart =
  /** A pack was chosen on the Store screen. */
  | { kind: "pack"; dPackId: string }
  /** The provider sent the payer back (`token` = its order id); `cancelled` from its cancel page. */
  | { kind: "return"; ref: string; cancelled: boolean };

export type PurchaseInput = { start: PurchaseStart };

export type PurchaseContext = {
  start: PurchaseStart;
  /** The order as the server last answered it. */
  order: PaymentOrder | null;
  error: ErrorBody | null;
  /** A capture was just refused for want of the payer: the next read does not capture again by itself. */
  captureRefused: boolean;
};

export type PurchaseEvent =
  /** Back to the provider's page (the payer action is still to do). */
  { type: "purchase.continue" } | { type: "purchase.cancel" } | { type: "purchase.retry" };

/**
 * Tags the Store reads: `working` (the Processing modal) and its step, `creating`, `checking`, `capturing` or
 * `cancelling` (the line it shows), `approving` (off to the provider), `payerAction` (the
 * provider still needs the payer), and the outcomes `completed`, `voided`, `failed` (retry).
 */
export type PurchaseTag =
  | "working"
  | "creating"
  | "checking"
  | "capturing"
  | "cancelling"
  | "approving"
  | "payerAction"
  | "completed"
  | "voided"
  | "failed";

/** The order to resume: the one created, else the provider's token the payer came back with. */
export const orderRef = (c: PurchaseContext) => c.order?.id ?? (c.start.kind === "return" ? c.start.ref : null);

const codeOf = (error: unknown) => toErrorBody(error).code;

export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseContext,
    events: {} as PurchaseEvent,
    input: {} as PurchaseInput,
    tags: {} as PurchaseTag,
  },
  actors: {
    /** POST /diamonds/transactions/external: the order, CREATED, with the provider's approve link. */
    createOrder: fromPromise<PaymentOrder, { dPackId: string }>(notProvided("createOrder")),
    /** GET /diamonds/transactions/{id}: the stored order, its state read again from the provider. */
    readOrder: fromPromise<PaymentOrder, { ref: string }>(notProvided("readOrder")),
    /** GET /diamonds/transactions/{id}/capture: COMPLETED and the pack credited, once. */
    captureOrder: fromPromise<PaymentOrder, { ref: string }>(notProvided("captureOrder")),
    /** POST /diamonds/transactions/{id}/cancel: VOIDED, nothing credited. */
    cancelOrder: fromPromise<PaymentOrder, { ref: string }>(notProvided("cancelOrder")),
  },
  guards: {
    returned: ({ context }) => context.start.kind === "return" && !context.start.cancelled,
    returnedCancelled: ({ context }) => context.start.kind === "return" && context.start.cancelled,
    hasOrder: ({ context }) => orderRef(context) !== null,
    isCompleted: ({ context }) => context.order?.state === "COMPLETED",
    isVoided: ({ context }) => context.order?.state === "VOIDED",
    /** Approved, and not an order whose capture was just refused (the player's next step decides, no loop). */
    isApproved: ({ context }) => context.order?.state === "APPROVED" && !context.captureRefused,
    hasApproveLink: ({ context }) => Boolean(context.order?.approveUrl),
    voidedOnServer: (_, params: { error: unknown }) => codeOf(params.error) === "paymentVoided",
    notApprovedOnServer: (_, params: { error: unknown }) => codeOf(params.error) === "paymentNotApproved",
    completedOnServer: (_, params: { error: unknown }) => codeOf(params.error) === "paymentCompleted",
  },
  actions: {
    setOrder: assign({ order: (_, params: PaymentOrder) => params, error: null }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
    /** Sends the payer to the provider's approve page (the app: a redirect). */
    // oxlint-disable-next-line no-unused-vars -- the app reads the url
    goToProvider: (_, _params: { url: string }) => {},
    /** The Processing modal: shown while the purchase works, hidden after (the app's modals). */
    showProcessing: () => {},
    hideProcessing: () => {},
    /** The pack was credited: the balance, history and orders are read again (the app's query cache). */
    credited: () => {},
    /** The order reached a final state: the player's orders are read again (the app's query cache). */
    orderSettled: () => {},
  },
}).createMachine({
  id: "purchase",
  description:
    "One pack bought through the payment provider: creating the order, approving at the provider (redirect), the payer action (3-D Secure), capturing, then completed (credited once), voided or failed with retry; after the provider's redirect back it resumes from the stored order.",
  initial: "working",
  context: ({ input }) => ({ start: input.start, order: null, error: null, captureRefused: false }),
  states: {
    working: {
      tags: ["working"],
      entry: "showProcessing",
      exit: "hideProcessing",
      initial: "starting",
      states: {
        starting: {
          tags: ["creating"],
          always: [
            { guard: "returnedCancelled", target: "cancelling" },
            { guard: "returned", target: "resuming" },
            { target: "creating" },
          ],
        },
        creating: {
          tags: ["creating"],
          invoke: {
            id: "createOrder",
            src: "createOrder",
            input: ({ context }) => ({ dPackId: context.start.kind === "pack" ? context.start.dPackId : "" }),
            onDone: {
              target: "#purchase.approving",
              actions: { type: "setOrder", params: ({ event }) => event.output },
            },
            onError: {
              target: "#purchase.failed",
              actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        resuming: {
          tags: ["checking"],
          invoke: {
            id: "readOrder",
            src: "readOrder",
            input: ({ context }) => ({ ref: orderRef(context) ?? "" }),
            onDone: { target: "routing", actions: { type: "setOrder", params: ({ event }) => event.output } },
            onError: {
              target: "#purchase.failed",
              actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        routing: {
          tags: ["checking"],
          description: "Where the stored order stands decides what comes next.",
          always: [
            { guard: "isCompleted", target: "#purchase.completed" },
            { guard: "isVoided", target: "#purchase.voided" },
            { guard: "isApproved", target: "capturing" },
            { target: "#purchase.payerAction" },
          ],
        },
        capturing: {
          tags: ["capturing"],
          invoke: {
            id: "captureOrder",
            src: "captureOrder",
            input: ({ context }) => ({ ref: orderRef(context) ?? "" }),
            onDone: {
              target: "#purchase.completed",
              actions: [{ type: "setOrder", params: ({ event }) => event.output }, "credited"],
            },
            onError: [
              {
                guard: { type: "voidedOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "#purchase.voided",
              },
              // The provider needs the payer again (3-D Secure at capture): read the order for its new approve link.
              {
                guard: { type: "notApprovedOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "resuming",
                actions: assign({ captureRefused: true }),
              },
              {
                target: "#purchase.failed",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        cancelling: {
          tags: ["cancelling"],
          invoke: {
            id: "cancelOrder",
            src: "cancelOrder",
            input: ({ context }) => ({ ref: orderRef(context) ?? "" }),
            onDone: { target: "#purchase.voided", actions: { type: "setOrder", params: ({ event }) => event.output } },
            onError: [
              // Completed meanwhile (a webhook captured it): read it again.
              {
                guard: { type: "completedOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "resuming",
              },
              {
                target: "#purchase.failed",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    approving: {
      tags: ["approving"],
      // No cancel here: the Store is leaving for the provider's page, where the payer cancels (its cancel link
      // brings them back as a cancelled return).
      description: "Off to the provider's approve page; the provider sends the payer back to the Store.",
      entry: { type: "goToProvider", params: ({ context }) => ({ url: context.order?.approveUrl ?? "" }) },
    },
    payerAction: {
      tags: ["payerAction"],
      description:
        "The provider still needs the payer (PAYER_ACTION_REQUIRED, 3-D Secure): back to its page, or cancel.",
      on: {
        "purchase.continue": { guard: "hasApproveLink", target: "approving" },
        "purchase.cancel": { target: "working.cancelling" },
        // Paid in another tab, or the payer passed the step meanwhile: read it again, ready to capture.
        "purchase.retry": { target: "working.resuming", actions: assign({ captureRefused: false }) },
      },
    },
    completed: { tags: ["completed"], type: "final", entry: "orderSettled" },
    voided: { tags: ["voided"], type: "final", entry: "orderSettled" },
    failed: {
      tags: ["failed"],
      on: {
        "purchase.retry": [
          { guard: "hasOrder", target: "working.resuming", actions: "clearError" },
          { target: "working.creating", actions: "clearError" },
        ],
      },
    },
  },
});
