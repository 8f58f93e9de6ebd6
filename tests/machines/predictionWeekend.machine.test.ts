import { describe, expect, it } from "vitest";
import { assign, createActor, fromCallback, SimulatedClock } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { cardView, chooserFor, factsOf } from "../../contract/weekendRules/view";
import { startedCategories, unsavedCount } from "../../machines/predictionForm.machine";
import { predictionChangeMachine } from "../../machines/predictionChange.machine";
import { predictionFormMachine } from "../../machines/predictionForm.machine";
import { predictionWeekendMachine, type WeekendData } from "../../machines/predictionWeekend.machine";
import { upgradeButtonMachine } from "../../machines/upgradeButton.machine";
import { pick, riders, rules, startOf, T0, view, world } from "../views/predictions/predictionFixtures";
import { apiError } from "./authFixtures";
import { promiseStubs, settle } from "./stubs";

// The weekend's paths are walked on the Predictions screen with the app's weekend actor
// (tests/views/paths/predictionWeekend.paths.test.tsx), with the coverage of every transition; these are the rules the
// paths do not spell out (the flows it spawns and stops, where a pick goes, the draft, what a started session closes).
const session = { userId: "u1", raceId: "R1" };
const data = (picks: ReturnType<typeof pick>[], balance = 100, now = T0): WeekendData => ({
  prediction: view(world({ now, balance, picks })),
  riders,
  rules,
});
// FP1 saved (a paid change), FP2's rider injured (a free re-pick), the rest open.
const saved = data([pick("FP1", "r1"), pick("FP2", "r3")]);
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

/** The weekend with stub services on the walk's fake clock: modals do nothing, promises wait for the walk. */
function build(clock: SimulatedClock, record: string[] = []) {
  const stubs = promiseStubs(["repick", "submitChange", "save", "purchase"]);
  const readClock = assign({ now: () => clock.now() });
  const machine = predictionWeekendMachine.provide({
    actions: {
      readClock: readClock as never,
      openChooser: () => void record.push("open ChooseRider"),
      closeChooser: () => void record.push("close ChooseRider"),
      openChange: () => void record.push("open ChangePrediction"),
      closeChange: () => void record.push("close ChangePrediction"),
      showError: () => void record.push("show error"),
      refetch: () => void record.push("refetch"),
    },
    actors: {
      watchWeekend: fromCallback(() => () => {}),
      repick: stubs.actors.repick,
      predictionForm: predictionFormMachine.provide({ actors: { save: stubs.actors.save } }),
      upgradeButton: upgradeButtonMachine.provide({ actors: { purchase: stubs.actors.purchase } }),
      predictionChange: predictionChangeMachine.provide({
        actions: { readClock: readClock as never },
        actors: { submitChange: stubs.actors.submitChange },
      }),
    },
  });
  return { machine, pending: stubs.pending };
}

function start(first: WeekendData = saved) {
  const record: string[] = [];
  let now = T0;
  const clock = { now: () => now, set: (t: number) => void (now = t) } as unknown as SimulatedClock;
  const { machine, pending } = build(clock, record);
  const actor = createActor(machine).start();
  actor.send({ type: "weekend.open", session });
  actor.send({ type: "weekend.data", data: first });
  return { actor, pending, record, ctx: () => actor.getSnapshot().context, setNow: (t: number) => void (now = t) };
}

describe("The weekend owns its flows: spawned with the data, stopped when it closes", () => {
  it("spawns the form and the 15 upgrade buttons when the data arrives, with the contract's verdicts", () => {
    const { ctx } = start();
    expect(ctx().form?.getSnapshot().context.saved).toEqual({ FP1: "r1", FP2: "r3" });
    expect(Object.keys(ctx().buttons)).toHaveLength(15);
    expect(ctx().buttons["PREDICTION:FP1"]!.getSnapshot().value).toBe("UPGRADE");
    expect(ctx().buttons["PREDICTION:POLEMAN"]!.getSnapshot().value).toBe("UPGRADE_DISABLED");
  });

  it("stops every flow when the weekend closes", () => {
    const { actor, ctx } = start();
    const form = ctx().form!;
    actor.send({ type: "weekend.close" });
    expect(form.getSnapshot().status).toBe("stopped");
    expect(ctx().buttons).toEqual({});
  });

  it("hands the buttons a new verdict when the balance drops below a price", () => {
    const { actor, ctx } = start();
    actor.send({ type: "weekend.balance", balance: 10 });
    expect(ctx().buttons["PREDICTION:FP1"]!.getSnapshot().value).toBe("UPGRADE_DISABLED");
  });
});

