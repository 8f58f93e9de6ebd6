import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { ChangeTierName } from "../contract/predictions";
import { changeTiers } from "../contract/rules";
import {
  betweenTiers,
  changeTierAt,
  lateOpensAt,
  sessionOver,
  tierEndsAt,
  type SessionWindow,
} from "../contract/weekendRules/time";
import type { PickChange } from "../contract/weekendRules/view";
import { defaultWeekendRules, type WeekendRules } from "../contract/weekendRules/weekendRules";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

// Change Predictions (paid). Every time rule (the tier open now, when it closes, when LATE opens) is the
// contract's; the machine adds the flow: confirm the price shown, re-check it on confirm, submit, and follow
// the clock and the balance while the modal is open.

/** What the owner hands over when the player asks to change saved picks of one session. */
export type ChangeRequest = { raceId: string; session: SessionWindow; changes: PickChange[] };

export type ChangeInput = {
  request?: ChangeRequest | null;
  balance?: number;
  /** From GET /predictions/change-prediction-rules; the contract's defaults when absent. */
  rules?: WeekendRules;
};

export type PredictionChangeContext = {
  request: ChangeRequest | null;
  balance: number;
  rules: WeekendRules;
  /** The last time read from the injected clock (epoch ms); every tier decision uses it. */
  now: number;
  /** The tier whose price the player is shown (and confirms). */
  tier: ChangeTierName | null;
  /** The tier moved while the ChangePrediction modal was open: the player confirms the new price. */
  repriced: boolean;
  error: ErrorBody | null;
};

export type PredictionChangeEvent =
  | { type: "change.confirm" }
  | { type: "change.cancel" }
  | { type: "change.retry" }
  /** The live channel's user balance update (or the shop's purchase). */
  | { type: "change.balance"; balance: number };

/** What the submit service gets: only picks that really move, the tier and the price confirmed. */
export type SubmitChangeInput = { raceId: string; changes: PickChange[]; tier: ChangeTierName; cost: number };
/** The server answers with the balance after the charge. */
export type SubmitChangeOutput = { balance: number };

/** The server's refusal when the confirmed tier or total is not the current one. */
export const CHANGE_CONFIRMATION_CODE = "changeConfirmation";

/** Picks whose rider really changes: each one is charged. */
export const changedPicks = (changes: readonly PickChange[]) => changes.filter((c) => c.from !== c.to);

/** The price of the request in the tier: the tier's cost per changed pick. */
export const costOf = (c: Pick<PredictionChangeContext, "request" | "rules">, tier: ChangeTierName | null) =>
  tier === null || c.request === null ? 0 : c.rules.tiers[tier].cost * changedPicks(c.request.changes).length;

/** Timers cap at 2³¹−1 ms (about 24.8 days); a longer wait would fire at once, so it re-arms from a re-check. */
export const MAX_TIMER_MS = 2_147_483_647;
const waitUntil = (at: number, now: number) => Math.min(MAX_TIMER_MS, Math.max(0, at - now));

const currentTier = (c: PredictionChangeContext) =>
  c.request ? changeTierAt(c.now, c.request.session, c.rules) : null;

/** When LATE opens for the request's session (the "between tiers" message). */
export const lateOpensFor = (c: Pick<PredictionChangeContext, "request" | "rules">) =>
  c.request ? lateOpensAt(c.request.session, c.rules) : 0;

/**
 * Tags the ChangePrediction modal reads: `busy` (checking, submitting), `confirming` (the price to confirm),
 * `insufficient`, `between` (no tier now, LATE to come), `failed`, and the outcomes `changed`, `expired`, `canceled`.
 */
export type ChangeTag =
  | "busy"
  | "confirming"
  | "insufficient"
  | "between"
  | "failed"
  | "changed"
  | "expired"
  | "canceled";

