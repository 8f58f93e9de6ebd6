import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from "xstate";
import type { BetType, RaceBets } from "../contract/bets";
import { bettingOpen, isBettable, typesLeft } from "../contract/betRules";
import { betPlacementMachine } from "./betPlacement.machine";
import { MAX_TIMER_MS } from "./predictionChange.machine";

// The owner of one race's bets on the Bets screen. It follows the race's bets and the balance, knows whether
// betting is open (until the race session's start, on the injected clock), and spawns the short-lived
// betPlacement flow when the player bets on a rider, opening the BetOnRider modal that shows it; it forwards the
// live balance to that flow and stops it when the modal closes or the race changes.

export type BetsSession = { userId: string; raceId: string };
export type PlacementRef = ActorRefFrom<typeof betPlacementMachine>;

export type RaceBetsContext = {
  session: BetsSession | null;
  data: RaceBets | null;
  /** The live balance when one came after the data. */
  balance: number | null;
  /** The injected clock's last reading (epoch ms). */
  now: number;
  placement: PlacementRef | null;
};

export type RaceBetsEvent =
  | { type: "bets.open"; session: BetsSession }
  | { type: "bets.close" }
  /** The server's view of the race's bets (a load, a bet placed, a settlement, a refund). */
  | { type: "bets.data"; data: RaceBets }
  | { type: "bets.balance"; balance: number }
  /** A rider's odds were pressed: bet on them (a type, or choose it in the modal). */
  | { type: "rider.bet"; riderId: string; betType?: BetType }
  /** The BetOnRider modal was closed. */
  | { type: "placement.closed" };

/** Tags the screen reads: `loading`, `open` (bets can be placed), `closed`, `betting` (the BetOnRider modal is up). */
export type RaceBetsTag = "loading" | "open" | "closed" | "betting";

const closesAt = (c: RaceBetsContext) => (c.data?.closesAt ? Date.parse(c.data.closesAt) : null);
const balanceOf = (c: RaceBetsContext) => c.balance ?? Number(c.data?.balance ?? 0);

/** The rules' facts a placement decides with: the riders' odds (null: injured) and the bets placed. */
const factsOf = (data: RaceBets) => ({
  riders: data.riders.map((r) => ({ id: r.id, odds: r.available ? r.odds : null })),
  placed: data.bets.map((b) => ({ riderId: b.riderId, type: b.type })),
});

/** Betting is open on the owner's clock: before the race session's start, on a race not canceled. */
export const isBettingOpen = (c: RaceBetsContext) => {
  const at = closesAt(c);
  return c.data !== null && at !== null && bettingOpen(c.now, { startsAt: at, endsAt: at, canceled: c.data.canceled });
};