describe("A card's action opens the chooser the rules give, and its pick goes where the card's mode says", () => {
  it("an open category: the pick is a form choice", async () => {
    const { actor, ctx, record } = start();
    actor.send({ type: "card.press", category: "POLEMAN" });
    expect(ctx().chooser!.getSnapshot().context.chooser).toEqual(
      chooserFor("POLEMAN", "choose", { FP1: "r1", FP2: "r3" }, { FP1: "r1", FP2: "r3" }, riders),
    );
    ctx().chooser!.send({ type: "chooser.pick", riderId: "r4" });
    await settle();
    expect(ctx().form!.getSnapshot().context.picks.POLEMAN).toBe("r4");
    expect(ctx().chooser).toBeNull();
    expect(record).toEqual(["open ChooseRider", "close ChooseRider"]);
  });

  it("a saved pick: the pick starts a paid change at the tier's price", async () => {
    const { actor, ctx, record } = start();
    actor.send({ type: "card.press", category: "FP1" });
    ctx().chooser!.send({ type: "chooser.pick", riderId: "r2" });
    await settle();
    const change = ctx().change!;
    expect(change.getSnapshot().context.request?.changes).toEqual([{ category: "FP1", from: "r1", to: "r2" }]);
    expect(change.getSnapshot().hasTag("confirming")).toBe(true);
    expect(record).toContain("open ChangePrediction");
    change.send({ type: "change.cancel" });
    await settle();
    expect(record).toContain("close ChangePrediction");
    actor.send({ type: "change.closed" });
    expect(ctx().change).toBeNull();
  });

  it("an injured rider's pick: the pick is a free re-pick; a refusal is shown", async () => {
    const { actor, pending, record } = start();
    actor.send({ type: "card.press", category: "FP2" });
    actor.getSnapshot().context.chooser!.send({ type: "chooser.pick", riderId: "r2" });
    await settle();
    expect(pending.has("repick")).toBe(true);
    pending.get("repick")!.reject(apiError(broken));
    await settle();
    expect(record).toContain("show error");
    expect(actor.getSnapshot().context.error).toEqual(broken);
  });

  it("a card without an action (its session started) opens nothing", () => {
    const { actor, ctx, setNow } = start();
    setNow(startOf("START") + 3600_000);
    actor.send({ type: "weekend.data", data: data([], 100, startOf("START") + 3600_000) });
    actor.send({ type: "card.press", category: "POLEMAN" });
    expect(ctx().chooser).toBeNull();
  });
});

/** The weekend on a fake clock whose timers the test moves (the owner's timer to the next moment). */
function startOnClock(first: WeekendData = data([]), at = T0) {
  const clock = new SimulatedClock();
  clock.set(at);
  const record: string[] = [];
  const { machine, pending } = build(clock, record);
  const actor = createActor(machine, { clock }).start();
  actor.send({ type: "weekend.open", session });
  actor.send({ type: "weekend.data", data: first });
  const ctx = () => actor.getSnapshot().context;
  const form = () => ctx().form!;
  const choose = (category: Parameters<typeof pick>[0], riderId: string) =>
    form().send({ type: "form.choose", category, riderId });
  /** What the card offers at the owner's moment, with what the form holds. */
  const card = (category: Parameters<typeof pick>[0]) => {
    const c = ctx();
    return cardView(factsOf(c.data!.prediction), category, c.now, rules, {
      picks: form().getSnapshot().context.picks,
      closed: startedCategories(form().getSnapshot().context),
    });
  };
  return { actor, clock, pending, record, ctx, form, choose, card };
}

describe("Unsaved choices outlive the screen: the weekend keeps them as a draft for the same weekend", () => {
  it("leaving Predictions and coming back to the same weekend restores every unsaved choice", () => {
    const { actor, ctx, choose } = startOnClock();
    choose("FP1", "r1");
    choose("POLEMAN", "r4");
    choose("RACE_FIRST", "r2");
    actor.send({ type: "weekend.close" });
    actor.send({ type: "weekend.open", session });
    actor.send({ type: "weekend.data", data: data([]) });
    expect(ctx().form!.getSnapshot().context.picks).toEqual({ FP1: "r1", POLEMAN: "r4", RACE_FIRST: "r2" });
    expect(unsavedCount(ctx().form!.getSnapshot().context)).toBe(3);
    expect(ctx().form!.getSnapshot().hasTag("dirty")).toBe(true);
  });

  it("another weekend drops the draft: coming back to the first one starts empty", () => {
    const { actor, ctx, choose } = startOnClock();
    choose("FP1", "r1");
    actor.send({ type: "weekend.close" });
    actor.send({ type: "weekend.open", session: { ...session, raceId: "R2" } });
    actor.send({ type: "weekend.close" });
    actor.send({ type: "weekend.open", session });
    actor.send({ type: "weekend.data", data: data([]) });
    expect(ctx().form!.getSnapshot().context.picks).toEqual({});
  });

  it("another player never gets the draft", () => {
    const { actor, ctx, choose } = startOnClock();
    choose("FP1", "r1");
    actor.send({ type: "weekend.close" });
    actor.send({ type: "weekend.open", session: { ...session, userId: "u2" } });
    actor.send({ type: "weekend.data", data: data([]) });
    expect(ctx().form!.getSnapshot().context.picks).toEqual({});
  });

  it("a draft comes back without what was saved meanwhile or what has started since", () => {
    const { actor, ctx, choose, clock } = startOnClock();
    choose("FP1", "r1");
    choose("FP2", "r2");
    choose("POLEMAN", "r4");
    actor.send({ type: "weekend.close" });
    clock.set(startOf("FP1") + 60_000);
    actor.send({ type: "weekend.open", session });
    actor.send({ type: "weekend.data", data: data([pick("FP2", "r5")], 100, startOf("FP1") + 60_000) });
    expect(ctx().form!.getSnapshot().context.picks).toEqual({ FP2: "r5", POLEMAN: "r4" });
  });
});