export const predictionChangeMachine = setup({
  types: {
    context: {} as PredictionChangeContext,
    events: {} as PredictionChangeEvent,
    input: {} as ChangeInput | undefined,
    tags: {} as ChangeTag,
  },
  actors: {
    /** PUT /predictions/races/{raceId} as a paid change; the server charges and answers the balance. */
    submitChange: fromPromise<SubmitChangeOutput, SubmitChangeInput>(notProvided("submitChange")),
  },
  actions: {
    /** The clock is a service: the app provides its server-aligned clock, tests a fake one. */
    readClock: assign({ now: () => Date.now() }),
    takeTier: assign(({ context }) => {
      const tier = currentTier(context);
      return { tier, repriced: context.tier !== null && tier !== context.tier };
    }),
    setBalance: assign({ balance: (_, params: { balance: number }) => params.balance }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
  },
  guards: {
    /** A request opens the flow only when it changes at least one pick. */
    hasRequest: ({ context }) => context.request !== null && changedPicks(context.request.changes).length > 0,
    sessionOver: ({ context }) => context.request === null || sessionOver(context.now, context.request.session),
    betweenTiers: ({ context }) =>
      context.request !== null && betweenTiers(context.now, context.request.session, context.rules),
    cannotAfford: ({ context }) => context.balance < costOf(context, currentTier(context)),
    /** On confirm: the tier shown is still open and the balance still covers its price. */
    confirmedPriceHolds: ({ context }) => {
      const tier = currentTier(context);
      return tier !== null && tier === context.tier && context.balance >= costOf(context, tier);
    },
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
    /** The server's tier or total differs from the one confirmed (409 changeConfirmation): never pay more than seen. */
    priceMoved: (_, params: { error: unknown }) => toErrorBody(params.error).code === CHANGE_CONFIRMATION_CODE,
  },
  delays: {
    /** Until the shown tier closes: the machine re-checks by itself, so a modal never shows a stale price. */
    untilTierEnds: ({ context }) =>
      context.request && context.tier
        ? waitUntil(tierEndsAt(context.tier, context.request.session, context.rules), context.now)
        : 0,
    untilLateOpens: ({ context }) =>
      context.request ? waitUntil(lateOpensAt(context.request.session, context.rules), context.now) : 0,
  },
}).createMachine({
  id: "predictionChange",
  description:
    // The chart reads the prices from the contract, so they are spelled out in one place only.
    `Change Predictions (paid): the tier from the clock (BEFORE ${changeTiers.BEFORE.cost}, EARLY ${changeTiers.EARLY.cost}, LATE ${changeTiers.LATE.cost} diamonds per changed pick; none between tiers or after the session), the ChangePrediction confirmation, too few diamonds, a tier closing while confirming (re-checked on confirm), the submit, 418 as expired and other errors with retry.`,
  initial: "idle",
  context: ({ input }) => ({
    request: input?.request ?? null,
    balance: input?.balance ?? 0,
    rules: input?.rules ?? defaultWeekendRules,
    now: 0,
    tier: null,
    repriced: false,
    error: null,
  }),
  states: {
    // The owner spawns one flow per request, with the request and the balance as input (the weekend does so when
    // the player picks another rider in change mode); a request that changes nothing stays here and shows nothing.
    idle: {
      always: { guard: "hasRequest", target: "checking" },
    },
    // Reads the clock and puts the player where the rules say: no tier left, between tiers, too poor, or asked to confirm.
    checking: {
      tags: "busy",
      entry: "readClock",
      always: [
        { guard: "sessionOver", target: "expired" },
        { guard: "betweenTiers", target: "between" },
        { guard: "cannotAfford", target: "insufficient", actions: "takeTier" },
        { target: "confirming", actions: "takeTier" },
      ],
    },
    between: {
      tags: "between",
      description: "No change is sold between the EARLY and LATE tiers; LATE opens in the session's last minutes.",
      after: { untilLateOpens: "checking" },
      on: {
        "change.cancel": "canceled",
        "change.balance": { actions: { type: "setBalance", params: ({ event }) => event } },
      },
    },
    insufficient: {
      tags: "insufficient",
      description:
        "The tier's price is above the balance: the player buys diamonds (the balance update re-checks) or cancels.",
      after: { untilTierEnds: "checking" },
      on: {
        "change.balance": { target: "checking", actions: { type: "setBalance", params: ({ event }) => event } },
        "change.cancel": "canceled",
      },
    },
    confirming: {
      tags: "confirming",
      description: "The ChangePrediction modal: the tier and its price for the changed picks.",
      after: { untilTierEnds: "checking" },
      on: {
        "change.confirm": "rechecking",
        "change.cancel": "canceled",
        // Spent in another tab, or bought more: the same rules decide again.
        "change.balance": { target: "checking", actions: { type: "setBalance", params: ({ event }) => event } },
      },
    },
    // Time passed since the modal opened: the tier may have closed or changed price.
    rechecking: {
      tags: "busy",
      entry: "readClock",
      always: [{ guard: "confirmedPriceHolds", target: "submitting" }, { target: "checking" }],
    },
    submitting: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "submitChange",
        src: "submitChange",
        input: ({ context }) => ({
          raceId: context.request?.raceId ?? "",
          changes: changedPicks(context.request?.changes ?? []),
          tier: context.tier ?? "BEFORE",
          cost: costOf(context, context.tier),
        }),
        onDone: { target: "changed", actions: { type: "setBalance", params: ({ event }) => event.output } },
        onError: [
          // The session started (or the tier closed) on the server's clock: nothing left to do.
          {
            guard: { type: "raceStarted", params: ({ event }) => ({ error: event.error }) },
            target: "expired",
            actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
          },
          // The clocks disagreed about the tier: the player sees the price the rules give now and confirms again.
          { guard: { type: "priceMoved", params: ({ event }) => ({ error: event.error }) }, target: "checking" },
          { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      tags: "failed",
      description: "The server refused for another reason: its message and a Try Again that re-checks the tier first.",
      on: {
        "change.retry": "rechecking",
        "change.cancel": "canceled",
        "change.balance": { actions: { type: "setBalance", params: ({ event }) => event } },
      },
    },
    expired: { type: "final", tags: "expired", description: "'The time to make the prediction has expired'." },
    changed: { type: "final", tags: "changed" },
    canceled: { type: "final", tags: "canceled" },
  },
});

/** The price shown now (0 when no tier is open). */
export const shownCost = (c: PredictionChangeContext) => costOf(c, c.tier);
