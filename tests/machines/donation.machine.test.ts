import { describe, expect, it } from "vitest";
import { assign, createActor, createMachine, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { DonationResult } from "../../contract/store";
import { donationMachine, type DonateInput, type DonationContext } from "../../machines/donation.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, settle, transitionPaths } from "./modelWalk";

const result: DonationResult = { id: "e1", amount: 25, toUserId: "b", balance: "75" };
const poor: ErrorBody = { statusCode: 402, code: "notEnoughDiamonds", message: "You don't have enough diamonds" };
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };
const events = [
  { type: "donation.amount", amount: 25 },
  { type: "donation.amount", amount: 5 },
  { type: "donation.amount", amount: 500 },
  { type: "donation.confirm" },
  { type: "donation.back" },
  { type: "donation.send" },
  { type: "donation.retry" },
  { type: "donation.again" },
  { type: "donation.balance", balance: 20 },
  { type: "xstate.done.actor.donate", output: result },
  { type: "xstate.error.actor.donate", error: apiError(poor) },
  { type: "xstate.error.actor.donate", error: apiError(broken) },
];
const base: DonationContext = { fromUserId: "a", toUserId: "b", balance: 100, amount: 10, key: "", error: null, result: null };
const fixedKey = assign({ key: () => "k1" });
const machine = (createMachine({ ...donationMachine.config, context: base } as never, donationMachine.implementations as never) as unknown as typeof donationMachine).provide({
  actions: { newKey: fixedKey as never },
});
const serializeState = (s: { value: unknown; context: DonationContext }) => JSON.stringify([s.value, s.context.amount, s.context.balance, s.context.error?.code ?? null, s.context.result?.id ?? null]);

describe("donation.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(donationMachine);
  const covered = new Set<string>();
  const paths = transitionPaths(machine, { events, serializeState: serializeState as never });
  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    const taken = await runPath(path, () => {
      const stubs = promiseStubs(["donate"]);
      return { machine: machine.provide({ actors: stubs.actors }), pending: stubs.pending };
    });
    taken.forEach((k) => covered.add(k));
  });
  it("covers 100% of the transitions", () => {
    console.log(coverageLine("donation.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

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
