import { QueryObserver } from "@tanstack/react-query";
import { assign, createActor, fromCallback, fromPromise, type ActorRefFrom } from "xstate";
import type { ChangePredictionRules, RacePrediction } from "../../../contract/predictions";
import type { RaceRiders } from "../../../contract/races";
import { GAME_CLASS } from "../../../contract/rules";
import { upgradeKey } from "../../../contract/weekendRules/upgrades";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import {
  predictionChangeMachine,
  type SubmitChangeInput,
  type SubmitChangeOutput,
} from "../../../machines/predictionChange.machine";
import { predictionFormMachine, type SaveInput, type SaveOutput } from "../../../machines/predictionForm.machine";
import {
  predictionWeekendMachine,
  type PredictionWeekendEvent,
  type RepickInput,
  type WeekendSession,
} from "../../../machines/predictionWeekend.machine";
import { upgradeButtonMachine, type PurchaseInput } from "../../../machines/upgradeButton.machine";
import { isRaceStarted } from "../../../machines/serviceErrors";
import { balanceQuery } from "../../api/diamonds";
import { onLiveEvent } from "../../api/live";
import {
  applyRacePrediction,
  buyUpgrade,
  changePredictions,
  changeRulesQuery,
  predictionKeys,
  racePredictionQuery,
  savePredictions,
} from "../../api/predictions";
import { serverClock } from "../../api/serverClock";
import { queryClient } from "../../api/queryClient";
import { raceRidersQuery } from "../../api/races";
import { applyRaceEvent } from "../../api/raceEvents";
import { applySessionMove } from "../../api/sessionMoves";
import { authActor, notificationsActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";
import { watchNewNotices } from "../../runtime/newNotices";
import { i18n } from "../../i18n/i18n";
import { observeFlows } from "../../runtime/flowReporter";

// The Predictions screen's weekend actor with the real services: the API, the query cache it follows, the
// server-aligned clock and the modals its flows show. Created once, at module level (React StrictMode would
// start a component's actor twice); the screen opens and closes weekends on it.

/** The signed-in player: the one whose picks these services read and write. */
const me = () => authActor.getSnapshot().context.profile?.id ?? "";

/** A fresh key per purchase attempt: a retried request answers the first outcome without paying twice. */
const purchaseKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The Upgrade modal's entry id: UpgradeFinal takes its place only if it is still the one on top. */
const UPGRADE_MODAL_ID = "upgrade";

const INJURED = ["INJURED_RIDER_PREDICTIONS", "INJURED_RIDER_BOTH"];

/**
 * Follows the weekend's server data (its picks, riders and rules, and the balance) in the query cache and tells the
 * owner of every change; an injured-rider notice refreshes the picks, a race clock event is applied to the cache.
 */
const watchWeekend = fromCallback<PredictionWeekendEvent, WeekendSession>(({ input, sendBack }) => {
  const prediction = new QueryObserver(queryClient, racePredictionQuery(input.userId, input.raceId));
  const riders = new QueryObserver(queryClient, raceRidersQuery(input.raceId, GAME_CLASS));
  const rules = new QueryObserver(queryClient, changeRulesQuery());
  const balance = new QueryObserver(queryClient, balanceQuery(input.userId));
  let sent: [RacePrediction, RaceRiders, ChangePredictionRules | undefined] | null = null;
  const sendData = () => {
    const p = prediction.getCurrentResult().data;
    const r = riders.getCurrentResult().data;
    const k = rules.getCurrentResult().data;
    if (!p || !r || (sent && sent[0] === p && sent[1] === r && sent[2] === k)) return;
    sent = [p, r, k];
    sendBack({ type: "weekend.data", data: { prediction: p, riders: r.riders, rules: k ?? defaultWeekendRules } });
  };
  let lastBalance: string | undefined;
  const sendBalance = () => {
    const b = balance.getCurrentResult().data?.balance;
    if (b === undefined || b === lastBalance) return;
    lastBalance = b;
    sendBack({ type: "weekend.balance", balance: Number(b) });
  };
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: predictionKeys.race(input.userId, input.raceId) });
    void queryClient.invalidateQueries({ queryKey: ["races", input.raceId, "riders"] });
  };
  const stops = [
    prediction.subscribe(sendData),
    riders.subscribe(sendData),
    rules.subscribe(sendData),
    balance.subscribe(sendBalance),
    watchNewNotices(notificationsActor, INJURED, refresh),
    // A start or an end is applied from the cache and the event's clock (the rules close what started); the picks are
    // read again only when the race ends or is canceled, spread out (api/raceEvents.ts).
    onLiveEvent("races", (event) => {
      if (event.raceId !== input.raceId) return;
      applyRaceEvent(queryClient, event, [predictionKeys.race(input.userId, input.raceId)], ["RACE_ENDED"]);
      sendBack({ type: "weekend.clock" });
    }),
    // An operator moved a session: the cache takes the new times, the countdowns and locks follow (api/sessionMoves.ts).
    onLiveEvent("session-moved", (move) => {
      if (move.raceId === input.raceId) applySessionMove(queryClient, move);
    }),
  ];
  sendData();
  return () => stops.forEach((stop) => stop());
});

