import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PredictionCategory } from "../contract/enums";
import type { ActionType } from "../contract/weekendRules/structure";
import { asBought, isInsurance, isPodiumMultiplier, type UpgradeButtonView } from "../contract/weekendRules/upgrades";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

// One upgrade button. What it may do comes from the contract's rules, computed by its owner (the weekend) at
// each moment and handed in as `view`; the machine adds the flow: ask, buy, show the outcome.

export type UpgradeButtonContext = { raceId: string; view: UpgradeButtonView; error: ErrorBody | null };
export type UpgradeButtonInput = { raceId: string; view: UpgradeButtonView };

export type UpgradeButtonEvent =
  /** The rules' verdict at a new moment: a saved pick, a balance update, the session starting, a refund. */
  | { type: "upgrade.sync"; view: UpgradeButtonView }
  | { type: "upgrade.press" }
  | { type: "upgrade.confirm" }
  | { type: "upgrade.cancel" };

export type PurchaseInput = {
  raceId: string;
  type: ActionType;
  category?: PredictionCategory | undefined;
  price: number;
};

/** Tags the views read: `active` (bought), `disabled`, `confirming` (the Upgrade modal is up), `busy` (buying). */
export type UpgradeButtonTag = "active" | "disabled" | "confirming" | "busy";

export const upgradeButtonMachine = setup({
  types: {
    context: {} as UpgradeButtonContext,
    events: {} as UpgradeButtonEvent,
    input: {} as UpgradeButtonInput,
    tags: {} as UpgradeButtonTag,
  },
  actors: {
    /** Buys the upgrade; the server charges the price and answers the fresh race view. */
    purchase: fromPromise<void, PurchaseInput>(notProvided("purchase")),
  },
  guards: {
    bought: ({ context }) => context.view.bought,
    blocked: ({ context }) => context.view.block !== null,
    insurance: ({ context }) => isInsurance(context.view.type),
    podium: ({ context }) => isPodiumMultiplier(context.view.type),
    boughtInsurance: ({ context }) => context.view.bought && isInsurance(context.view.type),
    blockedInsurance: ({ context }) => context.view.block !== null && isInsurance(context.view.type),
    /** Re-checked on confirm: the verdict may have moved while the Upgrade modal was open. */
    canBuy: ({ context }) => !context.view.bought && context.view.block === null,
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
  },
  actions: {
    setView: assign({ view: (_, params: { view: UpgradeButtonView }) => params.view }),
    markBought: assign({ view: ({ context }) => asBought(context.view) }),
    /** The session started on the server's clock: locked until the owner's next verdict says otherwise. */
    markLocked: assign({
      view: ({ context }) => ({
        ...context.view,
        block: "locked" as const,
        state: isInsurance(context.view.type) ? ("INSURANCE_DISABLED" as const) : ("UPGRADE_DISABLED" as const),
      }),
    }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
    // The app shows these (the Upgrade modal, then UpgradeFinal in its place).
    askConfirmation: () => {},
    announceBought: () => {},
  },
}).createMachine({
  id: "upgradeButton",
  description:
    "One upgrade button (multiplier, podium multiplier or insurance) in the spec's states UPGRADE, UPGRADE_PODIUM, UPGRADE_ACTIVE, UPGRADE_DISABLED, INSURANCE, INSURANCE_ACTIVE, INSURANCE_DISABLED, from the contract's verdict (the pick, the balance against the price, the session's start, an earlier purchase); buying asks in the Upgrade modal, purchases and becomes active, or comes back with the error.",
  initial: "evaluating",
  context: ({ input }) => ({ raceId: input.raceId, view: input.view, error: null }),
  on: {
    "upgrade.sync": { target: ".evaluating", actions: { type: "setView", params: ({ event }) => event } },
  },
  states: {
    // Bought wins over locked: an upgrade bought before the start stays shown as active.
    evaluating: {
      always: [
        { guard: "boughtInsurance", target: "INSURANCE_ACTIVE" },
        { guard: "bought", target: "UPGRADE_ACTIVE" },
        { guard: "blockedInsurance", target: "INSURANCE_DISABLED" },
        { guard: "blocked", target: "UPGRADE_DISABLED" },
        { guard: "insurance", target: "INSURANCE" },
        { guard: "podium", target: "UPGRADE_PODIUM" },
        { target: "UPGRADE" },
      ],
    },
    UPGRADE: { on: { "upgrade.press": { target: "confirming", actions: "clearError" } } },
    UPGRADE_PODIUM: { on: { "upgrade.press": { target: "confirming", actions: "clearError" } } },
    INSURANCE: { on: { "upgrade.press": { target: "confirming", actions: "clearError" } } },
    UPGRADE_ACTIVE: { tags: "active" },
    INSURANCE_ACTIVE: { tags: "active" },
    UPGRADE_DISABLED: {
      tags: "disabled",
      description: "Locked (session started), no pick, doubled already, or too few diamonds: the view's `block`.",
    },
    INSURANCE_DISABLED: {
      tags: "disabled",
      description: "Locked (session started), no pick, or too few diamonds: the view's `block`.",
    },
    confirming: {
      tags: "confirming",
      description: "The Upgrade modal with the price.",
      entry: "askConfirmation",
      on: {
        "upgrade.confirm": [{ guard: "canBuy", target: "purchasing" }, { target: "evaluating" }],
        "upgrade.cancel": "evaluating",
        // A fresh verdict while asking is kept; the confirm re-checks it.
        "upgrade.sync": { actions: { type: "setView", params: ({ event }) => event } },
      },
    },
    purchasing: {
      tags: ["busy", "confirming"],
      invoke: {
        id: "purchase",
        src: "purchase",
        input: ({ context }) => ({
          raceId: context.raceId,
          type: context.view.type,
          category: context.view.category,
          price: context.view.price,
        }),
        onDone: { target: "evaluating", actions: ["markBought", "announceBought"] },
        onError: [
          // Spec 418: the session started on the server's clock; the button locks.
          {
            guard: { type: "raceStarted", params: ({ event }) => ({ error: event.error }) },
            target: "evaluating",
            actions: ["markLocked", { type: "setError", params: ({ event }) => ({ error: event.error }) }],
          },
          { target: "evaluating", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: {
        // Settled by the purchase's answer; a verdict racing it is kept.
        "upgrade.sync": { actions: { type: "setView", params: ({ event }) => event } },
      },
    },
  },
});
