import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { PaymentOrder } from "../../contract/store";
import { purchaseMachine } from "../../machines/purchase.machine";
import { storeMachine } from "../../machines/store.machine";
import { allTransitions, promiseStubs } from "./modelWalk";
import { expectFull, toOwner, walkOwner, type OwnerStep } from "./ownerWalk";


function build() {
  const stubs = promiseStubs(["createOrder", "readOrder", "captureOrder", "cancelOrder"]);
  const machine = storeMachine.provide({ actors: { purchase: purchaseMachine.provide({ actors: stubs.actors }) } });
  return { machine, pending: stubs.pending };
}

const failing = <I,>() =>
  fromPromise<PaymentOrder, I>(async () => {
    throw new Error("offline");
  });

/** Purchases whose services fail at once: each stops working (failed), so the owner may start another. */
function buildSettled() {
  const actors = { createOrder: failing<{ dPackId: string }>(), readOrder: failing<{ ref: string }>(), captureOrder: failing<{ ref: string }>(), cancelOrder: failing<{ ref: string }>() };
  const machine = storeMachine.provide({ actors: { purchase: purchaseMachine.provide({ actors }) } });
  return { machine, pending: new Map() };
}

const steps: OwnerStep[] = [
  toOwner("store.buy", { type: "store.buy", dPackId: "p" }),
  toOwner("store.return", { type: "store.return", ref: "SBX-1", cancelled: false }),
  toOwner("store.dismiss", { type: "store.dismiss" }),
];

const key = (actor: { getSnapshot(): { value: unknown; context: { purchase: { getSnapshot(): { value: unknown } } | null } } }) =>
  JSON.stringify([actor.getSnapshot().value, actor.getSnapshot().context.purchase?.getSnapshot().value ?? null]);

describe("store.machine: every transition, walked on real actors", () => {
  it("covers 100% of the transitions", async () => {
    const { covered } = await walkOwner({ build: buildSettled, steps, key: key as never, maxDepth: 4 });
    expectFull("store.machine", allTransitions(storeMachine), covered);
  });
});

describe("The Store's owner keeps one purchase at a time", () => {
  it("spawns the purchase for a pack; another pack waits while it works; dismissing stops it", () => {
    const actor = createActor(build().machine).start();
    actor.send({ type: "store.buy", dPackId: "p" });
    const first = actor.getSnapshot().context.purchase!;
    expect(first.getSnapshot().hasTag("working")).toBe(true);
    actor.send({ type: "store.buy", dPackId: "q" });
    expect(actor.getSnapshot().context.purchase).toBe(first);
    actor.send({ type: "store.return", ref: "SBX-1", cancelled: false });
    expect(actor.getSnapshot().context.purchase).toBe(first);
    actor.send({ type: "store.dismiss" });
    expect(first.getSnapshot().status).toBe("stopped");
    expect(actor.getSnapshot().hasTag("idle")).toBe(true);
  });
});
