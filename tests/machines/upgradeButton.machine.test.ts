import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { UpgradeButtonState } from "../../contract/enums";
import {
  disabledReason,
  upgradeButtonMachine,
  upgradeButtonState,
  upgradePrice,
  type PredictionActionType,
  type PurchaseInput,
  type UpgradeButtonContext,
  type UpgradeButtonInput,
} from "../../machines/upgradeButton.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, settle, transitionPaths } from "./modelWalk";

const expiredBody: ErrorBody = { statusCode: 418, code: "predictionExpired", message: "The time to make the prediction has expired" };
const poor: ErrorBody = { statusCode: 409, code: "notEnoughDiamonds", message: "You don't have enough diamonds" };
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

// Sync payload variants: each fact moving one way alone, and all of them back to "buyable".
const events = [
  { type: "upgrade.sync", hasPick: false },
  { type: "upgrade.sync", balance: 10 },
  { type: "upgrade.sync", sessionStarted: true },
  { type: "upgrade.sync", bought: true },
  { type: "upgrade.sync", hasPick: true, balance: 100, sessionStarted: false, bought: false },
  { type: "upgrade.press" },
  { type: "upgrade.confirm" },
  { type: "upgrade.cancel" },
  { type: "xstate.done.actor.purchase", output: { balance: 40 } },
  { type: "xstate.error.actor.purchase", error: apiError(expiredBody) },
  { type: "xstate.error.actor.purchase", error: apiError(poor) },
  { type: "xstate.error.actor.purchase", error: apiError(broken) },
];

// A state is its value plus what the guards decide on (blocked or not, bought or not); the exact facts
// and the error are checked at every step but make no new states.
const serializeState = (s: { value: unknown; context: UpgradeButtonContext }) =>
  JSON.stringify([s.value, disabledReason(s.context) !== null, s.context.bought]);

/** One button per kind (the walk cannot pass input): a pick saved, 100 diamonds, before the start. */
const buttonFor = (kind: PredictionActionType) =>
  createMachine(
    {
      ...upgradeButtonMachine.config,
      context: { kind, price: upgradePrice(kind), hasPick: true, balance: 100, sessionStarted: false, bought: false, error: null },
    } as never,
    upgradeButtonMachine.implementations as never,
  ) as unknown as typeof upgradeButtonMachine;

describe("upgradeButton.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(upgradeButtonMachine);
  const covered = new Set<string>();
  const seen = new Set<string>();
  for (const kind of ["PREDICTION", "PREDICTION_RACE", "PREDICTION_INSURANCE_SPRINT"] as const) {
    const machine = buttonFor(kind);
    const paths = transitionPaths(machine, { events, serializeState: serializeState as never });
    it.each(paths.map((p) => [p.name, p] as const))(`${kind}: %s`, async (_n, path) => {
      const taken = await runPath(path, () => {
        const stubs = promiseStubs(["purchase"]);
        return { machine: machine.provide({ actors: stubs.actors }), pending: stubs.pending };
      });
      taken.forEach((k) => covered.add(k));
      for (const step of path.steps) seen.add(upgradeButtonState(step.value, { kind }));
    });
  }

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("upgradeButton.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });

  it("shows every state of the spec's UpgradeButtonState enum", () => {
    expect([...seen].toSorted()).toEqual([...UpgradeButtonState.options].toSorted());
  });
});

function startButton(input: UpgradeButtonInput, purchase: (input: PurchaseInput) => Promise<{ balance: number }> = async () => ({ balance: 0 })) {
  const calls: PurchaseInput[] = [];
  const actor = createActor(
    upgradeButtonMachine.provide({
      actors: {
        purchase: fromPromise<{ balance: number }, PurchaseInput>(async ({ input: i }) => {
          calls.push(i);
          return purchase(i);
        }),
      },
    }),
    { input },
  ).start();
  const shown = () => upgradeButtonState(actor.getSnapshot().value, actor.getSnapshot().context);
  return { actor, calls, shown, snap: () => actor.getSnapshot() };
}

const ready = { hasPick: true, balance: 100, sessionStarted: false, bought: false };

