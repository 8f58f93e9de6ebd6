import { describe, expect, it } from "vitest";
import type { ErrorBody } from "../../contract/common";
import type { SandboxCheckout } from "../../contract/store";
import { sandboxCheckoutMachine } from "../../machines/sandboxCheckout.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, transitionPaths } from "./modelWalk";

const checkout = (state: SandboxCheckout["state"]): SandboxCheckout => ({ token: "SBX-1", orderId: "o1", priceCents: 499, currency: "USD", state, returnUrl: "http://pp.test/shop?token=SBX-1", cancelUrl: "http://pp.test/shop?state=VOIDED&token=SBX-1" });
const voided: ErrorBody = { statusCode: 409, code: "paymentVoided", message: "This payment was canceled" };
const events = [
  { type: "checkout.step", step: "approve" },
  { type: "checkout.step", step: "authenticate" },
  { type: "checkout.step", step: "cancel" },
  { type: "xstate.done.actor.runStep", output: checkout("PAYER_ACTION_REQUIRED") },
  { type: "xstate.done.actor.runStep", output: checkout("APPROVED") },
  { type: "xstate.done.actor.runStep", output: checkout("VOIDED") },
  { type: "xstate.error.actor.runStep", error: apiError(voided) },
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
  it("covers 100% of the transitions", () => {
    console.log(coverageLine("sandboxCheckout.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});
