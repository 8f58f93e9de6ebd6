import { assign, fromPromise, setup } from "xstate";
import type { Bet, BetOdds, BetType } from "../contract/bets";
import { betSlip, bettingOpen, planBet, snapStake, stakeRange, typesLeft, type BetFacts } from "../contract/betRules";
import type { ErrorBody } from "../contract/common";
import { formatMessage } from "../contract/messages";
import { betNumbers } from "../contract/rules";
import type { Verdict } from "../contract/verdict";
import { MAX_TIMER_MS } from "./predictionChange.machine";
import { isRaceStarted, notProvided, toErrorBody } from "./serviceErrors";

// One bet, from the BetOnRider modal: the type, the stake on the slider, the confirmation, the placing and its
// outcome. Every rule (stakes, the ACROSS step, the deadline, one bet per rider and type, the balance) is the
// contract's `planBet`, and the stakes the slider offers are its `stakeRange`; the machine adds the flow, closes
// itself at the deadline from the injected clock and follows the live balance: the stake never goes past it, and a
// balance under the minimum stake is a state of its own (the Store), decided where every edit starts. The deadline
// is the owner's too: an operator moving the race session moves it, and the modal follows (its timer re-armed, a
// closed modal open again when the close went later).

export type OddsOf = { id: string; odds: BetOdds | null };

export type BetPlacementInput = {
  raceId: string;
  /** The rider bet on. */
  riderId: string;
  /** The race's riders with their odds (null: injured, no bet possible): the rules' facts. */
  riders: readonly OddsOf[];
  /** The type the player pressed; null to choose in the modal. */
  type?: BetType | null;
  amount?: number;
  balance: number;
  /** When bets close: the race session's scheduled start (epoch ms), as the owner knew it when the modal opened. */
  closesAt: number;
  /** The player's bets already placed on this race. */
  placed: readonly { riderId: string; type: BetType }[];
};

export type BetPlacementContext = Omit<BetPlacementInput, "type" | "amount"> & {
  type: BetType | null;
  amount: number;
  /** The injected clock's last reading (epoch ms). */
  now: number;
  error: ErrorBody | null;
  /** The bet as the server placed it. */
  bet: Bet | null;
};

export type BetPlacementEvent =
  | { type: "bet.type"; betType: BetType }
  /** The slider moved: the amount snaps to a valid stake of the type. */
  | { type: "bet.amount"; amount: number }
  | { type: "bet.confirm" }
  | { type: "bet.retry" }
  /** The live channel's balance (another tab spent, the shop credited). */
  | { type: "bet.balance"; balance: number }
  /** The race read again while the modal is open (a rider injured, a bet placed from another device): the rules' facts. */
  | { type: "bet.facts"; riders: readonly OddsOf[]; placed: readonly { riderId: string; type: BetType }[] }
  /** The race read again after an operator moved its race session: when bets close now (epoch ms). */
  | { type: "bet.closeChanged"; closesAt: number };

export type PlaceBetInput = { raceId: string; riderId: string; type: BetType; amount: number };
/** The server answers the bet placed and the balance after its stake. */
export type PlaceBetOutput = { bet: Bet; balance: number };

/**
 * Tags the BetOnRider modal reads: `choosing` (the type), `staking` (the slider), `busy` (placing), and the
 * outcomes `placed` ('Bet is placed!'), `expired`, `insufficient` (under the minimum stake, or the server found
 * fewer diamonds than the stake: the Store), `incorrect`, `failed` (retry).
 */
export type BetPlacementTag =
  | "choosing"
  | "staking"
  | "busy"
  | "placed"
  | "expired"
  | "insufficient"
  | "incorrect"
  | "failed";

const factsOf = (c: BetPlacementContext): BetFacts => ({
  now: c.now,
  // Betting closes at the race session's start; the session's end does not matter here.
  race: { startsAt: c.closesAt, endsAt: c.closesAt, canceled: false },
  riders: new Map(c.riders.map((r) => [r.id, { available: r.odds !== null, odds: r.odds?.WIN ?? null }])),
  placed: c.placed,
  balance: c.balance,
});

/** The contract's verdict on the bet as it stands. */
export const verdictOf = (c: BetPlacementContext): Verdict<unknown> =>
  c.type === null
    ? { ok: false, refusal: { status: 400, code: "betIncorrect" } }
    : planBet(factsOf(c), { riderId: c.riderId, type: c.type, amount: c.amount });

/** The slider's range for the player's balance, or the contract's refusal when it is under the minimum stake (the Store). */
export const stakeRangeOf = (c: Pick<BetPlacementContext, "type" | "balance">) =>
  stakeRange(c.type ?? "WIN", c.balance);

/** The odds of the rider bet on (null: injured). */
export const riderOdds = (c: Pick<BetPlacementContext, "riderId" | "riders">) =>
  c.riders.find((r) => r.id === c.riderId)?.odds ?? null;

/** What the slider shows: each leg's stake and payout, and the most the bet can pay (null before a type is chosen). */
export const slipOf = (c: BetPlacementContext) => {
  const odds = riderOdds(c);
  return c.type && odds ? betSlip(c.type, c.amount, odds) : null;
};