describe("Upgrade buttons (game rules: Upgrades)", () => {
  it.each([
    ["PREDICTION", "UPGRADE", "UPGRADE_ACTIVE", "UPGRADE_DISABLED", 30],
    ["PREDICTION_SPRINT", "UPGRADE_PODIUM", "UPGRADE_ACTIVE", "UPGRADE_DISABLED", 60],
    ["PREDICTION_RACE", "UPGRADE_PODIUM", "UPGRADE_ACTIVE", "UPGRADE_DISABLED", 60],
    ["PREDICTION_INSURANCE_RACE", "INSURANCE", "INSURANCE_ACTIVE", "INSURANCE_DISABLED", 40],
    ["PREDICTION_INSURANCE_SPRINT", "INSURANCE", "INSURANCE_ACTIVE", "INSURANCE_DISABLED", 40],
  ] as const)("%s: buyable %s, bought %s, locked %s, price %i", (kind, buyable, active, disabled, price) => {
    expect(upgradePrice(kind)).toBe(price);
    expect(startButton({ kind, ...ready }).shown()).toBe(buyable);
    expect(startButton({ kind, ...ready, bought: true }).shown()).toBe(active);
    expect(startButton({ kind, ...ready, sessionStarted: true }).shown()).toBe(disabled);
    expect(startButton({ kind, ...ready, hasPick: false }).shown()).toBe(disabled);
  });

  it("balance against the price at the limit: one diamond short is disabled", () => {
    expect(startButton({ kind: "PREDICTION", ...ready, balance: 30 }).shown()).toBe("UPGRADE");
    expect(startButton({ kind: "PREDICTION", ...ready, balance: 29 }).shown()).toBe("UPGRADE_DISABLED");
    expect(startButton({ kind: "PREDICTION_RACE", ...ready, balance: 59 }).shown()).toBe("UPGRADE_DISABLED");
    expect(startButton({ kind: "PREDICTION_INSURANCE_RACE", ...ready, balance: 40 }).shown()).toBe("INSURANCE");
  });

  it("says why a button is disabled, the session's start first", () => {
    expect(disabledReason({ ...ready, price: 30, sessionStarted: true, hasPick: false, balance: 0 })).toBe("locked");
    expect(disabledReason({ ...ready, price: 30, hasPick: false, balance: 0 })).toBe("noPick");
    expect(disabledReason({ ...ready, price: 30, balance: 0 })).toBe("unaffordable");
    expect(disabledReason({ ...ready, price: 30 })).toBeNull();
  });

  it("an upgrade bought before the start stays active after it", () => {
    const { actor, shown } = startButton({ kind: "PREDICTION_INSURANCE_SPRINT", ...ready, bought: true });
    actor.send({ type: "upgrade.sync", sessionStarted: true });
    expect(shown()).toBe("INSURANCE_ACTIVE");
  });

  it("press, confirm, purchase: active, with the balance the server answered", async () => {
    const { actor, calls, shown, snap } = startButton({ kind: "PREDICTION_RACE", ...ready }, async () => ({ balance: 40 }));
    actor.send({ type: "upgrade.press" });
    expect(snap().value).toBe("confirming");
    expect(shown()).toBe("UPGRADE_PODIUM");
    actor.send({ type: "upgrade.confirm" });
    expect(snap().value).toBe("purchasing");
    await settle();
    expect(calls).toEqual([{ kind: "PREDICTION_RACE", price: 60 }]);
    expect(shown()).toBe("UPGRADE_ACTIVE");
    expect(snap().context.balance).toBe(40);
  });

  it("cancel in the modal buys nothing", () => {
    const { actor, calls, shown } = startButton({ kind: "PREDICTION", ...ready });
    actor.send({ type: "upgrade.press" });
    actor.send({ type: "upgrade.cancel" });
    expect(shown()).toBe("UPGRADE");
    expect(calls).toEqual([]);
  });

  it("the session starting while the modal is open: confirm re-checks and does not buy", () => {
    const { actor, calls, shown } = startButton({ kind: "PREDICTION_INSURANCE_RACE", ...ready });
    actor.send({ type: "upgrade.press" });
    actor.send({ type: "upgrade.sync", sessionStarted: true });
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "upgrade.confirm" });
    expect(shown()).toBe("INSURANCE_DISABLED");
    expect(calls).toEqual([]);
  });

  it("418 from the server locks the button; other errors come back buyable with the error", async () => {
    const locked = startButton({ kind: "PREDICTION", ...ready }, async () => {
      throw apiError(expiredBody);
    });
    locked.actor.send({ type: "upgrade.press" });
    locked.actor.send({ type: "upgrade.confirm" });
    await settle();
    expect(locked.shown()).toBe("UPGRADE_DISABLED");
    expect(locked.snap().context.error).toEqual(expiredBody);

    const failing = startButton({ kind: "PREDICTION", ...ready }, async () => {
      throw apiError(broken);
    });
    failing.actor.send({ type: "upgrade.press" });
    failing.actor.send({ type: "upgrade.confirm" });
    await settle();
    expect(failing.shown()).toBe("UPGRADE");
    expect(failing.snap().context.error).toEqual(broken);
    failing.actor.send({ type: "upgrade.press" });
    expect(failing.snap().context.error).toBeNull();
  });

  it("re-evaluates when the facts change: a saved pick, a balance update, a refund", () => {
    const { actor, shown } = startButton({ kind: "PREDICTION", balance: 10 });
    expect(shown()).toBe("UPGRADE_DISABLED");
    actor.send({ type: "upgrade.sync", hasPick: true });
    expect(shown()).toBe("UPGRADE_DISABLED");
    actor.send({ type: "upgrade.sync", balance: 100 });
    expect(shown()).toBe("UPGRADE");
    actor.send({ type: "upgrade.sync", bought: true });
    expect(shown()).toBe("UPGRADE_ACTIVE");
    actor.send({ type: "upgrade.sync", bought: false });
    expect(shown()).toBe("UPGRADE");
  });
});
