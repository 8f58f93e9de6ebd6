import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { PredictionCategory } from "../contract/enums";
import type { RacePrediction } from "../contract/predictions";
import type { RaceRider } from "../contract/races";
import { picksOf, type Picks } from "../contract/weekendRules/form";
import { categories, categorySession, podiumGroups } from "../contract/weekendRules/structure";
import { upgradeKey } from "../contract/weekendRules/upgrades";
import {
  cardView,
  changeRequestOf,
  chooserFor,
  closedCategories,
  factsOf,
  nextMoment,
  podiumState,
  slotState,
  type ChooserMode,
  type FormFacts,
} from "../contract/weekendRules/view";
import type { WeekendRules } from "../contract/weekendRules/weekendRules";
import { chooseRiderMachine, type ChooseRiderOutput } from "./chooseRider.machine";
import { predictionChangeMachine } from "./predictionChange.machine";
import { predictionFormMachine, startedCategories, unsavedPicks } from "./predictionForm.machine";
import { MAX_TIMER_MS } from "./predictionChange.machine";
import { notProvided, toErrorBody } from "./serviceErrors";
import { upgradeButtonMachine } from "./upgradeButton.machine";

// The owner of one race weekend on the Predictions screen. It spawns the flows the screen shows (the form, the
// 15 upgrade buttons) when the weekend's data arrives, and the short-lived ones a card's action starts (the
// chooser, then a paid change or a free re-pick); it hands each the contract's verdicts as data and time move,
// and stops them all when the weekend closes. Components get their refs from its context. It outlives the screen,
// so it also keeps the choices not saved yet when the screen goes (the draft), and gives them back to the form
// when the same player opens the same weekend again; opening another weekend drops them.

export type WeekendData = { prediction: RacePrediction; riders: readonly RaceRider[]; rules: WeekendRules };
export type WeekendSession = { userId: string; raceId: string };

export type FormRef = ActorRefFrom<typeof predictionFormMachine>;
export type UpgradeButtonRef = ActorRefFrom<typeof upgradeButtonMachine>;
export type ChooserRef = ActorRefFrom<typeof chooseRiderMachine>;
export type ChangeRef = ActorRefFrom<typeof predictionChangeMachine>;

/** Choices not saved when the weekend was left, for the player and race they were made for. */
export type WeekendDraft = { session: WeekendSession; picks: Picks };

export type PredictionWeekendContext = {
  session: WeekendSession | null;
  draft: WeekendDraft | null;
  data: WeekendData | null;
  /** The live balance when one came after the data (another tab spent, the shop credited). */
  balance: number | null;
  /** The injected clock's last reading (epoch ms). */
  now: number;
  form: FormRef | null;
  /** The upgrade buttons by `upgradeKey`. */
  buttons: Record<string, UpgradeButtonRef>;
  /** The category and mode the open chooser is for. */
  choosing: { category: PredictionCategory; mode: ChooserMode } | null;
  chooser: ChooserRef | null;
  /** The rider the chooser gave, while its pick is carried out. */
  picked: string | null;
  change: ChangeRef | null;
  error: ErrorBody | null;
};

export type PredictionWeekendEvent =
  | { type: "weekend.open"; session: WeekendSession }
  | { type: "weekend.close" }
  /** The server's view of the weekend, its riders and rules (a load, a save, a change, a refund). */
  | { type: "weekend.data"; data: WeekendData }
  | { type: "weekend.balance"; balance: number }
  /** Read the weekend again (after a 418: the server's clock is ahead of the tab's). */
  | { type: "weekend.reload" }
  /** The server's clock was heard again (a race event carries its moment): the verdicts are taken at the new reading. */
  | { type: "weekend.clock" }
  /** A card's action: choose, change (paid) or re-pick (free); the rules say which. */
  | { type: "card.press"; category: PredictionCategory }
  /** The ChooseRider / ChangePrediction modal was closed. */
  | { type: "chooser.closed" }
  | { type: "change.closed" };

/** A free re-pick of an injured rider's pick (PUT without a price). */
export type RepickInput = { raceId: string; version: number; category: PredictionCategory; riderId: string };

/** The prediction as it stands with the live balance. */
const current = (c: PredictionWeekendContext): RacePrediction | null =>
  c.data ? (c.balance === null ? c.data.prediction : { ...c.data.prediction, balance: String(c.balance) }) : null;

