import { describe, expect, it } from "vitest";
import { createActor, waitFor } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { sandboxCheckoutMachine } from "../../machines/sandboxCheckout.machine";
import { apiError } from "./authFixtures";
import { promiseStubs, settle } from "./stubs";

const voided: ErrorBody = { statusCode: 409, code: "paymentVoided", message: "This payment was canceled" };
const failed: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

// Every path is played on the checkout page, with the coverage of every transition
// (tests/views/paths/sandboxCheckout.paths.test.tsx); this is what the page's paths cannot see.
describe("sandboxCheckout.machine", () => {
  it("reads an order canceled meanwhile again, so the page shows it canceled; another failure only shows the error", async () => {
    for (const [error, refreshes] of [
      [voided, 1],
      [failed, 0],
    ] as const) {
      let refreshed = 0;
      const stubs = promiseStubs(["runStep"]);
      const actor = createActor(
        sandboxCheckoutMachine.provide({ actors: stubs.actors, actions: { refresh: () => void refreshed++ } }),
      ).start();
      actor.send({ type: "checkout.step", step: "approve" });
      await settle();
      stubs.pending.get("runStep")!.reject(apiError(error));
      await waitFor(actor, (s) => s.hasTag("ready"));
      expect(actor.getSnapshot().context.error?.code).toBe(error.code);
      expect(refreshed).toBe(refreshes);
    }
  });
});
