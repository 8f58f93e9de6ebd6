import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { PredictionCategory } from "../../contract/enums";
import type { ActionType } from "../../contract/weekendRules/structure";
import type { SessionWindow } from "../../contract/weekendRules/time";
import { upgradeButtonView, type ExistingPick, type UpgradeButtonView } from "../../contract/weekendRules/upgrades";
import { defaultWeekendRules as rules } from "../../contract/weekendRules/weekendRules";
import { upgradeButtonMachine, type PurchaseInput } from "../../machines/upgradeButton.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// The button's paths are walked on the Predictions screen itself (tests/views/paths/upgradeButton.paths.test.tsx),
// with the coverage of every transition and so of every state of the spec's UpgradeButtonState; these are the
// rules the screen's paths do not spell out.

const expiredBody: ErrorBody = {
  statusCode: 418,
  code: "predictionExpired",
  message: "The time to make the prediction has expired",
};
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

// The weekend the verdicts come from: every session an hour ahead (or started, for "locked").
const T0 = Date.parse("2026-06-05T10:00:00Z");
const win: SessionWindow = { startsAt: T0 + 3600_000, endsAt: T0 + 7200_000, canceled: false };
const sessions = { FP1: win, PF: win, FP2: win, Q1: win, Q2: win, SPRINT: win, START: win };
const pick = (category: PredictionCategory, upgrades: ActionType[] = []): ExistingPick => ({
  id: category,
  category,
  riderId: category,
  upgrades,
  changes: 0,
  riderInjured: false,
});
const podium = (group: "SPRINT" | "RACE", upgrades: ActionType[] = []) =>
  (group === "SPRINT"
    ? (["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"] as const)
    : (["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"] as const)
  ).map((c) => pick(c, upgrades));

/** The contract's verdict for a button of `type` in a situation: picks saved, balance, session open or started. */
function viewOf(
  type: ActionType,
  situation: { picks?: boolean; balance?: number; started?: boolean; bought?: boolean } = {},
): UpgradeButtonView {
  const { picks = true, balance = 100, started = false, bought = false } = situation;
  const category: PredictionCategory | undefined = type === "PREDICTION" ? "FP1" : undefined;
  const group = type.endsWith("SPRINT") ? "SPRINT" : "RACE";
  const saved = !picks ? [] : category ? [pick(category, bought ? [type] : [])] : podium(group, bought ? [type] : []);
  return upgradeButtonView(
    { type, category },
    { now: started ? win.startsAt : T0, sessions, picks: saved, rules, balance },
  );
}

function startButton(view: UpgradeButtonView, purchase: (input: PurchaseInput) => Promise<void> = async () => {}) {
  const calls: PurchaseInput[] = [];
  const shown: string[] = [];
  const actor = createActor(
    upgradeButtonMachine.provide({
      actors: {
        purchase: fromPromise<void, PurchaseInput>(async ({ input: i }) => {
          calls.push(i);
          return purchase(i);
        }),
      },
      actions: {
        askConfirmation: () => void shown.push("Upgrade"),
        announceBought: () => void shown.push("UpgradeFinal"),
      },
    }),
    { input: { raceId: "r1", view } },
  ).start();
  const state = () => actor.getSnapshot().value;
  return { actor, calls, shown, state, snap: () => actor.getSnapshot() };
}

describe("Upgrades: the button's state is the spec's, from the contract's verdict", () => {
  it.each([
    ["PREDICTION", "UPGRADE", "UPGRADE_ACTIVE", "UPGRADE_DISABLED"],
    ["PREDICTION_SPRINT", "UPGRADE_PODIUM", "UPGRADE_ACTIVE", "UPGRADE_DISABLED"],
    ["PREDICTION_RACE", "UPGRADE_PODIUM", "UPGRADE_ACTIVE", "UPGRADE_DISABLED"],
    ["PREDICTION_INSURANCE_RACE", "INSURANCE", "INSURANCE_ACTIVE", "INSURANCE_DISABLED"],
    ["PREDICTION_INSURANCE_SPRINT", "INSURANCE", "INSURANCE_ACTIVE", "INSURANCE_DISABLED"],
  ] as const)("%s: buyable %s, bought %s, locked or without picks %s", (type, buyable, active, disabled) => {
    expect(startButton(viewOf(type)).state()).toBe(buyable);
    expect(startButton(viewOf(type, { bought: true })).state()).toBe(active);
    expect(startButton(viewOf(type, { started: true })).state()).toBe(disabled);
    expect(startButton(viewOf(type, { picks: false })).state()).toBe(disabled);
  });

  it("tags tell the view what it shows: active, disabled, confirming, busy", async () => {
    const { actor, snap } = startButton(viewOf("PREDICTION"), () => new Promise(() => {}));
    expect(snap().tags.size).toBe(0);
    actor.send({ type: "upgrade.press" });
    expect(snap().hasTag("confirming")).toBe(true);
    actor.send({ type: "upgrade.confirm" });
    expect(snap().hasTag("busy")).toBe(true);
    expect(
      startButton(viewOf("PREDICTION", { bought: true }))
        .snap()
        .hasTag("active"),
    ).toBe(true);
    expect(
      startButton(viewOf("PREDICTION", { balance: 0 }))
        .snap()
        .hasTag("disabled"),
    ).toBe(true);
  });
});

