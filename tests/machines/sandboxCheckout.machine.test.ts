import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { SandboxCheckout } from "../../contract/store";
import { sandboxCheckoutMachine } from "../../machines/sandboxCheckout.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, settle, transitionPaths } from "./modelWalk";

const checkout = (state: SandboxCheckout["state"]): SandboxCheckout => ({ token: "SBX-1", orderId: "o1", diamonds: 550, priceCents: 499, currency: "USD", state, returnUrl: "http://pp.test/shop?token=SBX-1", cancelUrl: "http://pp.test/shop?state=VOIDED&token=SBX-1" });
const voided: ErrorBody = { statusCode: 409, code: "paymentVoided", message: "This payment was canceled" };
const failed: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };
const events = [
  { type: "checkout.step", step: "approve" },
  { type: "checkout.step", step: "authenticate" },
  { type: "checkout.step", step: "cancel" },
  { type: "xstate.done.actor.runStep", output: checkout("PAYER_ACTION_REQUIRED") },
  { type: "xstate.done.actor.runStep", output: checkout("APPROVED") },
  { type: "xstate.done.actor.runStep", output: checkout("VOIDED") },
  { type: "xstate.error.actor.runStep", error: apiError(voided) },
  { type: "xstate.error.actor.runStep", error: apiError(failed) },
];

describe("sandboxCheckout.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(sandboxCheckoutMachine);
  const covered = new Set<string>();
  const paths = transitionPaths(sandboxCheckoutMachine, { events, filterEvents: ((s: { value: unknown }) => s.value !== "leaving") as never });
  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    const taken = await runPath(path, () => {
      const stubs = promiseStubs(["runStep"]);
      return { machine: sandboxCheckoutMachine.provide({ actors: stubs.actors }), pending: stubs.pending };
    });
    taken.forEach((k) => covered.add(k));
  });
  it("reads an order canceled meanwhile again, so the page shows it canceled; another failure only shows the error", async () => {
    for (const [error, refreshes] of [
      [voided, 1],
      [failed, 0],
    ] as const) {
      let refreshed = 0;
      const stubs = promiseStubs(["runStep"]);
      const actor = createActor(sandboxCheckoutMachine.provide({ actors: stubs.actors, actions: { refresh: () => void refreshed++ } })).start();
      actor.send({ type: "checkout.step", step: "approve" });
      await settle();
      stubs.pending.get("runStep")!.reject(apiError(error));
      await waitFor(actor, (s) => s.hasTag("ready"));
      expect(actor.getSnapshot().context.error?.code).toBe(error.code);
      expect(refreshed).toBe(refreshes);
    }
  });
  it("covers 100% of the transitions", () => {
    console.log(coverageLine("sandboxCheckout.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});