/** The rider a `xstate.done.actor.chooser` event carries (null when the player left without one). */
const chooserOutput = (event: { type: string }): ChooseRiderOutput | null =>
  event.type === "xstate.done.actor.chooser" && "output" in event
    ? ((event.output as ChooseRiderOutput | undefined) ?? null)
    : null;
const formPicks = (c: PredictionWeekendContext) => c.form?.getSnapshot().context.picks ?? {};
/** What the cards read of the form: its picks, and the categories a 418 closed. */
const formFacts = (c: PredictionWeekendContext): FormFacts => {
  const form = c.form?.getSnapshot().context;
  return { picks: form?.picks ?? {}, closed: form ? startedCategories(form) : [] };
};
const sameSession = (a: WeekendSession, b: WeekendSession) => a.userId === b.userId && a.raceId === b.raceId;

/** Every button's view at the context's moment, from the contract: a multiplier per category, then each podium's two. */
function buttonViews(c: PredictionWeekendContext) {
  const prediction = current(c);
  if (!prediction || !c.data) return [];
  const facts = factsOf(prediction);
  const rules = c.data.rules;
  const views = categories.map((category) => slotState(facts, category, c.now, rules).upgrade);
  for (const group of podiumGroups) {
    const podium = podiumState(facts, group, c.now, rules);
    views.push(podium.multiplier, podium.insurance);
  }
  return views.map((view) => ({ key: upgradeKey(view), view }));
}

