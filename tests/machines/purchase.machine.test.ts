import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { PaymentOrder, PaymentState } from "../../contract/store";
import { purchaseMachine } from "../../machines/purchase.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// The purchase's paths are walked on the Store screen itself (tests/views/paths/purchase.paths.test.tsx), with the
// coverage of every transition; these are the rules the Store's paths do not spell out.
const order = (
  state: PaymentState,
  approveUrl: string | null = state === "CREATED" || state === "PAYER_ACTION_REQUIRED"
    ? "http://pp.test/checkout/sandbox?token=SBX-1"
    : null,
): PaymentOrder => ({
  id: "o1",
  dPackId: "p550",
  diamonds: 550,
  priceCents: 499,
  currency: "USD",
  provider: "sandbox",
  state,
  approveUrl,
  createdAt: "2026-05-01T10:00:00.000Z",
  steps: [{ state, at: "2026-05-01T10:00:00.000Z" }],
});
const body = (statusCode: number, code: ErrorBody["code"]): ErrorBody => ({ statusCode, code, message: code });

describe("A purchase from the pack to the credit, as the app runs it", () => {
  it("creates the order, sends the payer to the provider; back from it, captures once and shows Processing meanwhile", async () => {
    const record: string[] = [];
    const provided = purchaseMachine.provide({
      actions: {
        goToProvider: (_, p: { url: string }) => void record.push(`go ${p.url}`),
        showProcessing: () => void record.push("show Processing"),
        hideProcessing: () => void record.push("hide Processing"),
        credited: () => void record.push("credited"),
      },
      actors: {
        createOrder: fromPromise(async () => order("CREATED")),
        readOrder: fromPromise(async ({ input }: { input: { ref: string } }) => ({
          ...order("APPROVED"),
          id: input.ref === "SBX-1" ? "o1" : "?",
        })),
        captureOrder: fromPromise(async ({ input }: { input: { ref: string } }) => ({
          ...order("COMPLETED"),
          id: input.ref,
        })),
        cancelOrder: fromPromise(async () => order("VOIDED")),
      },
    });
    const first = createActor(provided, { input: { start: { kind: "pack", dPackId: "p550" } } }).start();
    await settle();
    expect(first.getSnapshot().hasTag("approving")).toBe(true);
    expect(record).toEqual(["show Processing", "hide Processing", "go http://pp.test/checkout/sandbox?token=SBX-1"]);

    // The redirect reloads the page: a new actor resumes from the provider's token.
    record.length = 0;
    const back = createActor(provided, {
      input: { start: { kind: "return", ref: "SBX-1", cancelled: false } },
    }).start();
    await settle();
    await settle();
    expect(back.getSnapshot().hasTag("completed")).toBe(true);
    expect(back.getSnapshot().context.order).toMatchObject({ id: "o1", state: "COMPLETED" });
    expect(record).toEqual(["show Processing", "hide Processing", "credited"]);
  });
});

describe("A capture refused for want of the payer (3-D Secure at capture)", () => {
  it("reads the order again for its approve link and waits for the player, never capturing again by itself", async () => {
    const reads: string[] = [];
    let captures = 0;
    const state: PaymentState = "APPROVED";
    const provided = purchaseMachine.provide({
      actions: { goToProvider: () => {}, showProcessing: () => {}, hideProcessing: () => {}, credited: () => {} },
      actors: {
        createOrder: fromPromise(async () => order("CREATED")),
        readOrder: fromPromise(async () => {
          reads.push(state);
          return order(state);
        }),
        captureOrder: fromPromise(async () => {
          captures++;
          if (captures === 1) throw apiError(body(409, "paymentNotApproved"));
          return order("COMPLETED");
        }),
        cancelOrder: fromPromise(async () => order("VOIDED")),
      },
    });
    const actor = createActor(provided, {
      input: { start: { kind: "return", ref: "SBX-1", cancelled: false } },
    }).start();
    for (let i = 0; i < 6; i++) await settle();
    // The provider still reads APPROVED (its answer lags): no second capture, the player is asked.
    expect(captures).toBe(1);
    expect(reads).toEqual(["APPROVED", "APPROVED"]);
    expect(actor.getSnapshot().hasTag("payerAction")).toBe(true);
    // The payer passed the step in the provider's page; Try Again captures.
    actor.send({ type: "purchase.retry" });
    for (let i = 0; i < 6; i++) await settle();
    expect(captures).toBe(2);
    expect(actor.getSnapshot().hasTag("completed")).toBe(true);
  });
});

/** A service that never answers: it holds the purchase in one step. */
const hold = <I>() => fromPromise<PaymentOrder, I>(() => new Promise<PaymentOrder>(() => undefined));

describe("The Processing modal's line follows the working step's tag", () => {
  it("creating the order, checking it on the way back, capturing, cancelling: one step tag each, while working", async () => {
    const seen: string[] = [];
    const steps = ["creating", "checking", "capturing", "cancelling"] as const;
    const stepOf = (actor: { getSnapshot(): { hasTag(tag: string): boolean } }) =>
      steps.filter((tag) => actor.getSnapshot().hasTag(tag));
    const quiet = {
      goToProvider: () => undefined,
      showProcessing: () => undefined,
      hideProcessing: () => undefined,
      credited: () => undefined,
    };
    // Each actor is held in one step by a service that never answers.
    const creating = createActor(purchaseMachine.provide({ actions: quiet, actors: { createOrder: hold() } }), {
      input: { start: { kind: "pack", dPackId: "p550" } },
    }).start();
    seen.push(...stepOf(creating));
    const checking = createActor(purchaseMachine.provide({ actions: quiet, actors: { readOrder: hold() } }), {
      input: { start: { kind: "return", ref: "SBX-1", cancelled: false } },
    }).start();
    seen.push(...stepOf(checking));
    const capturing = createActor(
      purchaseMachine.provide({
        actions: quiet,
        actors: { readOrder: fromPromise(async () => order("APPROVED")), captureOrder: hold() },
      }),
      { input: { start: { kind: "return", ref: "SBX-1", cancelled: false } } },
    ).start();
    await settle();
    seen.push(...stepOf(capturing));
    const cancelling = createActor(purchaseMachine.provide({ actions: quiet, actors: { cancelOrder: hold() } }), {
      input: { start: { kind: "return", ref: "SBX-1", cancelled: true } },
    }).start();
    seen.push(...stepOf(cancelling));
    expect(seen).toEqual(["creating", "checking", "capturing", "cancelling"]);
    for (const actor of [creating, checking, capturing, cancelling])
      expect(actor.getSnapshot().hasTag("working")).toBe(true);
  });
});
