// Privacy of picks (contract/rules.statistics.ts): a PRIVATE league's statistics are for its
// accepted members only; anyone's pick spread for a category shows only once that category's session has
// started (before: how many picked, no riders), in the league and the race statistics alike. Proven at
// the second before and the second after the lock, on both databases.
import { describe, expect, it } from "vitest";
import type { League } from "../../contract/leagues";
import { PredictionStatistics } from "../../contract/predictions";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend, type Harness } from "./harness";
import { at, MINUTE, raceFixture, save, SECOND, tokenOf, type RaceFixture } from "./predictionsFixture";

async function leagueOf(h: Harness, owner: Player, type: "PRIVATE" | "PUBLIC", name: string): Promise<League> {
  const res = await h.call<{ result: League }>("POST", "/leagues", {
    token: await tokenOf(h, owner),
    body: { name, type },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

const leagueStats = async (h: Harness, p: Player, leagueId: string, race: RaceFixture, typeId?: string) =>
  h.call("GET", `/predictions/statistics/leagues/${leagueId}`, {
    token: await tokenOf(h, p),
    query: { raceId: race.id, ...(typeId ? { typeId } : {}) },
  });
const raceStats = (h: Harness, race: RaceFixture, typeId: string) =>
  h.call("GET", `/predictions/statistics/races/${race.id}`, { query: { typeId } });
const fp1Of = (res: { body: { result: unknown } }) =>
  PredictionStatistics.parse(res.body.result).categories.find((c) => c.category === "FP1")!;

onEachBackend(
  "statistics privacy",
  (h) => {
    describe("a PRIVATE league's statistics are for its accepted members only", () => {
      it("answers the owner and an accepted member; 403 to a stranger and to a pending requester; 404 for no league", async () => {
        const race = await raceFixture(h);
        const [owner, member, requester, stranger] = [
          await signUpConfirmed(h),
          await signUpConfirmed(h),
          await signUpConfirmed(h),
          await signUpConfirmed(h),
        ];
        at(h, race.sessions.FP1.start - 10 * MINUTE);
        const league = await leagueOf(h, owner, "PRIVATE", "Inner circle");
        expect(
          (await h.call("POST", `/leagues/${league.id}/members`, { token: await tokenOf(h, member) })).status,
        ).toBe(200);
        expect(
          (
            await h.call("PUT", `/leagues/${league.id}/members/${member.id}`, {
              token: await tokenOf(h, owner),
              body: { status: "ACCEPTED" },
            })
          ).status,
        ).toBe(200);
        expect(
          (await h.call("POST", `/leagues/${league.id}/members`, { token: await tokenOf(h, requester) })).body.result
            .memberStatus,
        ).toBe("PENDING");

        expect((await leagueStats(h, owner, league.id, race)).status).toBe(200);
        expect((await leagueStats(h, member, league.id, race)).status).toBe(200);
        for (const p of [stranger, requester])
          expect((await leagueStats(h, p, league.id, race)).body).toMatchObject({ statusCode: 403, code: "forbidden" });
        expect((await leagueStats(h, stranger, crypto.randomUUID(), race)).status).toBe(404);
      });

      it("a PUBLIC league's statistics stay readable by any signed-in player", async () => {
        const race = await raceFixture(h);
        const [owner, stranger] = [await signUpConfirmed(h), await signUpConfirmed(h)];
        const league = await leagueOf(h, owner, "PUBLIC", "Open house");
        expect((await leagueStats(h, stranger, league.id, race)).status).toBe(200);
      });
    });

    describe("a category's spread shows only once its session has started", () => {
      it("one second before FP1: how many picked and no riders, in the league and the race statistics; one second after: the spread", async () => {
        const race = await raceFixture(h);
        const owner = await signUpConfirmed(h);
        at(h, race.sessions.FP1.start - 10 * MINUTE);
        // A league of one: its spread would be the owner's own pick.
        const league = await leagueOf(h, owner, "PRIVATE", "Solo");
        const rider = race.active[3]!;
        expect(
          (
            await save(h, owner, race, [
              { category: "FP1", riderId: rider },
              { category: "POLEMAN", riderId: rider },
            ])
          ).status,
        ).toBe(200);

        at(h, race.sessions.FP1.start - SECOND);
        const before = [
          fp1Of(await leagueStats(h, owner, league.id, race, "FP1")),
          fp1Of(await raceStats(h, race, "FP1")),
        ];
        for (const stats of before)
          expect(stats).toMatchObject({ total: expect.any(Number), riders: [], revealed: false });
        expect(before[0]!.total).toBe(1);
        expect(JSON.stringify(before)).not.toContain(rider);

        at(h, race.sessions.FP1.start);
        expect(fp1Of(await raceStats(h, race, "FP1")).revealed).toBe(true);

        at(h, race.sessions.FP1.start + SECOND);
        const after = fp1Of(await leagueStats(h, owner, league.id, race, "FP1"));
        expect(after).toEqual({
          category: "FP1",
          total: 1,
          riders: [{ riderId: rider, count: 1, share: 1 }],
          revealed: true,
        });
        expect(fp1Of(await raceStats(h, race, "FP1"))).toMatchObject({
          revealed: true,
          riders: expect.arrayContaining([expect.objectContaining({ riderId: rider })]),
        });

        // Every other category waits for its own session: pole (Q2) is still hidden after FP1 has started.
        const all = PredictionStatistics.parse((await leagueStats(h, owner, league.id, race)).body.result).categories;
        expect(all.find((c) => c.category === "POLEMAN")).toEqual({
          category: "POLEMAN",
          total: 1,
          riders: [],
          revealed: false,
        });
        at(h, race.sessions.Q2.start + SECOND);
        const pole = PredictionStatistics.parse((await leagueStats(h, owner, league.id, race, "POLEMAN")).body.result)
          .categories[0];
        expect(pole).toEqual({
          category: "POLEMAN",
          total: 1,
          riders: [{ riderId: rider, count: 1, share: 1 }],
          revealed: true,
        });
      });
    });
  },
  { seed: true },
);