export const predictionWeekendMachine = setup({
  types: {
    context: {} as PredictionWeekendContext,
    events: {} as PredictionWeekendEvent,
    children: {} as {
      form: "predictionForm";
      chooser: "chooseRider";
      change: "predictionChange";
      watch: "watchWeekend";
      repick: "repick";
    },
  },
  actors: {
    predictionForm: predictionFormMachine,
    upgradeButton: upgradeButtonMachine,
    chooseRider: chooseRiderMachine,
    predictionChange: predictionChangeMachine,
    /** Follows the server data of the weekend and the balance, sending `weekend.data` / `weekend.balance`. */
    watchWeekend: fromCallback<PredictionWeekendEvent, WeekendSession>(() => () => {}),
    repick: fromPromise<void, RepickInput>(notProvided("repick")),
  },
  guards: {
    /** The chooser ended with a rider (not left): read from its done event, so a replay without children decides alike. */
    picked: ({ event }) => Boolean(chooserOutput(event)),
    choosingMode: ({ context }, params: { mode: ChooserMode }) => context.choosing?.mode === params.mode,
    /** The card's action opens a chooser: it has one (a 418 may have closed the card before the clock did). */
    cardActs: ({ context, event }) => {
      const prediction = current(context);
      if (event.type !== "card.press" || !prediction || !context.data) return false;
      return (
        cardView(factsOf(prediction), event.category, context.now, context.data.rules, formFacts(context)).action !==
        null
      );
    },
    changeCanceled: ({ context }) => context.change?.getSnapshot().hasTag("canceled") ?? false,
  },
  delays: {
    /** Until the weekend's next moment (a session starts, a tier opens or closes): the verdicts move then. */
    untilNextMoment: ({ context }) => {
      const prediction = current(context);
      if (!prediction || !context.data) return MAX_TIMER_MS;
      return Math.min(MAX_TIMER_MS, Math.max(0, nextMoment(prediction, context.now, context.data.rules) - context.now));
    },
  },
  actions: {
    /** The clock is a service: the app provides its server-aligned clock, tests a fake one. */
    readClock: assign({ now: () => Date.now() }),
    setData: assign(({ context, event }) =>
      event.type === "weekend.data" ? { data: event.data, balance: null } : { data: context.data },
    ),
    setBalance: assign(({ context, event }) => ({
      balance: event.type === "weekend.balance" ? event.balance : context.balance,
    })),
    /** The form gets the draft kept for this weekend (it holds the choices from now on). */
    spawnFlows: assign(({ context, spawn }) => {
      const prediction = context.data!.prediction;
      const draft =
        context.draft && context.session && sameSession(context.draft.session, context.session)
          ? context.draft.picks
          : {};
      const form = spawn("predictionForm", {
        id: "form",
        input: {
          raceId: prediction.raceId,
          saved: picksOf(prediction.data),
          version: prediction.version,
          draft,
          closed: closedCategories(factsOf(prediction), context.now),
        },
      });
      const buttons: Record<string, UpgradeButtonRef> = {};
      for (const { key, view } of buttonViews(context))
        buttons[key] = spawn("upgradeButton", { id: `upgrade:${key}`, input: { raceId: prediction.raceId, view } });
      return { form, buttons, draft: null };
    }),
    /** Fresh data and verdicts to the children; the form hears which categories the clock has closed. */
    syncChildren: enqueueActions(({ context, enqueue }) => {
      const prediction = context.data?.prediction;
      if (context.form && prediction) {
        enqueue.sendTo(context.form, {
          type: "form.sync",
          saved: picksOf(prediction.data),
          version: prediction.version,
        });
        enqueue.sendTo(context.form, {
          type: "form.close",
          categories: closedCategories(factsOf(prediction), context.now),
        });
      }
      for (const { key, view } of buttonViews(context)) {
        const ref = context.buttons[key];
        if (ref) enqueue.sendTo(ref, { type: "upgrade.sync", view });
      }
    }),
    forwardBalance: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === "weekend.balance" && context.change?.getSnapshot().status === "active")
        enqueue.sendTo(context.change, { type: "change.balance", balance: event.balance });
    }),
    /** The form's choices not saved yet become the weekend's draft (before the form stops); before the form came, the draft stays. */
    keepDraft: assign(({ context }) => {
      const form = context.form?.getSnapshot().context;
      if (!form || !context.session) return {};
      const picks = unsavedPicks(form);
      return { draft: Object.keys(picks).length > 0 ? { session: context.session, picks } : null };
    }),
    /** The weekend to show; a draft of another player or race is dropped. */
    openSession: assign(({ context, event }) => {
      if (event.type !== "weekend.open") return {};
      return {
        session: event.session,
        draft: context.draft && sameSession(context.draft.session, event.session) ? context.draft : null,
      };
    }),
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const ref of [context.form, context.chooser, context.change, ...Object.values(context.buttons)])
        if (ref) enqueue.stopChild(ref);
      enqueue.assign({
        form: null,
        chooser: null,
        change: null,
        buttons: {},
        choosing: null,
        picked: null,
        data: null,
        balance: null,
        error: null,
      });
    }),
    startChooser: assign(({ context, event, spawn }) => {
      if (event.type !== "card.press") return {};
      const prediction = current(context)!;
      const rules = context.data!.rules;
      const action = cardView(factsOf(prediction), event.category, context.now, rules, formFacts(context)).action!;
      const mode: ChooserMode = action.kind === "choose" ? "choose" : action.kind;
      const chooser = chooserFor(
        event.category,
        mode,
        formPicks(context),
        picksOf(prediction.data),
        context.data!.riders,
      );
      return {
        choosing: { category: event.category, mode },
        chooser: spawn("chooseRider", { id: "chooser", input: { chooser } }),
        error: null,
      };
    }),
    stopChooser: enqueueActions(({ context, enqueue }) => {
      if (context.chooser) enqueue.stopChild(context.chooser);
      enqueue.assign({ chooser: null });
    }),
    setPicked: assign({ picked: ({ event }) => chooserOutput(event)?.riderId ?? null }),
    choose: enqueueActions(({ context, enqueue }) => {
      if (context.form && context.choosing && context.picked)
        enqueue.sendTo(context.form, {
          type: "form.choose",
          category: context.choosing.category,
          riderId: context.picked,
        });
    }),
    startChange: assign(({ context, spawn }) => {
      const prediction = current(context)!;
      const category = context.choosing!.category;
      const session = factsOf(prediction).sessions[categorySession[category]]!;
      const changes = changeRequestOf(picksOf(prediction.data), category, context.picked!);
      const change = spawn("predictionChange", {
        id: "change",
        input: {
          request: { raceId: prediction.raceId, session, changes },
          balance: Number(prediction.balance),
          rules: context.data!.rules,
        },
      });
      return { change };
    }),
    stopChange: enqueueActions(({ context, enqueue }) => {
      if (context.change) enqueue.stopChild(context.change);
      enqueue.assign({ change: null });
    }),
    setError: assign({ error: ({ event }) => ("error" in event ? toErrorBody(event.error) : null) }),
    /** Asks the server for the weekend again (the fresh data comes back as `weekend.data`). */
    refetch: () => {},
    // The app shows and hides the modals of these flows.
    openChooser: () => {},
    closeChooser: () => {},
    openChange: () => {},
    closeChange: () => {},
    showError: () => {},
  },
}).createMachine({
  id: "predictionWeekend",
  description:
    "The Predictions screen's weekend: spawns the form and the 15 upgrade buttons when the data arrives and keeps them on the contract's verdicts as data, balance and time move; a card's action opens the chooser, whose pick is a form choice, a paid change (its own flow) or a free re-pick; everything stops when the weekend closes, its unsaved choices kept as the draft for the same weekend.",
  initial: "closed",
  context: {
    session: null,
    draft: null,
    data: null,
    balance: null,
    now: 0,
    form: null,
    buttons: {},
    choosing: null,
    chooser: null,
    picked: null,
    change: null,
    error: null,
  },
  states: {
    closed: {
      on: { "weekend.open": { target: "open", actions: "openSession" } },
    },
    open: {
      invoke: { id: "watch", src: "watchWeekend", input: ({ context }) => context.session! },
      on: {
        "weekend.close": { target: "closed", actions: ["keepDraft", "stopAll", assign({ session: null })] },
        // Another race (or player): the old weekend's flows go, the new one loads.
        "weekend.open": { target: "open", reenter: true, actions: ["keepDraft", "stopAll", "openSession"] },
      },
      initial: "loading",
      states: {
        loading: {
          on: { "weekend.data": { target: "ready", actions: ["setData", "readClock", "spawnFlows"] } },
        },
        ready: {
          type: "parallel",
          on: {
            "weekend.balance": { actions: ["setBalance", "readClock", "syncChildren", "forwardBalance"] },
            "weekend.reload": { actions: ["refetch", "readClock", "syncChildren"] },
          },
          states: {
            clock: {
              initial: "waiting",
              states: {
                waiting: {
                  description:
                    "Until the next moment a verdict changes; then the buttons hear the new verdicts. New data is taken here, so that it re-arms the wait: a session moved earlier brings its moment forward.",
                  after: {
                    untilNextMoment: { target: "waiting", reenter: true, actions: ["readClock", "syncChildren"] },
                  },
                  // Here and not on `ready`: xstate lets this region's transition pre-empt one of the parallel state itself.
                  on: {
                    "weekend.data": {
                      target: "waiting",
                      reenter: true,
                      actions: ["setData", "readClock", "syncChildren"],
                    },
                    // A clock heard to be ahead (a session started that the tab's timer had not reached) re-arms the wait too.
                    "weekend.clock": { target: "waiting", reenter: true, actions: ["readClock", "syncChildren"] },
                  },
                },
              },
            },
            flow: {
              initial: "idle",
              states: {
                idle: {
                  on: {
                    "card.press": {
                      guard: "cardActs",
                      target: "choosing",
                      actions: ["readClock", "startChooser", "openChooser"],
                    },
                  },
                },
                choosing: {
                  description: "The ChooseRider modal: the contract's options for the card's mode.",
                  on: {
                    "xstate.done.actor.chooser": [
                      {
                        guard: "picked",
                        target: "deciding",
                        actions: ["setPicked", "stopChooser", "closeChooser"],
                      },
                      { target: "idle", actions: ["stopChooser", "closeChooser"] },
                    ],
                    "chooser.closed": { target: "idle", actions: "stopChooser" },
                  },
                },
                // The pick goes where the card's mode says.
                deciding: {
                  always: [
                    { guard: { type: "choosingMode", params: { mode: "choose" } }, target: "idle", actions: "choose" },
                    {
                      guard: { type: "choosingMode", params: { mode: "change" } },
                      target: "changing",
                      actions: ["startChange", "openChange"],
                    },
                    { target: "repicking" },
                  ],
                },
                changing: {
                  description: "The ChangePrediction modal shows the change flow until it is closed.",
                  on: {
                    // Canceled: the modal goes. Changed or expired: the modal shows the outcome until the player closes it.
                    "xstate.done.actor.change": { guard: "changeCanceled", actions: "closeChange" },
                    "change.closed": { target: "idle", actions: "stopChange" },
                  },
                },
                repicking: {
                  invoke: {
                    id: "repick",
                    src: "repick",
                    input: ({ context }) => ({
                      raceId: context.session!.raceId,
                      version: context.data!.prediction.version,
                      category: context.choosing!.category,
                      riderId: context.picked!,
                    }),
                    onDone: "idle",
                    onError: { target: "idle", actions: ["setError", "showError"] },
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