describe("A started session closes only its own categories", () => {
  it("FP1 starting live drops FP1's unsaved choice from the save bar; Practice Fastest stays to be saved", () => {
    const { clock, form, choose, card } = startOnClock();
    choose("FP1", "r1");
    choose("PRACTICE_FASTEST", "r2");
    expect(unsavedCount(form().getSnapshot().context)).toBe(2);
    clock.increment(startOf("FP1") - T0);
    expect(form().getSnapshot().context.picks).toEqual({ PRACTICE_FASTEST: "r2" });
    expect(unsavedCount(form().getSnapshot().context)).toBe(1);
    expect(card("FP1").badge).toBe("expired");
    expect(card("PRACTICE_FASTEST").action).toEqual({ kind: "choose", again: true });
  });

  it("a 418 naming FP1 (the server's clock ahead of the tab's) closes FP1 only: the other cards still choose", async () => {
    const { actor, ctx, pending, form, choose, card, record } = startOnClock();
    choose("FP1", "r1");
    choose("PRACTICE_FASTEST", "r2");
    choose("POLEMAN", "r4");
    form().send({ type: "form.save" });
    await settle();
    pending
      .get("save")!
      .reject(
        apiError({ statusCode: 418, code: "raceStarted", message: "Race has already started", sessions: ["FP1"] }),
      );
    await settle();
    expect(form().getSnapshot().context.picks).toEqual({ PRACTICE_FASTEST: "r2", POLEMAN: "r4" });
    expect(form().getSnapshot().context.late).toEqual({ sessions: ["FP1"], dropped: ["FP1"] });
    expect(card("FP1").badge).toBe("expired");
    expect(card("PRACTICE_FASTEST").badge).toBe("unsaved");
    actor.send({ type: "card.press", category: "FP1" });
    expect(ctx().chooser).toBeNull();
    actor.send({ type: "card.press", category: "FP2" });
    expect(ctx().chooser).not.toBeNull();
    expect(record).toEqual(["open ChooseRider"]);
  });
});

const at = (ms: number) => new Date(ms).toISOString();

describe("A session moved earlier closes its categories at its new start", () => {
  it("new data with FP1 advanced re-arms the wait: FP1's unsaved choice drops at the new start, not the old one", () => {
    const { actor, clock, form, choose } = startOnClock();
    choose("FP1", "r1");
    const advancedBy = 10 * 60_000;
    const moved = data([]);
    moved.prediction = {
      ...moved.prediction,
      slots: moved.prediction.slots.map((s) =>
        s.session === "FP1"
          ? { ...s, startsAt: at(Date.parse(s.startsAt) - advancedBy), endsAt: at(Date.parse(s.endsAt) - advancedBy) }
          : s,
      ),
    };
    actor.send({ type: "weekend.data", data: moved });
    clock.increment(startOf("FP1") - advancedBy - T0 - 1000);
    expect(form().getSnapshot().context.picks).toEqual({ FP1: "r1" });
    clock.increment(1000);
    expect(form().getSnapshot().context.picks).toEqual({});
  });
});

describe("A clock heard to be ahead closes what the server says has started", () => {
  it("the tab's timer has not reached FP1, a race event says the server's clock has: weekend.clock closes FP1 and offers the in-session change", () => {
    // The tab's timers run on `timers`; the owner reads the server-aligned clock, which a race event moved ahead.
    const timers = new SimulatedClock();
    timers.set(T0);
    let server = T0;
    const { machine } = build({ now: () => server } as unknown as SimulatedClock);
    const actor = createActor(machine, { clock: timers }).start();
    actor.send({ type: "weekend.open", session });
    actor.send({ type: "weekend.data", data: saved });
    const card = () =>
      cardView(factsOf(actor.getSnapshot().context.data!.prediction), "FP1", actor.getSnapshot().context.now, rules, {
        picks: {},
        closed: [],
      });
    server = startOf("FP1") + 2 * 60_000;
    expect(card()).toMatchObject({ started: false, action: { kind: "change", tier: "BEFORE", cost: 10 } });
    actor.send({ type: "weekend.clock" });
    expect(actor.getSnapshot().context.now).toBe(server);
    expect(card()).toMatchObject({ started: true, action: { kind: "change", tier: "EARLY", cost: 25 } });
  });
});
