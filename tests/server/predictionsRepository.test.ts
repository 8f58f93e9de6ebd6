// server/modules/predictions/repository.ts: a save's transaction, the same tests on PGlite (a drizzle transaction)
// and on PostgreSQL (the batched fast path of saveTx.ts and saveBatch.ts), against the real databases. The decisions
// here are stand-ins for the service's rules: they insert what they are told and answer what they saw, so each
// test reads what the save gave the decision and what it left in the database. Where PostgreSQL batches, its
// counters say which way a save went; what every save leaves behind is asserted on both.
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { PredictionCategory } from "../../contract/enums";
import { holdLock, lockKeys } from "../../server/db/locks";
import { diamondLedger, predictions } from "../../server/db/schema";
import { balanceOf, type Posting } from "../../server/modules/diamonds/ledger";
import { predictionsRepository, type PredictionsRepository } from "../../server/modules/predictions/repository";
import type { PickRow } from "../../server/modules/predictions/rows";
import { batches } from "../../server/modules/predictions/saveBatch";
import { oneRoundTrip } from "../../server/modules/predictions/saveTx";
import type { SaveFacts, SaveWork } from "../../server/modules/predictions/saveWork";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend } from "./harness";
import { raceFixture, type RaceFixture } from "./predictionsFixture";

const START_DIAMONDS = 100;
const REWARD = 20;

type Decided = { facts: SaveFacts; credited: number | null | undefined };

const counts = () => ({ ...oneRoundTrip, ...batches });
const turn = () => new Promise((resolve) => setImmediate(resolve));
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A decision that writes nothing. */
const nothing: SaveWork<number> = async () => ({ inserts: [], value: 0 });

