import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import { formatMessage } from "../contract/messages";
import type { DonationResult } from "../contract/store";
import { donationVerdict, storeNumbers } from "../contract/storeRules";
import type { Verdict } from "../contract/verdict";
import { notProvided, toErrorBody } from "./serviceErrors";

// One donation of diamonds to another player (a profile's Donate button): the amount, the confirmation, sending,
// then done, not enough diamonds or a failure with retry (the same idempotency key: a retry never gives twice).
// The rules (at least 10, whole diamonds, not to oneself, the balance) are the contract's `donationVerdict`.

export type DonationInput = { fromUserId: string; toUserId: string; balance: number };

export type DonationContext = DonationInput & {
  amount: number;
  /** The donation's idempotency key, made when it is confirmed. */
  key: string;
  error: ErrorBody | null;
  result: DonationResult | null;
};

export type DonationEvent =
  | { type: "donation.amount"; amount: number }
  | { type: "donation.confirm" }
  | { type: "donation.back" }
  | { type: "donation.send" }
  | { type: "donation.retry" }
  | { type: "donation.again" }
  /** The live balance (another tab spent, a purchase credited). */
  | { type: "donation.balance"; balance: number };

export type DonateInput = { toUserId: string; amount: number; idempotencyKey: string };

/** Tags the Donate panel reads: `editing`, `confirming`, `sending`, `done`, `insufficient`, `failed`. */
export type DonationTag = "editing" | "confirming" | "sending" | "done" | "insufficient" | "failed";

export const donationVerdictOf = (c: DonationContext): Verdict<number> =>
  donationVerdict({ fromUserId: c.fromUserId, toUserId: c.toUserId, amount: c.amount, balance: c.balance });

export const donationMachine = setup({
  types: {
    context: {} as DonationContext,
    events: {} as DonationEvent,
    input: {} as DonationInput,
    tags: {} as DonationTag,
  },
  actors: {
    /** POST /diamonds/transactions/internal. */
    donate: fromPromise<DonationResult, DonateInput>(notProvided("donate")),
  },
  guards: {
    allowed: ({ context }) => donationVerdictOf(context).ok,
    tooPoor: ({ context }) => {
      const v = donationVerdictOf(context);
      return !v.ok && v.refusal.code === "notEnoughDiamonds";
    },
    poorOnServer: (_, params: { error: unknown }) => toErrorBody(params.error).statusCode === 402,
  },
  actions: {
    setAmount: assign({ amount: ({ event }) => (event.type === "donation.amount" ? event.amount : 0) }),
    setBalance: assign({
      balance: ({ context, event }) => (event.type === "donation.balance" ? event.balance : context.balance),
    }),
    /** A fresh key per confirmed donation (the app: crypto.randomUUID). */
    newKey: assign({ key: () => `donation-${Date.now().toString(36)}` }),
    setRefusal: assign({
      error: ({ context }) => {
        const v = donationVerdictOf(context);
        return v.ok
          ? null
          : { statusCode: v.refusal.status, code: v.refusal.code, message: formatMessage(v.refusal.code) };
      },
    }),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
    setResult: assign((_, params: DonationResult) => ({
      result: params,
      balance: Number(params.balance),
      error: null,
    })),
    /** The balance moved: the app reads it again. */
    donated: () => {},
  },
}).createMachine({
  id: "donation",
  description:
    "A donation to another player: the amount (at least 10 whole diamonds), confirm, sending (one idempotency key, so a retry never gives twice), then done, not enough diamonds (follows the live balance) or failed with retry.",
  initial: "editing",
  context: ({ input }) => ({ ...input, amount: storeNumbers.minDonation, key: "", error: null, result: null }),
  on: { "donation.balance": { actions: "setBalance" } },
  states: {
    editing: {
      tags: ["editing"],
      on: {
        "donation.amount": { actions: ["setAmount", "clearError"] },
        "donation.confirm": [
          { guard: "allowed", target: "confirming", actions: "newKey" },
          { guard: "tooPoor", target: "insufficient", actions: "setRefusal" },
          { actions: "setRefusal" },
        ],
      },
    },
    confirming: {
      tags: ["confirming"],
      on: { "donation.send": { target: "sending" }, "donation.back": { target: "editing" } },
    },
    sending: {
      tags: ["sending"],
      invoke: {
        id: "donate",
        src: "donate",
        input: ({ context }) => ({ toUserId: context.toUserId, amount: context.amount, idempotencyKey: context.key }),
        onDone: { target: "done", actions: [{ type: "setResult", params: ({ event }) => event.output }, "donated"] },
        onError: [
          {
            guard: { type: "poorOnServer", params: ({ event }) => ({ error: event.error }) },
            target: "insufficient",
            actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
          },
          { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The form stays editable under its "not enough diamonds" note: a new amount is the way on, so there is no "back".
    insufficient: {
      tags: ["insufficient"],
      on: {
        "donation.amount": { target: "editing", actions: ["setAmount", "clearError"] },
      },
    },
    failed: {
      tags: ["failed"],
      on: {
        "donation.retry": { target: "sending", actions: "clearError" },
        "donation.back": { target: "editing", actions: "clearError" },
      },
    },
    done: {
      tags: ["done"],
      on: {
        "donation.again": { target: "editing", actions: assign({ result: null, amount: storeNumbers.minDonation }) },
      },
    },
  },
});
