// Property: whatever sequence of credits, debits, refunds and replayed idempotency keys the ledger sees,
// every balance equals the sum of its ledger, no balance ever went below zero, and replaying the accepted
// postings changes nothing. A plain model of the rules predicts each outcome.
import { randomUUID } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import * as fc from "fast-check";
import { expect, it } from "vitest";
import type { DiamondReason } from "../../contract/calls.diamonds";
import { SIGN_UP_DIAMONDS } from "../../contract/diamonds";
import { diamondBalances, diamondLedger } from "../../server/db/schema";
import { AppError } from "../../server/http/errors";
import { signUpGrant, type Posting } from "../../server/modules/diamonds/ledger";
import { onEachBackend, type Harness } from "./harness";

const PLAYERS = 3;

type Op = { kind: "credit" | "debit" | "refund"; player: number; amount: number } | { kind: "replay"; of: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant("credit" as const),
    player: fc.nat(PLAYERS - 1),
    amount: fc.integer({ min: 1, max: 80 }),
  }),
  // Debits weigh more, so refusals (not enough diamonds) happen often.
  {
    arbitrary: fc.record({
      kind: fc.constant("debit" as const),
      player: fc.nat(PLAYERS - 1),
      amount: fc.integer({ min: 1, max: 150 }),
    }),
    weight: 3,
  },
  fc.record({
    kind: fc.constant("refund" as const),
    player: fc.nat(PLAYERS - 1),
    amount: fc.integer({ min: 1, max: 60 }),
  }),
  { arbitrary: fc.record({ kind: fc.constant("replay" as const), of: fc.nat(40) }), weight: 2 },
);

const reasonOf = { credit: "ADMIN", debit: "BET", refund: "REFUND" } as const satisfies Record<string, DiamondReason>;

/** Turns generated ops into postings: each fresh op gets its own key; a replay repeats an earlier posting exactly. */
function postingsOf(ops: Op[], players: string[]): Posting[] {
  const out: Posting[] = [];
  ops.forEach((op, i) => {
    if (op.kind === "replay") {
      if (out.length) out.push(out[op.of % out.length]!);
      return;
    }
    const delta = op.kind === "debit" ? -op.amount : op.amount;
    out.push({
      userId: players[op.player]!,
      delta,
      reason: reasonOf[op.kind],
      ref: `op:${i}`,
      idempotencyKey: `${op.kind}:${i}`,
    });
  });
  return out;
}

/** The rules without a database: a key posted once is never posted again; a debit past zero is refused and leaves no trace. */
function model(players: string[]) {
  const balances = new Map(players.map((p) => [p, SIGN_UP_DIAMONDS]));
  const accepted = new Map<string, number>(); // userId|key → balance after the first posting
  return {
    balances,
    apply(p: Posting): { balance: number; replayed: boolean } | "refused" {
      const key = `${p.userId}|${p.idempotencyKey}`;
      const first = accepted.get(key);
      if (first !== undefined) return { balance: first, replayed: true };
      const next = balances.get(p.userId)! + p.delta;
      if (next < 0) return "refused";
      balances.set(p.userId, next);
      accepted.set(key, next);
      return { balance: next, replayed: false };
    },
  };
}

async function createPlayers(h: Harness): Promise<string[]> {
  const ledger = h.app.deps.ledger;
  const ids = Array.from({ length: PLAYERS }, () => randomUUID());
  for (const id of ids) {
    await h.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO users (id, name, created_at, updated_at) VALUES (${id}, ${`prop-${id}`}, now(), now())`,
      );
      await ledger.post(tx, signUpGrant(id));
    });
  }
  return ids;
}

async function run(h: Harness, postings: Posting[]) {
  const ledger = h.app.deps.ledger;
  const outcomes: ({ balance: number; replayed: boolean } | "refused")[] = [];
  for (const p of postings) {
    try {
      const r = await h.database.db.transaction((tx) => ledger.post(tx, p));
      outcomes.push({ balance: r.balance, replayed: r.replayed });
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "notEnoughDiamonds") throw err;
      outcomes.push("refused");
    }
  }
  return outcomes;
}

/** Balances, ledger sums and running sums per player: the invariants, read back from the database. */
async function snapshot(h: Harness, players: string[]) {
  const balances = await h.database.db.select().from(diamondBalances).where(inArray(diamondBalances.userId, players));
  const entries = await h.database.db
    .select()
    .from(diamondLedger)
    .where(inArray(diamondLedger.userId, players))
    .orderBy(diamondLedger.seq);
  for (const b of balances) {
    const mine = entries.filter((e) => e.userId === b.userId);
    let running = 0;
    for (const e of mine) {
      running += e.delta;
      expect(running).toBeGreaterThanOrEqual(0); // never below zero, at any point of the history
      expect(e.balanceAfter).toBe(running); // each entry records the balance it left
    }
    expect(b.balance).toBe(running); // balance = sum of the ledger
  }
  return {
    balances: Object.fromEntries(balances.map((b) => [b.userId, b.balance])),
    entries: entries.map((e) => `${e.id}|${e.userId}|${e.delta}|${e.idempotencyKey}`),
  };
}

onEachBackend("diamonds ledger properties", (h) => {
  it("keeps balance = ledger sum ≥ 0 through any sequence, and replaying the accepted postings changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 24 }), async (ops) => {
        const players = await createPlayers(h);
        const postings = postingsOf(ops, players);
        const m = model(players);

        const outcomes = await run(h, postings);
        expect(outcomes).toEqual(postings.map((p) => m.apply(p)));
        const after = await snapshot(h, players);
        expect(after.balances).toEqual(Object.fromEntries(m.balances));

        // Replay every accepted posting, in order: all come back as replays of their first outcome.
        const accepted = postings.filter((_, i) => outcomes[i] !== "refused");
        const firstOutcomes = outcomes.flatMap((o) => (o === "refused" ? [] : [o]));
        expect(await run(h, accepted)).toEqual(firstOutcomes.map((o) => ({ balance: o.balance, replayed: true })));
        expect(await snapshot(h, players)).toEqual(after);

        // A refused posting left no trace, so its key is free: posted again, it is judged afresh.
        const refused = postings.filter((_, i) => outcomes[i] === "refused");
        expect(await run(h, refused)).toEqual(refused.map((p) => m.apply(p)));
        const end = await snapshot(h, players);
        expect(end.balances).toEqual(Object.fromEntries(m.balances));
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