export const raceBetsMachine = setup({
  types: {
    context: {} as RaceBetsContext,
    events: {} as RaceBetsEvent,
    tags: {} as RaceBetsTag,
    children: {} as { placement: "betPlacement"; watch: "watchBets" },
  },
  actors: {
    betPlacement: betPlacementMachine,
    /** Follows the race's bets and the balance in the server data, sending `bets.data` / `bets.balance`. */
    watchBets: fromCallback<RaceBetsEvent, BetsSession>(() => () => {}),
  },
  guards: {
    bettingOpen: ({ context }) => isBettingOpen(context),
    /** The rider can be bet on now, with a type the player has not bet on them yet (or a type to choose). */
    canBet: ({ context, event }) => {
      if (event.type !== "rider.bet" || !isBettingOpen(context)) return false;
      const rider = context.data!.riders.find((r) => r.id === event.riderId);
      if (!rider || !isBettable({ available: rider.available, odds: rider.odds?.WIN ?? null })) return false;
      const left = typesLeft(context.data!.bets, event.riderId);
      return event.betType ? left.includes(event.betType) : left.length > 0;
    },
  },
  delays: {
    /** Until bets close: the screen's buttons close then. */
    untilDeadline: ({ context }) =>
      Math.min(MAX_TIMER_MS, Math.max(0, (closesAt(context) ?? context.now) - context.now)),
  },
  actions: {
    /** The clock is a service: the app provides its server-aligned clock, tests a fake one. */
    readClock: assign({ now: () => Date.now() }),
    setData: assign(({ context, event }) =>
      event.type === "bets.data" ? { data: event.data, balance: null } : { data: context.data },
    ),
    setBalance: assign(({ context, event }) => ({
      balance: event.type === "bets.balance" ? event.balance : context.balance,
    })),
    forwardBalance: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === "bets.balance" && context.placement?.getSnapshot().status === "active")
        enqueue.sendTo(context.placement, { type: "bet.balance", balance: event.balance });
    }),
    /** The race read again: the open placement decides with the fresh riders and bets, and the close as it is now (an operator may have moved the race session). */
    forwardFacts: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "bets.data" || context.placement?.getSnapshot().status !== "active") return;
      enqueue.sendTo(context.placement, { type: "bet.facts", ...factsOf(event.data) });
      const at = closesAt(context);
      if (at !== null) enqueue.sendTo(context.placement, { type: "bet.closeChanged", closesAt: at });
    }),
    startPlacement: assign(({ context, event, spawn }) => {
      if (event.type !== "rider.bet" || !context.data) return {};
      const placement = spawn("betPlacement", {
        id: "placement",
        input: {
          raceId: context.data.raceId,
          riderId: event.riderId,
          ...factsOf(context.data),
          type: event.betType ?? null,
          balance: balanceOf(context),
          closesAt: closesAt(context)!,
        },
      });
      return { placement };
    }),
    stopPlacement: enqueueActions(({ context, enqueue }) => {
      if (context.placement) enqueue.stopChild(context.placement);
      enqueue.assign({ placement: null });
    }),
    clear: assign({ data: null, balance: null }),
    /** Reads the race's bets again (a bet placed or expired: the list and the balance move). */
    refetch: () => {},
    // The app shows and hides the BetOnRider modal.
    openBetModal: () => {},
    closeBetModal: () => {},
  },
}).createMachine({
  id: "raceBets",
  description:
    "The Bets screen's race: follows its bets and the balance, knows whether betting is open until the race session's start, spawns the betPlacement flow for a rider (the BetOnRider modal) and forwards the live balance to it; everything stops when the race changes or the screen closes.",
  initial: "closed",
  context: { session: null, data: null, balance: null, now: 0, placement: null },
  states: {
    closed: {
      on: { "bets.open": { target: "open", actions: assign({ session: ({ event }) => event.session }) } },
    },
    open: {
      invoke: { id: "watch", src: "watchBets", input: ({ context }) => context.session! },
      on: {
        "bets.close": {
          target: "closed",
          actions: ["stopPlacement", "closeBetModal", "clear", assign({ session: null })],
        },
        // Another race (or player): the old race's flow goes, the new one loads.
        "bets.open": {
          target: "open",
          reenter: true,
          actions: ["stopPlacement", "closeBetModal", "clear", assign({ session: ({ event }) => event.session })],
        },
      },
      initial: "loading",
      states: {
        loading: {
          tags: "loading",
          on: { "bets.data": { target: "ready", actions: ["setData", "readClock"] } },
        },
        ready: {
          type: "parallel",
          on: { "bets.balance": { actions: ["setBalance", "forwardBalance"] } },
          states: {
            betting: {
              initial: "checking",
              on: { "bets.data": { target: ".checking", actions: ["setData", "readClock", "forwardFacts"] } },
              states: {
                checking: { always: [{ guard: "bettingOpen", target: "open" }, { target: "closed" }] },
                open: {
                  tags: "open",
                  description: "Bets can be placed until the race session's scheduled start.",
                  after: { untilDeadline: { target: "checking", actions: "readClock" } },
                },
                closed: {
                  tags: "closed",
                  description: "'The time to make the bet has expired': the odds stay, the buttons go.",
                },
              },
            },
            flow: {
              initial: "idle",
              states: {
                idle: {
                  on: {
                    "rider.bet": {
                      guard: "canBet",
                      target: "placing",
                      actions: ["readClock", "startPlacement", "openBetModal"],
                    },
                  },
                },
                placing: {
                  tags: "betting",
                  description: "The BetOnRider modal shows the placement until the player closes it.",
                  on: {
                    // Placed: the modal shows the outcome; the race's bets are read again. (Expired is not an end:
                    // the close may move later.)
                    "xstate.done.actor.placement": { actions: "refetch" },
                    "placement.closed": { target: "idle", actions: "stopPlacement" },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
