import { assign, enqueueActions, setup, type ActorRefFrom } from "xstate";
import { purchaseMachine, type PurchaseStart } from "./purchase.machine";

// The Store screen's owner: spawns the purchase flow when the player picks a pack or the payment provider sends
// them back (its `token`), keeps one purchase at a time, and stops it when the player dismisses its outcome.

export type PurchaseRef = ActorRefFrom<typeof purchaseMachine>;

export type StoreContext = { purchase: PurchaseRef | null };

export type StoreEvent =
  | { type: "store.buy"; dPackId: string }
  /** The provider's return or cancel page: `ref` is its token (the order id at the provider). */
  | { type: "store.return"; ref: string; cancelled: boolean }
  | { type: "store.dismiss" };

/** Tags the Store reads: `buying` while a purchase exists. */
export type StoreTag = "idle" | "buying";

const busy = (ref: PurchaseRef | null) =>
  ref !== null && ref.getSnapshot().status === "active" && ref.getSnapshot().hasTag("working");

export const storeMachine = setup({
  types: {
    context: {} as StoreContext,
    events: {} as StoreEvent,
    tags: {} as StoreTag,
    children: {} as { purchase: "purchase" },
  },
  actors: { purchase: purchaseMachine },
  guards: {
    /** One purchase at a time: a new one waits until the current one stops working. */
    free: ({ context }) => !busy(context.purchase),
  },
  actions: {
    startPurchase: assign(({ event, spawn }) => {
      const start: PurchaseStart =
        event.type === "store.buy"
          ? { kind: "pack", dPackId: event.dPackId }
          : event.type === "store.return"
            ? { kind: "return", ref: event.ref, cancelled: event.cancelled }
            : { kind: "pack", dPackId: "" };
      return { purchase: spawn("purchase", { id: "purchase", input: { start } }) };
    }),
    stopPurchase: enqueueActions(({ context, enqueue }) => {
      if (context.purchase) enqueue.stopChild(context.purchase);
      enqueue.assign({ purchase: null });
    }),
  },
}).createMachine({
  id: "store",
  description:
    "The Store's owner: spawns one purchase flow for a chosen pack or for the provider's return (its token), and stops it when its outcome is dismissed.",
  initial: "idle",
  context: { purchase: null },
  states: {
    idle: {
      tags: ["idle"],
      on: {
        "store.buy": { target: "buying", actions: "startPurchase" },
        "store.return": { target: "buying", actions: "startPurchase" },
      },
    },
    buying: {
      tags: ["buying"],
      on: {
        "store.buy": { guard: "free", target: "buying", reenter: true, actions: ["stopPurchase", "startPurchase"] },
        "store.return": { guard: "free", target: "buying", reenter: true, actions: ["stopPurchase", "startPurchase"] },
        "store.dismiss": { target: "idle", actions: "stopPurchase" },
      },
    },
  },
});