describe("Upgrades: buying through the Upgrade modal", () => {
  it("press asks, confirm buys: active, and UpgradeFinal takes the modal's place", async () => {
    const { actor, calls, shown, state } = startButton(viewOf("PREDICTION_RACE"));
    actor.send({ type: "upgrade.press" });
    expect(state()).toBe("confirming");
    expect(shown).toEqual(["Upgrade"]);
    actor.send({ type: "upgrade.confirm" });
    expect(state()).toBe("purchasing");
    await settle();
    expect(calls).toEqual([{ raceId: "r1", type: "PREDICTION_RACE", category: undefined, price: 60 }]);
    expect(state()).toBe("UPGRADE_ACTIVE");
    expect(shown).toEqual(["Upgrade", "UpgradeFinal"]);
  });

  it("a disabled button does not ask", () => {
    const { actor, shown, state } = startButton(viewOf("PREDICTION", { balance: 29 }));
    actor.send({ type: "upgrade.press" });
    expect(state()).toBe("UPGRADE_DISABLED");
    expect(shown).toEqual([]);
  });

  it("cancel in the modal buys nothing", () => {
    const { actor, calls, state } = startButton(viewOf("PREDICTION"));
    actor.send({ type: "upgrade.press" });
    actor.send({ type: "upgrade.cancel" });
    expect(state()).toBe("UPGRADE");
    expect(calls).toEqual([]);
  });

  it("the session starting while the modal is open: confirm re-checks and does not buy", () => {
    const { actor, calls, state } = startButton(viewOf("PREDICTION_INSURANCE_RACE"));
    actor.send({ type: "upgrade.press" });
    actor.send({ type: "upgrade.sync", view: viewOf("PREDICTION_INSURANCE_RACE", { started: true }) });
    expect(state()).toBe("confirming");
    actor.send({ type: "upgrade.confirm" });
    expect(state()).toBe("INSURANCE_DISABLED");
    expect(calls).toEqual([]);
  });

  it("418 from the server locks the button; other errors come back buyable with the error", async () => {
    const locked = startButton(viewOf("PREDICTION"), async () => {
      throw apiError(expiredBody);
    });
    locked.actor.send({ type: "upgrade.press" });
    locked.actor.send({ type: "upgrade.confirm" });
    await settle();
    expect(locked.state()).toBe("UPGRADE_DISABLED");
    expect(locked.snap().context.view.block).toBe("locked");
    expect(locked.snap().context.error).toEqual(expiredBody);

    const failing = startButton(viewOf("PREDICTION"), async () => {
      throw apiError(broken);
    });
    failing.actor.send({ type: "upgrade.press" });
    failing.actor.send({ type: "upgrade.confirm" });
    await settle();
    expect(failing.state()).toBe("UPGRADE");
    expect(failing.snap().context.error).toEqual(broken);
    failing.actor.send({ type: "upgrade.press" });
    expect(failing.snap().context.error).toBeNull();
  });

  it("re-evaluates on each verdict: a saved pick, a balance update, a refund", () => {
    const { actor, state } = startButton(viewOf("PREDICTION", { picks: false, balance: 10 }));
    expect(state()).toBe("UPGRADE_DISABLED");
    actor.send({ type: "upgrade.sync", view: viewOf("PREDICTION", { balance: 10 }) });
    expect(state()).toBe("UPGRADE_DISABLED");
    actor.send({ type: "upgrade.sync", view: viewOf("PREDICTION") });
    expect(state()).toBe("UPGRADE");
    actor.send({ type: "upgrade.sync", view: viewOf("PREDICTION", { bought: true }) });
    expect(state()).toBe("UPGRADE_ACTIVE");
    actor.send({ type: "upgrade.sync", view: viewOf("PREDICTION") });
    expect(state()).toBe("UPGRADE");
  });
});
