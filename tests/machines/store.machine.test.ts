import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { purchaseMachine } from "../../machines/purchase.machine";
import { storeMachine } from "../../machines/store.machine";
import { promiseStubs } from "./stubs";

function build() {
  const stubs = promiseStubs(["createOrder", "readOrder", "captureOrder", "cancelOrder"]);
  const machine = storeMachine.provide({ actors: { purchase: purchaseMachine.provide({ actors: stubs.actors }) } });
  return { machine, pending: stubs.pending };
}

// Every path of the owner is played on the Store screen, with the coverage of every transition
// (tests/views/paths/store.paths.test.tsx); this is the rule a path does not spell out.
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
