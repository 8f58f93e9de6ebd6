// Property: whatever mix of pack purchases (approved or canceled), donations (some refused, some replayed) and
// spends the Store sees, every balance equals the sum of its ledger and what a plain model of the rules predicts,
// and no diamond appears or vanishes except through a completed purchase or a spend.
import { randomUUID } from "node:crypto";
import * as fc from "fast-check";
import { expect, it } from "vitest";
import { SIGN_UP_DIAMONDS } from "../../contract/diamonds";
import { AppError } from "../../server/http/errors";
import { storeService } from "../../server/modules/store/service";
import { paymentsFromEnv } from "../../server/modules/store/settings";
import { signUpConfirmed } from "./accounts";
import { onEachBackend } from "./harness";

const PACKS = [
  { id: "0d1a0000-0000-4000-8000-000000000100", diamonds: 100 },
  { id: "0d1a0000-0000-4000-8000-000000000550", diamonds: 550 },
];

type Op =
  | { kind: "buy"; player: number; pack: number; pays: boolean }
  | { kind: "donate"; from: number; to: number; amount: number; replay: boolean }
  | { kind: "spend"; player: number; amount: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("buy" as const), player: fc.nat(2), pack: fc.nat(1), pays: fc.boolean() }),
  {
    arbitrary: fc.record({
      kind: fc.constant("donate" as const),
      from: fc.nat(2),
      to: fc.nat(2),
      amount: fc.integer({ min: 5, max: 300 }),
      replay: fc.boolean(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("spend" as const),
      player: fc.nat(2),
      amount: fc.integer({ min: 1, max: 200 }),
    }),
    weight: 2,
  },
);

onEachBackend("store property", (h) => {
  it("keeps every balance equal to its ledger and to the model", { timeout: 240_000 }, async () => {
    const players = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
    const payments = paymentsFromEnv(h.app.deps);
    const service = storeService(h.app.deps, payments.provider);
    const ledger = h.app.deps.ledger;
    const model = new Map(players.map((p) => [p.id, SIGN_UP_DIAMONDS]));
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
        run++;
        for (const [i, op] of ops.entries()) {
          if (op.kind === "buy") {
            const p = players[op.player]!;
            const order = await service.purchase(p.id, PACKS[op.pack]!.id);
            const token = new URL(order.approveUrl!).searchParams.get("token")!;
            if (op.pays) {
              await payments.sandbox!.approve(p.id, token);
              await payments.sandbox!.authenticate(p.id, token);
              expect((await service.capture(p.id, order.id)).state).toBe("COMPLETED");
              model.set(p.id, model.get(p.id)! + PACKS[op.pack]!.diamonds);
            } else {
              await payments.sandbox!.cancel(p.id, token);
              await expect(service.capture(p.id, order.id)).rejects.toMatchObject({ code: "paymentVoided" });
            }
          } else if (op.kind === "donate") {
            const [from, to] = [players[op.from]!, players[op.to]!];
            const key = `${run}-${i}-${randomUUID()}`;
            const body = { data: { toUserId: to.id, amount: op.amount }, idempotencyKey: key };
            const expected =
              op.amount < 10
                ? "donationMin"
                : from.id === to.id
                  ? "donationToSelf"
                  : model.get(from.id)! < op.amount
                    ? "notEnoughDiamonds"
                    : null;
            for (let n = 0; n < (op.replay ? 2 : 1); n++) {
              if (expected) await expect(service.donate(from.id, body)).rejects.toMatchObject({ code: expected });
              else await service.donate(from.id, body);
            }
            if (!expected) {
              model.set(from.id, model.get(from.id)! - op.amount);
              model.set(to.id, model.get(to.id)! + op.amount);
            }
          } else {
            const p = players[op.player]!;
            const spend = () =>
              h.database.db.transaction((tx) =>
                ledger.post(tx, {
                  userId: p.id,
                  delta: -op.amount,
                  reason: "UPGRADE",
                  idempotencyKey: `spend:${run}:${i}`,
                }),
              );
            if (model.get(p.id)! < op.amount) await expect(spend()).rejects.toBeInstanceOf(AppError);
            else {
              await spend();
              model.set(p.id, model.get(p.id)! - op.amount);
            }
          }
        }
        for (const p of players) {
          const [row] = await h.database.withConnection((c) =>
            c.query<{ sum: number; balance: number }>(
              "SELECT COALESCE(SUM(delta), 0)::int AS sum, (SELECT balance::int FROM diamond_balances WHERE user_id = $1) AS balance FROM diamond_ledger WHERE user_id = $1",
              [p.id],
            ),
          );
          expect(row).toEqual({ sum: model.get(p.id), balance: model.get(p.id) });
        }
      }),
      { numRuns: 12 },
    );
  });
});
