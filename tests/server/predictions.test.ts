// game-rules.md "Saving and locking", "Change Predictions" and "Upgrades" through the API, on the seeded
// season, at every limit one second before and one second after, on PGlite and PostgreSQL.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LiveEvent } from "../../contract/live";
import {
  ChangePredictionRules,
  PredictionStatistics,
  PredictionTypes,
  RacePrediction,
} from "../../contract/predictions";
import { categoryPoints, changeTiers, COMPLETION_REWARD_DIAMONDS, upgradePrices } from "../../contract/rules";
import { predictions, raceSessions, riders } from "../../server/db/schema";
import { batches } from "../../server/modules/predictions/saveBatch";
import { oneRoundTrip } from "../../server/modules/predictions/saveTx";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend } from "./harness";
import {
  allPicks,
  at,
  balance,
  change,
  entries,
  MINUTE,
  pickOf,
  raceFixture,
  save,
  SECOND,
  setDiamonds,
  upgrade,
  view,
  tokenOf,
  type RaceFixture,
} from "./predictionsFixture";

const START_DIAMONDS = 100;
const EARLY = changeTiers.EARLY.minutesAfterStart * MINUTE;
const LATE = changeTiers.LATE.minutesBeforeEnd * MINUTE;

const counts = () => ({ ...oneRoundTrip });
/** On PostgreSQL, that the save since `before` went the given way (PGlite has only the read-under-the-lock way). */
function expectSaveWay(kind: string, before: typeof oneRoundTrip, way: "written" | "movedSince") {
  if (kind === "postgres") expect(oneRoundTrip[way]).toBe(before[way] + 1);
}