const statusOf = (error: unknown) => toErrorBody(error).statusCode;

export const betPlacementMachine = setup({
  types: {
    context: {} as BetPlacementContext,
    events: {} as BetPlacementEvent,
    input: {} as BetPlacementInput,
    tags: {} as BetPlacementTag,
  },
  actors: {
    /** POST /bets/circuits/{raceId}; the server debits the stake and answers the bet and the balance. */
    placeBet: fromPromise<PlaceBetOutput, PlaceBetInput>(notProvided("placeBet")),
  },
  guards: {
    /** A type chosen and at least the minimum stake held: the slider. */
    canStake: ({ context }) => context.type !== null && stakeRangeOf(context).ok,
    /** The balance is under the type's minimum stake (the same for every type): no stake to offer. */
    belowMinimum: ({ context }) => !stakeRangeOf(context).ok,
    /** A type the player has no bet of on this rider yet. */
    typeLeft: ({ context, event }) =>
      event.type === "bet.type" && typesLeft(context.placed, context.riderId).includes(event.betType),
    /** Bets have closed on the injected clock (whatever the type and stake). */
    expiredNow: ({ context }) => !bettingOpen(context.now, factsOf(context).race),
    allowed: ({ context }) => verdictOf(context).ok,
    /** The live balance differs from the one the modal decided with (the owner may repeat it, e.g. after a reconnect). */
    balanceMoved: ({ context, event }) => event.type === "bet.balance" && event.balance !== context.balance,
    /** The close differs from the one the modal decided with (the owner repeats it with every read of the race). */
    closeMoved: ({ context, event }) => event.type === "bet.closeChanged" && event.closesAt !== context.closesAt,
    raceStarted: (_, params: { error: unknown }) => isRaceStarted(params.error),
    poorOnServer: (_, params: { error: unknown }) => statusOf(params.error) === 402,
    /** 400 or 409: the server says the bet itself is wrong (taken, injured, no riders). */
    refusedOnServer: (_, params: { error: unknown }) => [400, 409].includes(statusOf(params.error)),
  },
  actions: {
    /** The clock is a service: the app provides its server-aligned clock, tests a fake one. */
    readClock: assign({ now: () => Date.now() }),
    // The slider stops at the balance: every stake is snapped within what the player holds.
    setType: assign(({ context, event }) =>
      event.type === "bet.type"
        ? { type: event.betType, amount: snapStake(event.betType, context.amount, context.balance) }
        : {},
    ),
    setAmount: assign(({ context, event }) =>
      event.type === "bet.amount" ? { amount: snapStake(context.type ?? "WIN", event.amount, context.balance) } : {},
    ),
    setBalance: assign(({ context, event }) => ({
      balance: event.type === "bet.balance" ? event.balance : context.balance,
    })),
    /** The stake within the balance again (it fell while the bet was on its way, or while the modal waited). */
    fitStake: assign({ amount: ({ context }) => snapStake(context.type ?? "WIN", context.amount, context.balance) }),
    setClose: assign(({ context, event }) => ({
      closesAt: event.type === "bet.closeChanged" ? event.closesAt : context.closesAt,
    })),
    setFacts: assign(({ context, event }) =>
      event.type === "bet.facts"
        ? { riders: event.riders, placed: event.placed }
        : { riders: context.riders, placed: context.placed },
    ),
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    /** The contract's refusal as the error the modal shows. */
    setRefusal: assign({
      error: ({ context }) => {
        const v = verdictOf(context);
        return v.ok
          ? null
          : { statusCode: v.refusal.status, code: v.refusal.code, message: formatMessage(v.refusal.code) };
      },
    }),
    clearError: assign({ error: null }),
    setPlaced: assign((_, params: PlaceBetOutput) => ({ bet: params.bet, balance: params.balance })),
  },
  delays: {
    /** Until bets close: the modal closes itself then, whatever it shows. */
    untilDeadline: ({ context }) => Math.min(MAX_TIMER_MS, Math.max(0, context.closesAt - context.now)),
  },
}).createMachine({
  id: "betPlacement",
  description:
    "One bet in the BetOnRider modal: the type (WIN, PLACE, SHOW or ACROSS), the stake on the slider (30 to the lower of 150 and the balance, ACROSS in steps of 3 split into three legs), confirm, placing, then 'Bet is placed!', expired, not enough diamonds (under the minimum stake: the Store; follows the live balance), incorrect, or a failure with retry; it closes itself when bets close, and follows the close when an operator moves the race session (open again if it went later).",
  initial: "open",
  // The owner's fresh facts, whatever the modal shows: the confirm's check then refuses what the server would (rider
  // injured, bet taken), and a closed modal opened again by a moved close decides with the race as last read.
  on: { "bet.facts": { actions: "setFacts" } },
  context: ({ input }) => {
    const type = input.type && typesLeft(input.placed, input.riderId).includes(input.type) ? input.type : null;
    return {
      raceId: input.raceId,
      riderId: input.riderId,
      riders: input.riders,
      type,
      amount: snapStake(type ?? "WIN", input.amount ?? betNumbers.minStake, input.balance),
      balance: input.balance,
      closesAt: input.closesAt,
      placed: input.placed,
      now: 0,
      error: null,
      bet: null,
    };
  },
  states: {
    open: {
      initial: "starting",
      states: {
        // Where the player starts, and comes back to when the deadline timer fires, the balance or the close moves
        // or a refused bet is edited: the clock decides first, then the balance (under the minimum stake nothing can
        // be laid), then whether a type is chosen.
        starting: {
          entry: "readClock",
          always: [
            { guard: "expiredNow", target: "#betPlacement.expired" },
            { guard: "canStake", target: "editing.staking" },
            { guard: "belowMinimum", target: "editing.insufficient" },
            { target: "editing.choosing" },
          ],
        },
        // The modal waits for the player: until bets close, then it closes itself (a request in flight is left to
        // finish). The live balance is decided again from the start; entering, the stake fits the balance. A moved
        // close goes through the start too: leaving the editing is what re-arms its timer, and a close moved into
        // the past (on this clock) closes the modal there.
        editing: {
          entry: "fitStake",
          after: { untilDeadline: "starting" },
          on: {
            "bet.balance": { guard: "balanceMoved", target: "starting", actions: "setBalance" },
            "bet.closeChanged": { guard: "closeMoved", target: "starting", actions: "setClose" },
          },
          initial: "choosing",
          states: {
            choosing: {
              tags: "choosing",
              description:
                "The rider's odds for each type: the player picks WIN, PLACE, SHOW or ACROSS (a type already bet on this rider is not offered).",
              on: { "bet.type": { guard: "typeLeft", target: "staking", actions: "setType" } },
            },
            staking: {
              tags: "staking",
              description: "The slider: the stake, the split of an ACROSS bet and the potential payout move together.",
              on: {
                "bet.type": { guard: "typeLeft", actions: "setType" },
                "bet.amount": { actions: "setAmount" },
                "bet.confirm": { target: "#betPlacement.open.checking", actions: "readClock" },
              },
            },
            insufficient: {
              tags: "insufficient",
              description:
                "Not enough diamonds: the balance is under the minimum stake, or the server found fewer than the stake. The modal names the minimum and offers the Store, the slider rests; diamonds arriving (the live balance) bring the player back.",
              // Another type decides again: its help and odds, and the slider if the balance the modal knows allows it.
              on: { "bet.type": { guard: "typeLeft", target: "#betPlacement.open.starting", actions: "setType" } },
            },
            incorrect: {
              tags: "incorrect",
              description:
                "'Your bet is incorrect' (or the server's reason: already placed, rider injured): another type or stake tries again.",
              on: {
                "bet.amount": { target: "#betPlacement.open.starting", actions: ["setAmount", "clearError"] },
                "bet.type": {
                  guard: "typeLeft",
                  target: "#betPlacement.open.starting",
                  actions: ["setType", "clearError"],
                },
              },
            },
            failed: {
              tags: "failed",
              description:
                "The request failed (network, server): its message and Try Again, which checks the rules again first.",
              on: { "bet.retry": { target: "#betPlacement.open.checking", actions: "readClock" } },
            },
          },
        },
        // The contract decides again at the moment of the confirm: the deadline, the stake (the balance is already
        // decided: the stake never goes past it, and under the minimum there is no confirm).
        checking: {
          always: [
            { guard: "expiredNow", target: "#betPlacement.expired" },
            { guard: "allowed", target: "placing" },
            { target: "editing.incorrect", actions: "setRefusal" },
          ],
        },
        placing: {
          tags: "busy",
          entry: "clearError",
          // The stake on its way stays as sent; if the bet comes back, entering the editing fits it to the balance and
          // arms the timer on the close as it is then (the server decides this bet with its own).
          on: {
            "bet.balance": { actions: "setBalance" },
            "bet.closeChanged": { guard: "closeMoved", actions: "setClose" },
          },
          invoke: {
            id: "placeBet",
            src: "placeBet",
            input: ({ context }) => ({
              raceId: context.raceId,
              riderId: context.riderId,
              type: context.type ?? "WIN",
              amount: context.amount,
            }),
            onDone: {
              target: "#betPlacement.placed",
              actions: { type: "setPlaced", params: ({ event }) => event.output },
            },
            onError: [
              // The server's clock says bets have closed.
              {
                guard: { type: "raceStarted", params: ({ event }) => ({ error: event.error }) },
                target: "#betPlacement.expired",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: "poorOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "editing.insufficient",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: "refusedOnServer", params: ({ event }) => ({ error: event.error }) },
                target: "editing.incorrect",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
              {
                target: "editing.failed",
                actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
      },
    },
    placed: { type: "final", tags: "placed", description: "'Bet is placed!'" },
    // Not final: a close moved later opens the modal again, the player's type and stake as they were.
    expired: {
      tags: "expired",
      description:
        "'The time to make the bet has expired' until an operator moves the race session later: then the modal decides again from the start.",
      on: {
        "bet.closeChanged": {
          guard: "closeMoved",
          target: "#betPlacement.open.starting",
          actions: ["setClose", "clearError"],
        },
      },
    },
  },
});