const liveForm = predictionFormMachine.provide({
  actors: {
    // POST even after a first save: a saved pick repeated is a no-op there, and POST never charges.
    save: fromPromise<SaveOutput, SaveInput>(async ({ input }) => {
      try {
        const result = await savePredictions(input.raceId, { version: input.version, data: input.data });
        applyRacePrediction(queryClient, me(), result);
        return { version: result.version };
      } catch (error) {
        // The server's clock has passed a start this tab's has not: reading the weekend again aligns the clock, and
        // the rules then close exactly what has started.
        if (isRaceStarted(error)) weekendActor.send({ type: "weekend.reload" });
        throw error;
      }
    }),
  },
});

const liveButton = upgradeButtonMachine.provide({
  actors: {
    purchase: fromPromise<void, PurchaseInput>(async ({ input }) => {
      const result = await buyUpgrade(input.raceId, {
        type: input.type,
        category: input.category,
        idempotencyKey: purchaseKey(),
      });
      applyRacePrediction(queryClient, me(), result);
    }),
  },
  actions: {
    askConfirmation: ({ self, context }) =>
      void modals.open(
        "Upgrade",
        { button: upgradeKey(context.view) },
        {
          id: UPGRADE_MODAL_ID,
          closeOnOutside: false,
          reply: { to: self, closed: { type: "upgrade.cancel" } },
        },
      ),
    announceBought: ({ context }) => {
      if (modals.topId() === UPGRADE_MODAL_ID)
        modals.replace("UpgradeFinal", { type: context.view.type, category: context.view.category });
    },
  },
});

const liveChange = predictionChangeMachine.provide({
  actions: { readClock: assign({ now: () => serverClock.now() }) },
  actors: {
    submitChange: fromPromise<SubmitChangeOutput, SubmitChangeInput>(async ({ input }) => {
      const current = queryClient.getQueryData<RacePrediction>(predictionKeys.race(me(), input.raceId));
      const result = await changePredictions(input.raceId, {
        version: current?.version ?? 0,
        data: input.changes.map((c) => ({ category: c.category, riderId: c.to })),
        change: { tier: input.tier, cost: input.cost },
      });
      applyRacePrediction(queryClient, me(), result);
      return { balance: Number(result.balance) };
    }),
  },
});

export const weekendActor = createActor(
  predictionWeekendMachine.provide({
    actors: {
      predictionForm: liveForm,
      upgradeButton: liveButton,
      predictionChange: liveChange,
      watchWeekend,
      repick: fromPromise<void, RepickInput>(async ({ input }) => {
        const result = await changePredictions(input.raceId, {
          version: input.version,
          data: [{ category: input.category, riderId: input.riderId }],
        });
        applyRacePrediction(queryClient, me(), result);
      }),
    },
    actions: {
      readClock: assign({ now: () => serverClock.now() }),
      refetch: ({ context }) => {
        if (context.session)
          void queryClient.invalidateQueries({
            queryKey: predictionKeys.race(context.session.userId, context.session.raceId),
          });
      },
      openChooser: ({ self }) =>
        void modals.open("ChooseRider", {}, { id: "chooser", reply: { to: self, closed: { type: "chooser.closed" } } }),
      closeChooser: () => modals.close("chooser"),
      // The player decides with the buttons: an outside click would leave the flow waiting.
      openChange: ({ self }) =>
        void modals.open(
          "ChangePrediction",
          {},
          { id: "change", closeOnOutside: false, reply: { to: self, closed: { type: "change.closed" } } },
        ),
      closeChange: () => modals.close("change"),
      // A 418 was already shown by the app (the race-started modal); other refusals say why here.
      showError: ({ context }) => {
        const error = context.error;
        if (!error || error.statusCode === 418) return;
        modals.open("Confirmation", { text: i18n.t(`errors:${error.code}`, { defaultValue: error.message }) });
      },
    },
  }),
  { inspect: observeFlows },
);
weekendActor.start();

export type WeekendActor = ActorRefFrom<typeof predictionWeekendMachine>;