onEachBackend(
  "predictions",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    const token = (p: Player) => tokenOf(h, p);
    const fp1 = () => race.sessions.FP1;
    const r = (i: number) => race.active[i]!;
    /** A player's FP1 pick on rider 0, saved a minute before FP1. */
    const fp1Pick = async (p: Player) => {
      at(h, fp1().start - MINUTE);
      expect((await save(h, p, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
    };

    describe("rules and types are served from contract/rules.ts", () => {
      it("lists the 11 types with their sessions and points, and the change rules", async () => {
        const types = PredictionTypes.parse(
          (await h.call("GET", "/predictions/types", { query: { version: 0 } })).body.result,
        );
        expect(types.types.map((t) => [t.id, t.points])).toEqual(Object.entries(categoryPoints));
        expect(types.types.find((t) => t.id === "POLEMAN")!.session).toBe("Q2");
        const rules = ChangePredictionRules.parse(
          (await h.call("GET", "/predictions/change-prediction-rules")).body.result,
        );
        expect(rules.tiers).toEqual(changeTiers);
        expect(rules.upgrades).toEqual(upgradePrices);
        expect(rules.completionReward).toBe(COMPLETION_REWARD_DIAMONDS);
      });

      it("needs a signed-in player for anything personal", async () => {
        expect((await h.call("GET", `/predictions/races/${race.id}`)).status).toBe(401);
        expect(
          (
            await h.call("POST", `/predictions/races/${race.id}`, {
              body: { version: 1, data: [{ category: "FP1", riderId: r(0) }] },
            })
          ).status,
        ).toBe(401);
      });
    });

    describe("saving: first save only before the session's scheduled start", () => {
      it("saves one second before the start and answers 418 raceStarted one second after", async () => {
        const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
        at(h, fp1().start - SECOND);
        const ok = await save(h, a, race, [{ category: "FP1", riderId: r(0) }]);
        expect(ok.status).toBe(200);
        const body = RacePrediction.parse(ok.body.result);
        expect(body.data).toMatchObject([
          { category: "FP1", riderId: r(0), state: "MADE", points: null, upgrades: [], changes: 0 },
        ]);
        expect(body.slots.find((s) => s.category === "FP1")).toMatchObject({
          open: false,
          change: { tier: "BEFORE", cost: changeTiers.BEFORE.cost },
        });
        expect(body.slots.find((s) => s.category === "FP2")!.open).toBe(true);

        at(h, fp1().start + SECOND);
        const late = await save(h, b, race, [{ category: "FP1", riderId: r(0) }]);
        expect(late.status).toBe(418);
        expect(late.body).toMatchObject({ statusCode: 418, code: "raceStarted", message: "Race has already started" });
        // Later sessions are still open.
        expect((await save(h, b, race, [{ category: "FP2", riderId: r(0) }])).status).toBe(200);
      });

      it("refuses the whole request when one category is late (nothing saved)", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start + SECOND);
        const res = await save(h, a, race, [
          { category: "FP2", riderId: r(0) },
          { category: "FP1", riderId: r(1) },
        ]);
        expect(res.status).toBe(418);
        expect((await view(h, a, race)).body.result.data).toEqual([]);
      });

      it("a late save's 418 names every session of its new picks that had started, and only those", async () => {
        const a = await signUpConfirmed(h);
        at(h, race.sessions.PF.start + SECOND);
        const res = await save(h, a, race, [
          { category: "POLEMAN", riderId: r(2) },
          { category: "PRACTICE_FASTEST", riderId: r(0) },
          { category: "FP1", riderId: r(1) },
        ]);
        expect(res.status).toBe(418);
        expect(res.body).toEqual({
          statusCode: 418,
          code: "raceStarted",
          message: "Race has already started",
          sessions: ["FP1", "PF"],
        });
      });

      it("the race session's start closes the race podium; nothing is saved after the race ends", async () => {
        const a = await signUpConfirmed(h);
        const start = race.sessions.START;
        at(h, start.start - SECOND);
        expect((await save(h, a, race, [{ category: "RACE_FIRST", riderId: r(0) }])).status).toBe(200);
        at(h, start.start + SECOND);
        expect((await save(h, a, race, [{ category: "RACE_SECOND", riderId: r(1) }])).body.code).toBe("raceStarted");
        at(h, start.end + SECOND);
        expect((await save(h, a, race, [{ category: "POSITION_GAINED", riderId: r(1) }])).status).toBe(418);
      });

      it("a repeat of a saved pick changes nothing; POST with another rider answers 409 predictionSaved", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        const other = await save(h, a, race, [{ category: "FP1", riderId: r(1) }]);
        expect(other.status).toBe(409);
        expect(other.body.code).toBe("predictionSaved");
        expect(pickOf((await view(h, a, race)).body, "FP1")!.riderId).toBe(r(0));
        expect(await balance(h, a)).toBe(START_DIAMONDS);
      });

      it("no rider twice on one podium (within a request and across requests); sprint and race podiums are separate", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        const twice = await save(h, a, race, [
          { category: "RACE_FIRST", riderId: r(0) },
          { category: "RACE_SECOND", riderId: r(0) },
        ]);
        expect(twice.status).toBe(400);
        expect(twice.body.code).toBe("duplicateRider");
        expect(
          (
            await save(h, a, race, [
              { category: "RACE_FIRST", riderId: r(0) },
              { category: "SPRINT_FIRST", riderId: r(0) },
              { category: "POLEMAN", riderId: r(0) },
            ])
          ).status,
        ).toBe(200);
        expect((await save(h, a, race, [{ category: "RACE_THIRD", riderId: r(0) }])).body.code).toBe("duplicateRider");
        expect((await save(h, a, race, [{ category: "SPRINT_SECOND", riderId: r(0) }])).body.code).toBe(
          "duplicateRider",
        );
      });

      it("the rider must ride in the race's class and not be injured; the body must be sound", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: race.otherClass }])).body.code).toBe(
          "riderNotInRace",
        );
        expect(
          (await save(h, a, race, [{ category: "FP1", riderId: "00000000-0000-4000-8000-000000000000" }])).body.code,
        ).toBe("riderNotInRace");
        expect((await save(h, a, race, [{ category: "FP1", riderId: "not-a-uuid" }])).body.code).toBe("riderNotInRace");
        const injured = await save(h, a, race, [{ category: "FP1", riderId: race.injured }]);
        expect(injured.status).toBe(409);
        expect(injured.body).toMatchObject({ code: "riderInjured", message: "Rider has been Injured" });
        expect(
          (
            await save(h, a, race, [
              { category: "FP1", riderId: r(0) },
              { category: "FP1", riderId: r(1) },
            ])
          ).status,
        ).toBe(400);
        expect(
          (
            await h.call("POST", `/predictions/races/${race.id}`, {
              token: await token(a),
              body: { version: 1, data: [] },
            })
          ).status,
        ).toBe(400);
        expect(
          (
            await h.call("POST", `/predictions/races/${race.id}`, {
              token: await token(a),
              body: { version: 1, data: [{ category: "WINNER", riderId: r(0) }] },
            })
          ).status,
        ).toBe(400);
      });

      it("answers 409 staleVersion for an old race version and 404 for an unknown race", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }], race.version + 1)).body.code).toBe(
          "staleVersion",
        );
        expect(
          (
            await h.call("POST", "/predictions/races/00000000-0000-4000-8000-000000000000", {
              token: await token(a),
              body: { version: 1, data: [{ category: "FP1", riderId: r(0) }] },
            })
          ).status,
        ).toBe(404);
        expect((await h.call("GET", "/predictions/races/nope", { token: await token(a) })).status).toBe(404);
      });
    });

    describe("one round trip: a save decided from what this instance saw is written only if nothing moved since", () => {
      // On PostgreSQL a player's next save is decided from their picks as this instance last saw them and written
      // with a check of every row's version (saveTx.ts); on PGlite every save reads under the lock.

      it("a next save is written in one round trip and answers what the player has", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        const before = counts();
        const res = await save(h, a, race, [{ category: "FP2", riderId: r(0) }]);
        expect(res.status).toBe(200);
        expectSaveWay(h.kind, before, "written");
        expect(RacePrediction.parse(res.body.result).data.map((p) => p.category)).toEqual(["FP1", "FP2"]);
        expect((await view(h, a, race)).body.result.data.map((p: { category: string }) => p.category)).toEqual([
          "FP1",
          "FP2",
        ]);
      });

      it("a pick written elsewhere since (another instance, SQL) is not saved over: 409 predictionSaved", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        const [saved] = await h.database.db.select().from(predictions).where(eq(predictions.userId, a.id));
        await h.database.db
          .insert(predictions)
          .values({ ...saved!, id: crypto.randomUUID(), category: "FP2", riderId: r(1) });
        const before = counts();
        const res = await save(h, a, race, [{ category: "FP2", riderId: r(0) }]);
        expect(res.body.code).toBe("predictionSaved");
        expectSaveWay(h.kind, before, "movedSince");
        expect(pickOf((await view(h, a, race)).body, "FP2")!.riderId).toBe(r(1));
        const next = await save(h, a, race, [{ category: "PRACTICE_FASTEST", riderId: r(3) }]);
        expect(RacePrediction.parse(next.body.result).data.map((p) => p.category)).toEqual([
          "FP1",
          "PRACTICE_FASTEST",
          "FP2",
        ]);
      });

      it("a rider injured since is refused: 409 riderInjured", async () => {
        const [a, b] = [await signUpConfirmed(h), await signUpConfirmed(h)];
        await fp1Pick(a);
        // b's save reads rider 6 on this instance; then the rider is injured in SQL.
        expect((await save(h, b, race, [{ category: "FP1", riderId: r(6) }])).status).toBe(200);
        await h.database.db
          .update(riders)
          .set({ status: "INJURED" })
          .where(eq(riders.id, r(6)));
        try {
          const before = counts();
          const res = await save(h, a, race, [{ category: "FP2", riderId: r(6) }]);
          expect(res.body.code).toBe("riderInjured");
          expectSaveWay(h.kind, before, "movedSince");
        } finally {
          await h.database.db
            .update(riders)
            .set({ status: "ACTIVE" })
            .where(eq(riders.id, r(6)));
        }
        expect(pickOf((await view(h, a, race)).body, "FP2")).toBeUndefined();
      });

      it("a balance moved since is the one answered", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        await setDiamonds(h, a.id, 5);
        const before = counts();
        const res = await save(h, a, race, [{ category: "FP2", riderId: r(0) }]);
        expect(res.status).toBe(200);
        expectSaveWay(h.kind, before, "movedSince");
        expect(RacePrediction.parse(res.body.result).balance).toBe(String(START_DIAMONDS + 5));
      });

      it("next saves ready together share one transaction, each written only if its own rows held", async () => {
        const [a, b, c] = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
        for (const p of [a, b, c]) await fp1Pick(p);
        // b's picks move elsewhere (another instance, SQL) after this instance saw them.
        const [saved] = await h.database.db.select().from(predictions).where(eq(predictions.userId, b.id));
        await h.database.db
          .insert(predictions)
          .values({ ...saved!, id: crypto.randomUUID(), category: "FP2", riderId: r(1) });
        const before = { ...counts(), ...batches };
        const [ra, rb, rc] = await Promise.all(
          [a, b, c].map((p) => save(h, p, race, [{ category: "FP2", riderId: r(0) }])),
        );
        expect([ra!.status, rb!.body.code, rc!.status]).toEqual([200, "predictionSaved", 200]);
        if (h.kind === "postgres") {
          expect(oneRoundTrip.written).toBe(before.written + 2);
          expect(oneRoundTrip.movedSince).toBe(before.movedSince + 1);
          expect(batches.sent - before.sent).toBeLessThan(3);
        }
        for (const [p, rider] of [
          [a, r(0)],
          [b, r(1)],
          [c, r(0)],
        ] as const)
          expect(pickOf((await view(h, p, race)).body, "FP2")!.riderId).toBe(rider);
      });

      it("the 11th pick is written in one round trip with its reward, paid once, balance = ledger sum", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        // The 11th names a rider this instance read with the first ten (the one-round-trip way needs each one seen).
        const picks = allPicks(race).map((p) =>
          p.category === "POSITION_GAINED" ? { category: p.category, riderId: r(0) } : p,
        );
        expect((await save(h, a, race, picks.slice(0, 10))).status).toBe(200);
        const before = counts();
        const last = await save(h, a, race, picks.slice(10));
        expect(last.status).toBe(200);
        expectSaveWay(h.kind, before, "written");
        if (h.kind === "postgres") expect(oneRoundTrip.credited).toBe(before.credited + 1);
        const after = (await view(h, a, race)).body.result;
        expect({ ...last.body.result, now: after.now }).toEqual(after);
        expect(after).toMatchObject({ complete: true, balance: String(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS) });
        const bonuses = await entries(h, a, "ALL_PICKS_BONUS");
        expect(bonuses).toEqual([
          expect.objectContaining({
            delta: COMPLETION_REWARD_DIAMONDS,
            balance: String(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS),
          }),
        ]);
        const all = await entries(h, a);
        expect(all.reduce((sum, e) => sum + e.delta, 0)).toBe(await balance(h, a));
      });

      it("the 10th and 11th picks saved at once go in one after the other: the second sees the first, the reward is paid once", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        // Both name riders this instance read with the first nine, so both can go the one-round-trip way.
        const seen = { RACE_THIRD: r(1), POSITION_GAINED: r(0) } as Record<string, string>;
        const picks = allPicks(race).map((p) => ({ category: p.category, riderId: seen[p.category] ?? p.riderId }));
        expect((await save(h, a, race, picks.slice(0, 9))).status).toBe(200);
        const [tenth, eleventh] = await Promise.all([
          save(h, a, race, picks.slice(9, 10)),
          save(h, a, race, picks.slice(10)),
        ]);
        expect([tenth!.status, eleventh!.status]).toEqual([200, 200]);
        expect((await view(h, a, race)).body.result).toMatchObject({
          complete: true,
          balance: String(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS),
        });
        expect(await entries(h, a, "ALL_PICKS_BONUS")).toHaveLength(1);
      });

      it("a reward posted before is not paid again: the 11th pick saved again is decided again and pays nothing", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        const picks = allPicks(race);
        expect((await save(h, a, race, picks)).body.result.complete).toBe(true);
        // One pick gone (as removing an injured rider's pick does), then a save that changes nothing: this instance
        // now knows ten picks and the balance row as it is, with the reward's key already posted.
        const last = picks.at(-1)!;
        await h.database.db
          .delete(predictions)
          .where(and(eq(predictions.userId, a.id), eq(predictions.category, last.category)));
        expect((await save(h, a, race, picks.slice(0, 1))).status).toBe(200);
        const before = counts();
        const again = await save(h, a, race, [last]);
        expect(again.status).toBe(200);
        expectSaveWay(h.kind, before, "movedSince");
        expect(again.body.result).toMatchObject({
          complete: true,
          balance: String(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS),
        });
        expect(await balance(h, a)).toBe(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS);
        expect((await entries(h, a, "ALL_PICKS_BONUS")).length).toBe(1);
      });

      it("a session moved since closes its save: 418 raceStarted", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        const fp2 = race.sessions.FP2;
        const moveFp2 = (start: number) =>
          h.database.db
            .update(raceSessions)
            .set({ startsAt: new Date(start) })
            .where(and(eq(raceSessions.raceId, race.id), eq(raceSessions.type, "FP2")));
        await moveFp2(h.clock.now().getTime() - SECOND);
        try {
          const before = counts();
          const res = await save(h, a, race, [{ category: "FP2", riderId: r(0) }]);
          expect(res.body.code).toBe("raceStarted");
          expectSaveWay(h.kind, before, "movedSince");
        } finally {
          await moveFp2(fp2.start);
        }
        expect((await save(h, a, race, [{ category: "FP2", riderId: r(0) }])).status).toBe(200);
      });
    });

    describe("completion: 20 diamonds once for all 11 picks", () => {
      it("pays once when the 11th pick is saved, never again on repeats", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        const picks = allPicks(race);
        const first = await save(h, a, race, picks.slice(0, 10));
        expect(first.body.result.complete).toBe(false);
        expect(await balance(h, a)).toBe(START_DIAMONDS);
        const last = await save(h, a, race, picks.slice(10));
        expect(last.status).toBe(200);
        expect(last.body.result).toMatchObject({
          complete: true,
          balance: String(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS),
        });
        expect((await save(h, a, race, picks)).status).toBe(200);
        expect(await balance(h, a)).toBe(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS);
        expect(await entries(h, a, "ALL_PICKS_BONUS")).toEqual([
          expect.objectContaining({ delta: COMPLETION_REWARD_DIAMONDS, ref: `race:${race.id}` }),
        ]);
      });

      it("the save that pays it answers what the race view reads after it (picks, states, the balance with the reward)", async () => {
        // The answer is built from what the save read and wrote under its locks, not read again after commit.
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        const picks = allPicks(race);
        await save(h, a, race, picks.slice(0, 10));
        await setDiamonds(h, a.id, 7);
        const last = await save(h, a, race, picks.slice(10));
        expect(last.status).toBe(200);
        const after = (await view(h, a, race)).body.result;
        expect({ ...last.body.result, now: after.now }).toEqual(after);
        expect(last.body.result.balance).toBe(String(START_DIAMONDS + 7 + COMPLETION_REWARD_DIAMONDS));
        // No entry without its balance: the balance is the sum of the ledger.
        expect((await entries(h, a)).reduce((sum, e) => sum + e.delta, 0)).toBe(await balance(h, a));
      });

      it("pays once whatever case the race's id is written in", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        const picks = allPicks(race);
        const upper = { ...race, id: race.id.toUpperCase() };
        expect((await save(h, a, upper, picks)).body.result.complete).toBe(true);
        // One pick gone (as removing an injured rider's pick does), then saved again under the id in lower case.
        const last = picks.at(-1)!;
        await h.database.db
          .delete(predictions)
          .where(and(eq(predictions.userId, a.id), eq(predictions.category, last.category)));
        expect((await save(h, a, race, [last])).status).toBe(200);
        expect(await entries(h, a, "ALL_PICKS_BONUS")).toHaveLength(1);
        expect(await balance(h, a)).toBe(START_DIAMONDS + COMPLETION_REWARD_DIAMONDS);
      });

      it("pays once for 11 picks saved in one request", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, allPicks(race))).body.result.complete).toBe(true);
        expect((await entries(h, a, "ALL_PICKS_BONUS")).length).toBe(1);
      });
    });

    describe("change predictions: paid, in the BEFORE, EARLY and LATE tiers only", () => {
      it("BEFORE: one second before the start, 10 diamonds with the confirmation; without it or at another price, 409", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        at(h, fp1().start - SECOND);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(1) }])).body.code).toBe("changeConfirmation");
        expect(
          (await change(h, a, race, [{ category: "FP1", riderId: r(1) }], { tier: "BEFORE", cost: 5 })).body.code,
        ).toBe("changeConfirmation");
        expect(
          (
            await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
              tier: "EARLY",
              cost: changeTiers.EARLY.cost,
            })
          ).body.code,
        ).toBe("changeConfirmation");
        const ok = await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
          tier: "BEFORE",
          cost: changeTiers.BEFORE.cost,
        });
        expect(ok.status).toBe(200);
        expect(pickOf(ok.body, "FP1")).toMatchObject({ riderId: r(1), changes: 1 });
        expect(ok.body.result.balance).toBe(String(START_DIAMONDS - changeTiers.BEFORE.cost));
        const [debit] = await entries(h, a, "PREDICTION_CHANGE");
        expect(debit).toMatchObject({
          delta: -changeTiers.BEFORE.cost,
          ref: `prediction:${pickOf(ok.body, "FP1")!.id}`,
        });
      });

      it("a change confirmed at BEFORE one second after the start is refused (the price went up), EARLY goes through", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        at(h, fp1().start + SECOND);
        expect((await view(h, a, race)).body.result.slots[0].change).toEqual({
          tier: "EARLY",
          cost: changeTiers.EARLY.cost,
        });
        expect(
          (
            await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
              tier: "BEFORE",
              cost: changeTiers.BEFORE.cost,
            })
          ).body.code,
        ).toBe("changeConfirmation");
        expect(
          (
            await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
              tier: "EARLY",
              cost: changeTiers.EARLY.cost,
            })
          ).status,
        ).toBe(200);
        expect(await balance(h, a)).toBe(START_DIAMONDS - changeTiers.EARLY.cost);
      });

      it("EARLY ends 5 minutes after the start: one second before it is fine, one second after answers 418 predictionExpired", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        at(h, fp1().start + EARLY - SECOND);
        expect(
          (
            await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
              tier: "EARLY",
              cost: changeTiers.EARLY.cost,
            })
          ).status,
        ).toBe(200);
        at(h, fp1().start + EARLY + SECOND);
        const gap = await change(h, a, race, [{ category: "FP1", riderId: r(2) }], {
          tier: "EARLY",
          cost: changeTiers.EARLY.cost,
        });
        expect(gap.status).toBe(418);
        expect(gap.body).toMatchObject({
          code: "predictionExpired",
          message: "The time to make the prediction has expired",
        });
        expect((await view(h, a, race)).body.result.slots[0].change).toBeNull();
      });

      it("LATE starts 5 minutes before the scheduled end and ends with it", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        const late = { tier: "LATE", cost: changeTiers.LATE.cost };
        at(h, fp1().end - LATE - SECOND);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(1) }], late)).status).toBe(418);
        at(h, fp1().end - LATE + SECOND);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(1) }], late)).status).toBe(200);
        at(h, fp1().end - SECOND);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(2) }], late)).status).toBe(200);
        at(h, fp1().end + SECOND);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(3) }], late)).body.code).toBe(
          "predictionExpired",
        );
        expect(await balance(h, a)).toBe(START_DIAMONDS - 2 * changeTiers.LATE.cost);
        expect(pickOf((await view(h, a, race)).body, "FP1")).toMatchObject({ riderId: r(2), changes: 2 });
      });

      it("nothing after the race ends: the race picks change in LATE up to the end, not one second after", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "RACE_FIRST", riderId: r(0) }])).status).toBe(200);
        await setDiamonds(h, a.id, 100);
        at(h, race.sessions.START.end - SECOND);
        expect(
          (
            await change(h, a, race, [{ category: "RACE_FIRST", riderId: r(1) }], {
              tier: "LATE",
              cost: changeTiers.LATE.cost,
            })
          ).status,
        ).toBe(200);
        at(h, race.sessions.START.end + SECOND);
        expect(
          (
            await change(h, a, race, [{ category: "RACE_FIRST", riderId: r(2) }], {
              tier: "LATE",
              cost: changeTiers.LATE.cost,
            })
          ).status,
        ).toBe(418);
      });

      it("several changes of one tier in one request cost the sum; a tier mix can't be confirmed at once", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "FP1", riderId: r(0) },
              { category: "FP2", riderId: r(0) },
              { category: "POLEMAN", riderId: r(0) },
            ])
          ).status,
        ).toBe(200);
        const two = await change(
          h,
          a,
          race,
          [
            { category: "FP2", riderId: r(1) },
            { category: "POLEMAN", riderId: r(1) },
          ],
          { tier: "BEFORE", cost: 2 * changeTiers.BEFORE.cost },
        );
        expect(two.status).toBe(200);
        at(h, fp1().start + SECOND);
        const mixed = await change(
          h,
          a,
          race,
          [
            { category: "FP1", riderId: r(1) },
            { category: "FP2", riderId: r(2) },
          ],
          { tier: "EARLY", cost: changeTiers.EARLY.cost + changeTiers.BEFORE.cost },
        );
        expect(mixed.body.code).toBe("changeConfirmation");
        expect(await balance(h, a)).toBe(START_DIAMONDS - 2 * changeTiers.BEFORE.cost);
      });

      it("insufficient diamonds: 402 notEnoughDiamonds and the pick stays as it was", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        await setDiamonds(h, a.id, -(START_DIAMONDS - changeTiers.BEFORE.cost + 1));
        at(h, fp1().start - SECOND);
        const res = await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
          tier: "BEFORE",
          cost: changeTiers.BEFORE.cost,
        });
        expect(res.status).toBe(402);
        expect(res.body.code).toBe("notEnoughDiamonds");
        expect(pickOf((await view(h, a, race)).body, "FP1")).toMatchObject({ riderId: r(0), changes: 0 });
        await setDiamonds(h, a.id, 1);
        expect(
          (
            await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
              tier: "BEFORE",
              cost: changeTiers.BEFORE.cost,
            })
          ).status,
        ).toBe(200);
        expect(await balance(h, a)).toBe(0);
      });

      it("a repeated change (retry) is charged once, also when both arrive at the same time", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        at(h, fp1().start - MINUTE);
        const confirm = { tier: "BEFORE", cost: changeTiers.BEFORE.cost };
        const both = await Promise.all([
          change(h, a, race, [{ category: "FP1", riderId: r(1) }], confirm),
          change(h, a, race, [{ category: "FP1", riderId: r(1) }], confirm),
        ]);
        expect(both.map((x) => x.status)).toEqual([200, 200]);
        expect((await change(h, a, race, [{ category: "FP1", riderId: r(1) }], confirm)).status).toBe(200);
        expect(await balance(h, a)).toBe(START_DIAMONDS - changeTiers.BEFORE.cost);
        expect((await entries(h, a, "PREDICTION_CHANGE")).length).toBe(1);
      });

      it("pushes the new balance to the player's sockets after the change commits, not after a refusal", async () => {
        const a = await signUpConfirmed(h);
        await fp1Pick(a);
        const emit = vi.spyOn(h.app.deps.live, "emit");
        try {
          at(h, fp1().start - SECOND);
          expect(
            (
              await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
                tier: "EARLY",
                cost: changeTiers.EARLY.cost,
              })
            ).status,
          ).toBe(409);
          expect(emit).not.toHaveBeenCalled();
          expect(
            (
              await change(h, a, race, [{ category: "FP1", riderId: r(1) }], {
                tier: "BEFORE",
                cost: changeTiers.BEFORE.cost,
              })
            ).status,
          ).toBe(200);
          expect(emit).toHaveBeenCalledWith(
            LiveEvent.userBalanceUpdate,
            { balance: String(START_DIAMONDS - changeTiers.BEFORE.cost) },
            [a.id],
          );
        } finally {
          emit.mockRestore();
        }
      });

      it("a change can't put a rider twice on a podium, but a swap within it is fine", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "SPRINT_FIRST", riderId: r(0) },
              { category: "SPRINT_SECOND", riderId: r(1) },
            ])
          ).status,
        ).toBe(200);
        const dup = await change(h, a, race, [{ category: "SPRINT_FIRST", riderId: r(1) }], {
          tier: "BEFORE",
          cost: changeTiers.BEFORE.cost,
        });
        expect(dup.body.code).toBe("duplicateRider");
        const swap = await change(
          h,
          a,
          race,
          [
            { category: "SPRINT_FIRST", riderId: r(1) },
            { category: "SPRINT_SECOND", riderId: r(0) },
          ],
          { tier: "BEFORE", cost: 2 * changeTiers.BEFORE.cost },
        );
        expect(swap.status).toBe(200);
      });
    });

    describe("upgrades: bought until the session starts, once, on a saved pick", () => {
      it("the multiplier: 30 diamonds one second before the start, 418 one second after; needs a pick; not twice", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await upgrade(h, a, race, "PREDICTION", "FP1")).body.code).toBe("upgradeNeedsPick");
        expect((await upgrade(h, a, race, "PREDICTION")).status).toBe(400);
        expect(
          (
            await save(h, a, race, [
              { category: "FP1", riderId: r(0) },
              { category: "FP2", riderId: r(0) },
            ])
          ).status,
        ).toBe(200);
        expect((await view(h, a, race)).body.result.slots[0].upgrade).toBe("UPGRADE");
        at(h, fp1().start - SECOND);
        const ok = await upgrade(h, a, race, "PREDICTION", "FP1");
        expect(ok.status).toBe(200);
        expect(pickOf(ok.body, "FP1")!.upgrades).toEqual(["PREDICTION"]);
        expect(ok.body.result.slots[0].upgrade).toBe("UPGRADE_ACTIVE");
        expect(ok.body.result.balance).toBe(String(START_DIAMONDS - upgradePrices.PREDICTION));
        expect((await upgrade(h, a, race, "PREDICTION", "FP1")).body.code).toBe("upgradeActive");
        at(h, fp1().start + SECOND);
        const late = await upgrade(h, a, race, "PREDICTION", "FP2");
        expect(late.status).toBe(200); // FP2's session is later
        at(h, race.sessions.FP2.start + SECOND);
        expect((await save(h, a, race, [{ category: "POLEMAN", riderId: r(0) }])).status).toBe(200);
        const after = await upgrade(h, a, race, "PREDICTION", "POLEMAN");
        expect(after.status).toBe(200); // Q2 is later still
        expect((await upgrade(h, a, race, "PREDICTION", "FP2")).body.code).toBe("predictionExpired");
        expect(
          (await view(h, a, race)).body.result.slots.find((s: { category: string }) => s.category === "FP1").upgrade,
        ).toBe("UPGRADE_ACTIVE");
        expect(await balance(h, a)).toBe(START_DIAMONDS - 3 * upgradePrices.PREDICTION);
      });

      it("418 predictionExpired one second after the session's start", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        at(h, fp1().start + SECOND);
        const res = await upgrade(h, a, race, "PREDICTION", "FP1");
        expect(res.status).toBe(418);
        expect(res.body.code).toBe("predictionExpired");
        expect((await view(h, a, race)).body.result.slots[0].upgrade).toBe("UPGRADE_DISABLED");
        expect(await balance(h, a)).toBe(START_DIAMONDS);
      });

      it("a retried purchase (same key) pays once; a second purchase under a new key is refused", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        const [x, y] = await Promise.all([
          upgrade(h, a, race, "PREDICTION", "FP1", "same-key-1"),
          upgrade(h, a, race, "PREDICTION", "FP1", "same-key-1"),
        ]);
        expect([x.status, y.status]).toEqual([200, 200]);
        expect((await upgrade(h, a, race, "PREDICTION", "FP1", "same-key-1")).status).toBe(200);
        expect((await upgrade(h, a, race, "PREDICTION", "FP1", "other-key-2")).status).toBe(409);
        expect(await balance(h, a)).toBe(START_DIAMONDS - upgradePrices.PREDICTION);
        expect(await entries(h, a, "UPGRADE")).toHaveLength(1);
        // Two different purchases of one upgrade at the same time: one pays, the other is refused.
        expect((await save(h, a, race, [{ category: "FP2", riderId: r(0) }])).status).toBe(200);
        const raced = await Promise.all([
          upgrade(h, a, race, "PREDICTION", "FP2", "race-key-1"),
          upgrade(h, a, race, "PREDICTION", "FP2", "race-key-2"),
        ]);
        expect(raced.map((reply) => reply.status).toSorted()).toEqual([200, 409]);
        expect(await balance(h, a)).toBe(START_DIAMONDS - 2 * upgradePrices.PREDICTION);
      });

      it("podium multiplier (60) and insurance (40) need the whole podium; buttons follow", async () => {
        const a = await signUpConfirmed(h);
        await setDiamonds(h, a.id, 100);
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "RACE_FIRST", riderId: r(0) },
              { category: "RACE_SECOND", riderId: r(1) },
            ])
          ).status,
        ).toBe(200);
        let podium = (await view(h, a, race)).body.result.podiums.find((p: { group: string }) => p.group === "RACE");
        expect(podium).toMatchObject({ multiplier: "UPGRADE_DISABLED", insurance: "INSURANCE_DISABLED" });
        expect((await upgrade(h, a, race, "PREDICTION_RACE")).body.code).toBe("upgradeNeedsPick");
        expect((await save(h, a, race, [{ category: "RACE_THIRD", riderId: r(2) }])).status).toBe(200);
        podium = (await view(h, a, race)).body.result.podiums.find((p: { group: string }) => p.group === "RACE");
        expect(podium).toMatchObject({ multiplier: "UPGRADE_PODIUM", insurance: "INSURANCE" });

        at(h, race.sessions.START.start - SECOND);
        const mult = await upgrade(h, a, race, "PREDICTION_RACE");
        expect(mult.status).toBe(200);
        const ins = await upgrade(h, a, race, "PREDICTION_INSURANCE_RACE");
        expect(ins.status).toBe(200);
        const body = RacePrediction.parse(ins.body.result);
        for (const c of ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"] as const)
          expect(body.data.find((p) => p.category === c)!.upgrades).toEqual([
            "PREDICTION_RACE",
            "PREDICTION_INSURANCE_RACE",
          ]);
        expect(body.podiums.find((p) => p.group === "RACE")).toMatchObject({
          multiplier: "UPGRADE_ACTIVE",
          insurance: "INSURANCE_ACTIVE",
        });
        expect(body.slots.find((s) => s.category === "RACE_FIRST")!.upgrade).toBe("UPGRADE_ACTIVE");
        // The podium is already doubled: its own multiplier would not stack.
        expect((await upgrade(h, a, race, "PREDICTION", "RACE_FIRST")).body.code).toBe("upgradeActive");
        expect(await balance(h, a)).toBe(200 - upgradePrices.PODIUM - upgradePrices.INSURANCE);
        at(h, race.sessions.START.start + SECOND);
        expect((await upgrade(h, a, race, "PREDICTION_SPRINT")).status).toBe(418);
      });

      it("the podium multiplier is refused while a podium pick has its own multiplier", async () => {
        const a = await signUpConfirmed(h);
        await setDiamonds(h, a.id, 100);
        at(h, fp1().start - MINUTE);
        const podium = [
          { category: "SPRINT_FIRST", riderId: r(0) },
          { category: "SPRINT_SECOND", riderId: r(1) },
          { category: "SPRINT_THIRD", riderId: r(2) },
        ] as const;
        expect((await save(h, a, race, [...podium])).status).toBe(200);
        expect((await upgrade(h, a, race, "PREDICTION", "SPRINT_FIRST")).status).toBe(200);
        const res = await upgrade(h, a, race, "PREDICTION_SPRINT");
        expect(res.body.code).toBe("upgradeActive");
        expect(res.status).toBe(409);
        expect(
          (await view(h, a, race)).body.result.podiums.find((p: { group: string }) => p.group === "SPRINT").multiplier,
        ).toBe("UPGRADE_DISABLED");
        expect((await upgrade(h, a, race, "PREDICTION_INSURANCE_SPRINT")).status).toBe(200);
      });

      it("insufficient diamonds: 402 and no upgrade; the button says disabled", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect((await save(h, a, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        await setDiamonds(h, a.id, -(START_DIAMONDS - upgradePrices.PREDICTION + 1));
        expect((await view(h, a, race)).body.result.slots[0].upgrade).toBe("UPGRADE_DISABLED");
        const res = await upgrade(h, a, race, "PREDICTION", "FP1");
        expect(res.status).toBe(402);
        expect(pickOf((await view(h, a, race)).body, "FP1")!.upgrades).toEqual([]);
      });

      it("a multiplier follows its rider within the podium on a change, and stays on the slot when the rider leaves", async () => {
        const a = await signUpConfirmed(h);
        await setDiamonds(h, a.id, 100);
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "RACE_FIRST", riderId: r(0) },
              { category: "RACE_SECOND", riderId: r(1) },
              { category: "RACE_THIRD", riderId: r(2) },
            ])
          ).status,
        ).toBe(200);
        expect((await upgrade(h, a, race, "PREDICTION", "RACE_FIRST")).status).toBe(200);
        const swap = await change(
          h,
          a,
          race,
          [
            { category: "RACE_FIRST", riderId: r(1) },
            { category: "RACE_SECOND", riderId: r(0) },
          ],
          { tier: "BEFORE", cost: 2 * changeTiers.BEFORE.cost },
        );
        expect(swap.status).toBe(200);
        expect(pickOf(swap.body, "RACE_FIRST")!.upgrades).toEqual([]);
        expect(pickOf(swap.body, "RACE_SECOND")!.upgrades).toEqual(["PREDICTION"]);
        const leave = await change(h, a, race, [{ category: "RACE_SECOND", riderId: r(5) }], {
          tier: "BEFORE",
          cost: changeTiers.BEFORE.cost,
        });
        expect(pickOf(leave.body, "RACE_SECOND")).toMatchObject({ riderId: r(5), upgrades: ["PREDICTION"] });
      });
    });

    describe("injured riders: the pick is replaced free of charge before its session", () => {
      it("re-picks for free and may free the slot; after the start, only the paid tiers", async () => {
        const a = await signUpConfirmed(h);
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "FP1", riderId: r(7) },
              { category: "PRACTICE_FASTEST", riderId: r(7) },
              { category: "FP2", riderId: r(7) },
              { category: "POLEMAN", riderId: r(8) },
            ])
          ).status,
        ).toBe(200);
        const db = h.database.db;
        await db
          .update(riders)
          .set({ status: "INJURED" })
          .where(eq(riders.id, r(7)));
        try {
          at(h, fp1().start - SECOND);
          const v = (await view(h, a, race)).body;
          expect(pickOf(v, "FP1")!.riderAvailable).toBe(false);
          expect(v.result.slots[0].change).toEqual({ tier: "BEFORE", cost: 0 });
          const free = await change(h, a, race, [{ category: "FP1", riderId: r(9) }]);
          expect(free.status).toBe(200);
          expect(pickOf(free.body, "FP1")).toMatchObject({ riderId: r(9), changes: 0, riderAvailable: true });
          expect(await balance(h, a)).toBe(START_DIAMONDS);
          // DELETE frees an injured rider's slot, only that.
          const fp2 = pickOf(v, "FP2")!.id;
          const pole = pickOf(v, "POLEMAN")!.id;
          expect((await h.call("DELETE", `/predictions/${pole}`, { token: await token(a) })).body.code).toBe(
            "predictionSaved",
          );
          const b = await signUpConfirmed(h);
          expect((await h.call("DELETE", `/predictions/${fp2}`, { token: await token(b) })).status).toBe(404);
          expect((await h.call("DELETE", `/predictions/${fp2}`, { token: await token(a) })).status).toBe(200);
          expect(pickOf((await view(h, a, race)).body, "FP2")).toBeUndefined();
          // Once its session has started, an injured rider's pick changes only in the paid tiers.
          at(h, race.sessions.PF.start + SECOND);
          expect(pickOf((await view(h, a, race)).body, "PRACTICE_FASTEST")!.riderAvailable).toBe(false);
          expect((await change(h, a, race, [{ category: "PRACTICE_FASTEST", riderId: r(9) }])).body.code).toBe(
            "changeConfirmation",
          );
          expect(
            (await h.call("DELETE", `/predictions/${pickOf(v, "PRACTICE_FASTEST")!.id}`, { token: await token(a) }))
              .body.code,
          ).toBe("predictionExpired");
          expect(
            (
              await change(h, a, race, [{ category: "PRACTICE_FASTEST", riderId: r(9) }], {
                tier: "EARLY",
                cost: changeTiers.EARLY.cost,
              })
            ).status,
          ).toBe(200);
        } finally {
          await db
            .update(riders)
            .set({ status: "ACTIVE" })
            .where(eq(riders.id, r(7)));
        }
      });
    });

    describe("privacy and statistics", () => {
      it("a player sees only their own picks; statistics are counts per category and rider", async () => {
        const [a, b, c] = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
        at(h, fp1().start - MINUTE);
        expect(
          (
            await save(h, a, race, [
              { category: "FP1", riderId: r(0) },
              { category: "POLEMAN", riderId: r(1) },
            ])
          ).status,
        ).toBe(200);
        expect((await save(h, b, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
        expect((await save(h, c, race, [{ category: "FP1", riderId: r(2) }])).status).toBe(200);
        expect((await view(h, b, race)).body.result.data).toHaveLength(1);
        expect(
          (await h.call("GET", `/predictions/races/${race.id}/results`, { token: await token(b) })).body.result,
        ).toMatchObject({ total: 0, settled: false, data: [{ riderId: r(0) }] });

        // The spreads show once the sessions have started (tests/server/statistics.privacy.test.ts).
        at(h, race.sessions.Q2.start);
        const stats = PredictionStatistics.parse(
          (await h.call("GET", `/predictions/statistics/races/${race.id}`)).body.result,
        );
        expect(stats.categories).toHaveLength(11);
        expect(stats.categories[0]).toEqual({
          category: "FP1",
          total: 3,
          riders: [
            { riderId: r(0), count: 2, share: 2 / 3 },
            { riderId: r(2), count: 1, share: 1 / 3 },
          ],
          revealed: true,
        });
        const pole = PredictionStatistics.parse(
          (
            await h.call("GET", `/predictions/statistics/races/${race.id}`, {
              query: { typeId: "POLEMAN", version: 1 },
            })
          ).body.result,
        );
        expect(pole.categories).toEqual([
          { category: "POLEMAN", total: 1, riders: [{ riderId: r(1), count: 1, share: 1 }], revealed: true },
        ]);
        expect(JSON.stringify(stats)).not.toContain(a.id);

        // Once scored (settle() writes points and settled_at), results add them up; halves survive the round trip.
        await h.database.db
          .update(predictions)
          .set({ state: "INSURANCE", points: 12.5, settledAt: h.clock.now() })
          .where(eq(predictions.userId, b.id));
        const results = await h.call("GET", `/predictions/races/${race.id}/results`, {
          token: await token(b),
          query: { version: race.version },
        });
        expect(results.body.result).toMatchObject({
          total: 12.5,
          settled: true,
          data: [{ state: "INSURANCE", points: 12.5 }],
        });
      });
    });
  },
  { seed: true },
);
