import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { DonationResult } from "../../contract/store";
import { donationMachine, type DonateInput } from "../../machines/donation.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// The donation's paths are walked on the Donate panel itself (tests/views/paths/donation.paths.test.tsx), with
// the coverage of every transition; these are the rules the panel's paths do not spell out.
const result: DonationResult = { id: "e1", amount: 25, toUserId: "b", balance: "75" };
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

describe("A donation: the rules are the contract's; a retry sends the same key", () => {
  it("refuses under 10 and to oneself without a call; a retry after a failure reuses the key", async () => {
    const calls: DonateInput[] = [];
    let fail = true;
    const actor = createActor(
      donationMachine.provide({
        actors: {
          donate: fromPromise<DonationResult, DonateInput>(async ({ input }) => {
            calls.push(input);
            if (fail) throw apiError(broken);
            return result;
          }),
        },
      }),
      { input: { fromUserId: "a", toUserId: "b", balance: 100 } },
    ).start();
    actor.send({ type: "donation.amount", amount: 9 });
    actor.send({ type: "donation.confirm" });
    expect(actor.getSnapshot().context.error?.code).toBe("donationMin");
    actor.send({ type: "donation.amount", amount: 25 });
    actor.send({ type: "donation.confirm" });
    actor.send({ type: "donation.send" });
    await settle();
    expect(actor.getSnapshot().hasTag("failed")).toBe(true);
    fail = false;
    actor.send({ type: "donation.retry" });
    await settle();
    expect(actor.getSnapshot().hasTag("done")).toBe(true);
    expect(calls.length).toBe(2);
    expect(calls[0]!.idempotencyKey).toBe(calls[1]!.idempotencyKey);
    expect(actor.getSnapshot().context.balance).toBe(75);

    const self = createActor(donationMachine, { input: { fromUserId: "a", toUserId: "a", balance: 100 } }).start();
    self.send({ type: "donation.confirm" });
    expect(self.getSnapshot().context.error?.code).toBe("donationToSelf");
  });
});