onEachBackend(
  "predictions repository: a save's transaction",
  (h) => {
    let race: RaceFixture;
    let repository: PredictionsRepository;
    beforeAll(async () => {
      race = await raceFixture(h);
      repository = predictionsRepository(h.app.deps);
    });
    const r = (i: number) => race.active[i]!;
    const postgres = () => h.kind === "postgres";

    const pickRow = (p: Player, category: PredictionCategory, riderId: string): PickRow => {
      const now = h.clock.now();
      return {
        id: randomUUID(),
        userId: p.id,
        raceId: race.id,
        category,
        riderId,
        state: "MADE",
        points: null,
        upgrades: [],
        changes: 0,
        savedAt: now,
        updatedAt: now,
        settledAt: null,
        riderInjured: false,
      };
    };
    /**
     * Saves `category` on `riderId` for `p` unless the picks read hold it, crediting `credit` when given; every decision
     * the save asked for is pushed to `decided` (a save decided again is asked twice).
     */
    const save = (
      p: Player,
      category: PredictionCategory,
      riderId: string,
      options: { credit?: Posting; named?: string[]; decided?: Decided[] } = {},
    ) => {
      const work: SaveWork<Decided> = async (facts, _tx, credit) => {
        const had = facts.picks.some((pick) => pick.category === category);
        const credited = options.credit && !had ? await credit(options.credit) : undefined;
        const decision = { facts, credited };
        options.decided?.push(decision);
        return { inserts: had ? [] : [pickRow(p, category, riderId)], value: decision };
      };
      return repository.save(p.id, race.id, options.named ?? [riderId], work);
    };
    const picksOf = async (p: Player) =>
      (await h.database.db.select().from(predictions).where(eq(predictions.userId, p.id)))
        .map((x) => `${x.category}:${x.riderId}`)
        .toSorted();
    const reward = (p: Player, key = `all-picks:${race.id}`): Posting => ({
      userId: p.id,
      delta: REWARD,
      reason: "ALL_PICKS_BONUS",
      ref: `race:${race.id}`,
      idempotencyKey: key,
    });
    const entriesOf = (p: Player, key: string) =>
      h.database.db
        .select()
        .from(diamondLedger)
        .where(and(eq(diamondLedger.userId, p.id), eq(diamondLedger.idempotencyKey, key)));
    /** The ledger's invariant for `p`: the balance row is the sum of the entries. */
    const expectLedgerSum = async (p: Player) => {
      const all = await h.database.db.select().from(diamondLedger).where(eq(diamondLedger.userId, p.id));
      expect(all.reduce((sum, e) => sum + e.delta, 0)).toBe(await balanceOf(h.database.db, p.id));
    };

    describe("what a decision is given and what it leaves", () => {
      it("gives the race, the player's picks, the named riders and the balance, and writes the picks decided", async () => {
        const a = await signUpConfirmed(h);
        const first = await save(a, "FP1", r(0));
        expect(first.facts).toMatchObject({
          race: { id: race.id, version: race.version },
          picks: [],
          balance: START_DIAMONDS,
        });
        expect([...first.facts.riders.keys()]).toEqual([r(0)]);
        expect(Object.keys(first.facts.race.sessions)).toHaveLength(Object.keys(race.sessions).length);
        const next = await save(a, "FP2", r(1));
        expect(next.facts.picks.map((p) => `${p.category}:${p.riderId}`)).toEqual([`FP1:${r(0)}`]);
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(1)}`].toSorted());
      });

      it("answers 404 for a race that is not there, and drops names that are not ids", async () => {
        const a = await signUpConfirmed(h);
        await expect(repository.save(a.id, "nope", [], nothing)).rejects.toMatchObject({ statusCode: 404 });
        await expect(repository.save(a.id, randomUUID(), [], nothing)).rejects.toMatchObject({ statusCode: 404 });
        const named = await save(a, "FP2", r(1), { named: [r(1), "not-an-id"] });
        expect([...named.facts.riders.keys()]).toEqual([r(1)]);
      });

      it("a pick written elsewhere since the last save (another instance, SQL) is what the save decides from", async () => {
        const a = await signUpConfirmed(h);
        await save(a, "FP1", r(0));
        const [saved] = await h.database.db.select().from(predictions).where(eq(predictions.userId, a.id));
        await h.database.db.insert(predictions).values({ ...saved!, id: randomUUID(), category: "FP2", riderId: r(1) });
        const before = counts();
        const decided: Decided[] = [];
        await save(a, "FP2", r(0), { decided });
        // On PostgreSQL the first decision came from what this instance saw, and its INSERT wrote nothing.
        expect(decided).toHaveLength(postgres() ? 2 : 1);
        expect(decided.at(-1)!.facts.picks.map((p) => p.category)).toEqual(["FP1", "FP2"]);
        if (postgres()) expect(oneRoundTrip.movedSince).toBe(before.movedSince + 1);
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(1)}`].toSorted());
      });
    });

    describe("saves ready together", () => {
      it("share one transaction, each written only if its own rows held", async () => {
        const players = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
        for (const p of players) await save(p, "FP1", r(0));
        const [a, b, c] = players as [Player, Player, Player];
        const [saved] = await h.database.db.select().from(predictions).where(eq(predictions.userId, b.id));
        await h.database.db.insert(predictions).values({ ...saved!, id: randomUUID(), category: "FP2", riderId: r(1) });
        const before = counts();
        await Promise.all(players.map((p) => save(p, "FP2", r(0))));
        if (postgres()) {
          expect(oneRoundTrip.written).toBe(before.written + 2);
          expect(oneRoundTrip.movedSince).toBe(before.movedSince + 1);
          expect(batches.sent - before.sent).toBe(1);
        }
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`].toSorted());
        expect(await picksOf(b)).toEqual([`FP1:${r(0)}`, `FP2:${r(1)}`].toSorted());
        expect(await picksOf(c)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`].toSorted());
      });

      it("one batch is out at a time: saves decided while one waits on a lock go together in the next", async () => {
        const players = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
        for (const p of players) await save(p, "FP1", r(0));
        const [a, b, c] = players as [Player, Player, Player];
        // Another transaction holds a's lock (another instance saving a's picks), so a's batch waits for it.
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        let locked!: () => void;
        const held = new Promise<void>((resolve) => (locked = resolve));
        const holder = h.database.db.transaction(async (tx) => {
          await holdLock(tx, lockKeys.predictionSave(a.id, race.id));
          locked();
          await released;
        });
        await held;
        const before = counts();
        const first = save(a, "FP2", r(0));
        await turn();
        await turn();
        // c comes 5 ms after b, well before the 20 ms after which a batch that waits no longer holds the next back.
        const later = Promise.all([save(b, "FP2", r(0)), delay(5).then(() => save(c, "FP2", r(0)))]);
        // On PostgreSQL b and c are written while a's batch still waits; on PGlite the holder has the one connection.
        const sentWhileHeld = await Promise.race([
          later.then(() => batches.sent - before.sent),
          delay(500).then(() => "waiting"),
        ]);
        if (postgres()) expect(sentWhileHeld).toBe(1);
        release();
        await holder;
        await Promise.all([first, later]);
        if (postgres()) {
          expect(batches.sent - before.sent).toBe(2);
          expect(oneRoundTrip.written).toBe(before.written + 3);
        }
        for (const p of players) expect(await picksOf(p)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`].toSorted());
      });

      it("a batch that fails writes nothing, and each of its saves is decided again: only the failing one fails", async () => {
        const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
        for (const p of [a, b]) await save(p, "FP1", r(0));
        const before = counts();
        // b's decision inserts a pick on a rider that does not exist: its INSERT breaks a foreign key.
        const [good, bad] = await Promise.allSettled([
          save(a, "FP2", r(0)),
          save(b, "FP2", randomUUID(), { named: [r(0)] }),
        ]);
        expect(good.status).toBe("fulfilled");
        expect(bad.status).toBe("rejected");
        if (postgres()) expect(batches.failed).toBe(before.failed + 1);
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`].toSorted());
        expect(await picksOf(b)).toEqual([`FP1:${r(0)}`]);
        // b's next save goes on as before.
        await save(b, "FP2", r(1));
        expect(await picksOf(b)).toEqual([`FP1:${r(0)}`, `FP2:${r(1)}`].toSorted());
      });
    });

    describe("a save that credits diamonds", () => {
      it("credits with its picks, in one round trip when the balance was seen, onto the balance it read", async () => {
        const a = await signUpConfirmed(h);
        await save(a, "FP1", r(0));
        const before = counts();
        const paid = await save(a, "FP2", r(0), { credit: reward(a) });
        expect(paid.credited).toBe(START_DIAMONDS + REWARD);
        if (postgres()) expect(oneRoundTrip.credited).toBe(before.credited + 1);
        expect(await balanceOf(h.database.db, a.id)).toBe(START_DIAMONDS + REWARD);
        expect(await entriesOf(a, reward(a).idempotencyKey)).toEqual([
          expect.objectContaining({ delta: REWARD, balanceAfter: START_DIAMONDS + REWARD }),
        ]);
        await expectLedgerSum(a);
      });

      it("a key posted before pays nothing again, and its save's picks still go in once with the batch's others", async () => {
        const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
        await save(a, "FP1", r(0), { credit: reward(a) });
        // A save that credits nothing: this instance now knows a's balance row as it is, with the key posted.
        await save(a, "FP2", r(0));
        await save(b, "FP1", r(0));
        const before = counts();
        const [again, other] = await Promise.all([
          save(a, "POLEMAN", r(0), { credit: reward(a) }),
          save(b, "FP2", r(0)),
        ]);
        expect(again.credited).toBeNull();
        expect(other.facts.picks.map((p) => p.category)).toEqual(["FP1"]);
        // On PostgreSQL the batch wrote a's picks without its credit: rolled back whole, both decided again.
        if (postgres()) expect(batches.failed).toBe(before.failed + 1);
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`, `POLEMAN:${r(0)}`].toSorted());
        expect(await picksOf(b)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`].toSorted());
        expect(await balanceOf(h.database.db, a.id)).toBe(START_DIAMONDS + REWARD);
        expect(await entriesOf(a, reward(a).idempotencyKey)).toHaveLength(1);
        await expectLedgerSum(a);
      });

      it("two saves crediting one key at once pay it once", async () => {
        const a = await signUpConfirmed(h);
        await save(a, "FP1", r(0));
        const results = await Promise.all([
          save(a, "FP2", r(0), { credit: reward(a) }),
          save(a, "POLEMAN", r(0), { credit: reward(a) }),
        ]);
        expect(results.map((x) => x.credited).toSorted()).toEqual([START_DIAMONDS + REWARD, null]);
        expect(await picksOf(a)).toEqual([`FP1:${r(0)}`, `FP2:${r(0)}`, `POLEMAN:${r(0)}`].toSorted());
        expect(await balanceOf(h.database.db, a.id)).toBe(START_DIAMONDS + REWARD);
        expect(await entriesOf(a, reward(a).idempotencyKey)).toHaveLength(1);
        await expectLedgerSum(a);
      });

      it("a balance moved since the save saw it is credited from the balance as it is", async () => {
        const a = await signUpConfirmed(h);
        await save(a, "FP1", r(0));
        await h.database.db.transaction((tx) =>
          h.app.deps.ledger.post(tx, { userId: a.id, delta: 5, reason: "ADMIN", idempotencyKey: "top-up" }),
        );
        const before = counts();
        const decided: Decided[] = [];
        await save(a, "FP2", r(0), { credit: reward(a), decided });
        if (postgres()) expect(oneRoundTrip.movedSince).toBe(before.movedSince + 1);
        expect(decided.at(-1)).toMatchObject({
          facts: { balance: START_DIAMONDS + 5 },
          credited: START_DIAMONDS + 5 + REWARD,
        });
        expect(await balanceOf(h.database.db, a.id)).toBe(START_DIAMONDS + 5 + REWARD);
        await expectLedgerSum(a);
      });
    });
  },
  { seed: true },
);
