import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PredictionActionType as ActionTypes, UpgradeButtonState } from "../contract/enums";
import { upgradePrices } from "../contract/rules";
import { toErrorBody } from "./auth.machine";
import { isRaceStarted } from "./predictionForm.machine";

/** The spec's prediction action types: PREDICTION, PREDICTION_RACE/_SPRINT, PREDICTION_INSURANCE_RACE/_SPRINT. */
export type PredictionActionType = (typeof ActionTypes.options)[number];

/** What decides the button: the upgrade it sells and the facts of the moment. */
export type UpgradeFacts = {
  /** The pick(s) it applies to are saved: one category, or the whole podium. */
  hasPick: boolean;
  balance: number;
  /** Upgrades are bought until the session starts. */
  sessionStarted: boolean;
  bought: boolean;
};

export type UpgradeButtonContext = UpgradeFacts & {
  kind: PredictionActionType;
  price: number;
  error: ErrorBody | null;
};

export type UpgradeButtonInput = Partial<UpgradeFacts> & { kind?: PredictionActionType; price?: number };

export type UpgradeButtonEvent =
  /** Fresh facts: a saved pick, a balance update, the session starting, a refund (bought: false). */
  | ({ type: "upgrade.sync" } & Partial<UpgradeFacts>)
  | { type: "upgrade.press" }
  | { type: "upgrade.confirm" }
  | { type: "upgrade.cancel" };

export type PurchaseInput = { kind: PredictionActionType; price: number };
/** The server answers with the balance after the charge. */
export type PurchaseOutput = { balance: number };

export const isInsurance = (kind: PredictionActionType) => kind === "PREDICTION_INSURANCE_RACE" || kind === "PREDICTION_INSURANCE_SPRINT";
export const isPodium = (kind: PredictionActionType) => kind === "PREDICTION_RACE" || kind === "PREDICTION_SPRINT";

/** game-rules.md's price for the upgrade, from the contract's rules. */
export function upgradePrice(kind: PredictionActionType): number {
  if (isInsurance(kind)) return upgradePrices.INSURANCE;
  if (isPodium(kind)) return upgradePrices.PODIUM;
  return upgradePrices.PREDICTION;
}

export type DisabledReason = "locked" | "noPick" | "unaffordable";

/** Why an unbought upgrade cannot be bought now (null: it can). Locked first: nothing else helps then. */
export function disabledReason(c: UpgradeFacts & { price: number }): DisabledReason | null {
  if (c.sessionStarted) return "locked";
  if (!c.hasPick) return "noPick";
  if (c.balance < c.price) return "unaffordable";
  return null;
}

const blocked = (c: UpgradeButtonContext) => disabledReason(c) !== null;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

const facts = (event: Partial<UpgradeFacts>): Partial<UpgradeFacts> => {
  const out: Partial<UpgradeFacts> = {};
  if (event.hasPick !== undefined) out.hasPick = event.hasPick;
  if (event.balance !== undefined) out.balance = event.balance;
  if (event.sessionStarted !== undefined) out.sessionStarted = event.sessionStarted;
  if (event.bought !== undefined) out.bought = event.bought;
  return out;
};

export const upgradeButtonMachine = setup({
  types: {
    context: {} as UpgradeButtonContext,
    events: {} as UpgradeButtonEvent,
    input: {} as UpgradeButtonInput | undefined,
  },
  actors: {
    /** Buys the upgrade for the prediction (the action type says which); the server charges the price. */
    purchase: fromPromise<PurchaseOutput, PurchaseInput>(notProvided("purchase")),
  },
  guards: {
    bought: ({ context }) => context.bought,
    blocked: ({ context }) => blocked(context),
    insurance: ({ context }) => isInsurance(context.kind),
    podium: ({ context }) => isPodium(context.kind),
    boughtInsurance: ({ context }) => context.bought && isInsurance(context.kind),
    blockedInsurance: ({ context }) => blocked(context) && isInsurance(context.kind),
    /** Re-checked on confirm: the facts may have moved while the Upgrade modal was open. */
    canBuy: ({ context }) => !context.bought && !blocked(context),
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
  },
  actions: {
    applyFacts: assign((_, params: Partial<UpgradeFacts>) => facts(params)),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
  },
}).createMachine({
  id: "upgradeButton",
  description:
    "One upgrade button (multiplier, podium multiplier or insurance) in the spec's states UPGRADE, UPGRADE_PODIUM, UPGRADE_ACTIVE, UPGRADE_DISABLED, INSURANCE, INSURANCE_ACTIVE, INSURANCE_DISABLED: derived from the pick, the balance against the price, the session's start and an earlier purchase; buying confirms, purchases and becomes active, or comes back with the error.",
  initial: "evaluating",
  context: ({ input }) => {
    const kind = input?.kind ?? "PREDICTION";
    return {
      kind,
      price: input?.price ?? upgradePrice(kind),
      hasPick: input?.hasPick ?? false,
      balance: input?.balance ?? 0,
      sessionStarted: input?.sessionStarted ?? false,
      bought: input?.bought ?? false,
      error: null,
    };
  },
  on: {
    "upgrade.sync": { target: ".evaluating", actions: { type: "applyFacts", params: ({ event }) => event } },
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
    UPGRADE_ACTIVE: {},
    INSURANCE_ACTIVE: {},
    UPGRADE_DISABLED: { description: "Locked (session started), no pick, or too few diamonds: see disabledReason()." },
    INSURANCE_DISABLED: { description: "Locked (session started), no pick, or too few diamonds: see disabledReason()." },
    confirming: {
      description: "The Upgrade modal with the price.",
      on: {
        "upgrade.confirm": [{ guard: "canBuy", target: "purchasing" }, { target: "evaluating" }],
        "upgrade.cancel": "evaluating",
        // Fresh facts while asking are kept; the confirm re-checks them.
        "upgrade.sync": { actions: { type: "applyFacts", params: ({ event }) => event } },
      },
    },
    purchasing: {
      invoke: {
        id: "purchase",
        src: "purchase",
        input: ({ context }) => ({ kind: context.kind, price: context.price }),
        onDone: { target: "evaluating", actions: assign({ bought: true, balance: ({ event }) => event.output.balance }) },
        onError: [
          // Spec 418: the session started on the server's clock; the button locks.
          {
            guard: { type: "raceStarted", params: ({ event }) => ({ error: event.error }) },
            target: "evaluating",
            actions: [assign({ sessionStarted: true }), { type: "setError", params: ({ event }) => ({ error: event.error }) }],
          },
          { target: "evaluating", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
      on: {
        // Settled by the purchase's answer; a balance update racing it is kept.
        "upgrade.sync": { actions: { type: "applyFacts", params: ({ event }) => event } },
      },
    },
  },
});

/** The spec's button state for a snapshot: while asking or buying, the button still shows what it sells. */
export function upgradeButtonState(value: unknown, context: Pick<UpgradeButtonContext, "kind">): UpgradeButtonState {
  if (typeof value === "string" && value !== "evaluating" && value !== "confirming" && value !== "purchasing") return value as UpgradeButtonState;
  if (isInsurance(context.kind)) return "INSURANCE";
  return isPodium(context.kind) ? "UPGRADE_PODIUM" : "UPGRADE";
}
