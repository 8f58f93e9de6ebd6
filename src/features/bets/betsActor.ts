import { QueryObserver } from "@tanstack/react-query";
import { assign, createActor, fromCallback, fromPromise } from "xstate";
import { betPlacementMachine, type PlaceBetInput, type PlaceBetOutput } from "../../../machines/betPlacement.machine";
import { raceBetsMachine, type BetsSession, type RaceBetsEvent } from "../../../machines/raceBets.machine";
import { applyRaceBets, betKeys, placeBet, raceBetsQuery } from "../../api/bets";
import { balanceQuery, diamondsKeys } from "../../api/diamonds";
import { onLiveEvent } from "../../api/live";
import { serverClock } from "../../api/serverClock";
import { queryClient } from "../../api/queryClient";
import { applyRaceEvent } from "../../api/raceEvents";
import { applySessionMove } from "../../api/sessionMoves";
import { authActor, notificationsActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";
import { watchNewNotices } from "../../runtime/newNotices";
import { observeFlows } from "../../runtime/flowReporter";

// The Bets screen's owner with the real services: the API, the query cache it follows, the server-aligned clock
// and the BetOnRider modal. Created once, at module level (React StrictMode would start a component's actor
// twice); the screen opens and closes races on it.

/** The signed-in player: the one whose bets these services read and write. */
const me = () => authActor.getSnapshot().context.profile?.id ?? "";

/** Notices after which the race's bets are read again: a settlement, a refund for an injured rider, results. */
const BET_NOTICES = ["BET_RESULTS", "INJURED_RIDER_BETS", "INJURED_RIDER_BOTH", "RESULTS_PUBLISHED"];

const BET_MODAL_ID = "bet";

/** Follows the race's bets and the balance in the query cache; a notice or a race clock event reads the race again. */
const watchBets = fromCallback<RaceBetsEvent, BetsSession>(({ input, sendBack }) => {
  const bets = new QueryObserver(queryClient, raceBetsQuery(input.userId, input.raceId));
  const balance = new QueryObserver(queryClient, balanceQuery(input.userId));
  let sent: unknown = null;
  const sendData = () => {
    const data = bets.getCurrentResult().data;
    if (!data || data === sent) return;
    sent = data;
    sendBack({ type: "bets.data", data });
  };
  let lastBalance: string | undefined;
  const sendBalance = () => {
    const b = balance.getCurrentResult().data?.balance;
    if (b === undefined || b === lastBalance) return;
    lastBalance = b;
    sendBack({ type: "bets.balance", balance: Number(b) });
  };
  // A settlement or a refund also moves the balance: read it too (its live push may have been missed while the socket
  // was re-authenticating; the notices are read again after every reconnect).
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: betKeys.race(input.userId, input.raceId) });
    void queryClient.invalidateQueries({ queryKey: diamondsKeys.balance(input.userId) });
  };
  const stops = [
    bets.subscribe(sendData),
    balance.subscribe(sendBalance),
    watchNewNotices(notificationsActor, BET_NOTICES, refresh),
    // Betting closes when the race session starts: the bets and the balance are read again then (spread out, as at
    // a cancellation), not at every session of the weekend (api/raceEvents.ts).
    onLiveEvent("races", (event) => {
      if (event.raceId !== input.raceId) return;
      const own = [betKeys.race(input.userId, input.raceId), diamondsKeys.balance(input.userId)];
      applyRaceEvent(queryClient, event, own, event.session === "START" ? ["RACE_STARTED", "RACE_ENDED"] : []);
    }),
    // An operator moved a session: the cache takes the new times, the countdowns and locks follow (api/sessionMoves.ts).
    onLiveEvent("session-moved", (move) => {
      if (move.raceId === input.raceId) applySessionMove(queryClient, move);
    }),
  ];
  sendData();
  return () => stops.forEach((stop) => stop());
});

const livePlacement = betPlacementMachine.provide({
  actions: { readClock: assign({ now: () => serverClock.now() }) },
  actors: {
    placeBet: fromPromise<PlaceBetOutput, PlaceBetInput>(async ({ input }) => {
      const result = await placeBet(input.raceId, { riderId: input.riderId, type: input.type, amount: input.amount });
      applyRaceBets(queryClient, me(), result);
      return { bet: result.placed, balance: Number(result.balance) };
    }),
  },
});

export const betsActor = createActor(
  raceBetsMachine.provide({
    actors: { betPlacement: livePlacement, watchBets },
    actions: {
      readClock: assign({ now: () => serverClock.now() }),
      refetch: ({ context }) => {
        if (context.session)
          void queryClient.invalidateQueries({
            queryKey: betKeys.race(context.session.userId, context.session.raceId),
          });
      },
      // The player closes it with its buttons or Escape; an outside click would lose a half-made bet.
      openBetModal: ({ self }) =>
        void modals.open(
          "BetOnRider",
          {},
          {
            id: BET_MODAL_ID,
            closeOnOutside: false,
            showClose: true,
            reply: { to: self, closed: { type: "placement.closed" } },
          },
        ),
      closeBetModal: () => modals.close(BET_MODAL_ID),
    },
  }),
  { inspect: observeFlows },
);
betsActor.start();
