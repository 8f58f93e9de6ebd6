// Spec section 7: GET /predictions/statistics/leagues/{leagueId}?typeId,raceId and its rewards: the
// spread of picks over a league's accepted members only, readable by whoever may see the league.
import { describe, expect, it } from "vitest";
import type { League } from "../../contract/leagues";
import { PredictionStatistics } from "../../contract/predictions";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend } from "./harness";
import { at, MINUTE, raceFixture, save, tokenOf } from "./predictionsFixture";

onEachBackend(
  "league statistics",
  (h) => {
    const stats = async (p: Player, leagueId: string, query: Record<string, string>) =>
      h.call("GET", `/predictions/statistics/leagues/${leagueId}`, { token: await tokenOf(h, p), query });

    describe("counts only the league's accepted members", () => {
      it("leaves out a non-member's pick and narrows to one category", async () => {
        const race = await raceFixture(h);
        const [owner, member, outsider] = [
          await signUpConfirmed(h),
          await signUpConfirmed(h),
          await signUpConfirmed(h),
        ];
        at(h, race.sessions.FP1.start - 10 * MINUTE);
        const created = await h.call<{ result: League }>("POST", "/leagues", {
          token: await tokenOf(h, owner),
          body: { name: "Stats club", type: "PUBLIC" },
        });
        expect(created.status, JSON.stringify(created.body)).toBe(200);
        const league = created.body.result;
        expect(
          (await h.call("POST", `/leagues/${league.id}/members`, { token: await tokenOf(h, member) })).status,
        ).toBe(200);

        const [r0, r1] = [race.active[0]!, race.active[1]!];
        for (const [p, rider] of [
          [owner, r0],
          [member, r0],
          [outsider, r1],
        ] as const) {
          expect(
            (
              await save(h, p, race, [
                { category: "FP1", riderId: rider },
                { category: "FP2", riderId: r1 },
              ])
            ).status,
          ).toBe(200);
        }

        // FP1 and FP2 have started: their spreads show.
        at(h, race.sessions.FP2.start);
        const res = await stats(owner, league.id, { raceId: race.id, typeId: "FP1" });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const body = PredictionStatistics.parse(res.body.result);
        expect(body.categories).toEqual([
          { category: "FP1", total: 2, riders: [{ riderId: r0, count: 2, share: 1 }], revealed: true },
        ]);

        const all = PredictionStatistics.parse((await stats(member, league.id, { raceId: race.id })).body.result);
        expect(all.categories).toHaveLength(11);
        expect(all.categories.find((c) => c.category === "FP2")!.total).toBe(2);

        // The race-wide spread still counts everybody.
        const global = PredictionStatistics.parse(
          (await h.call("GET", `/predictions/statistics/races/${race.id}`, { query: { typeId: "FP1" } })).body.result,
        );
        expect(global.categories[0]!.total).toBeGreaterThanOrEqual(3);
      });
    });

    describe("who may read them", () => {
      it("needs a signed-in player, a known league and a race id", async () => {
        const race = await raceFixture(h);
        const p = await signUpConfirmed(h);
        expect(
          (
            await h.call("GET", `/predictions/statistics/leagues/${crypto.randomUUID()}`, {
              query: { raceId: race.id },
            })
          ).status,
        ).toBe(401);
        expect((await stats(p, crypto.randomUUID(), { raceId: race.id })).status).toBe(404);
        const league = (
          await h.call<{ result: League }>("POST", "/leagues", {
            token: await tokenOf(h, p),
            body: { name: "No race", type: "PUBLIC" },
          })
        ).body.result;
        expect((await stats(p, league.id, {})).status).toBe(400);
      });

      it("serves the league's rewards: none for a public league", async () => {
        const p = await signUpConfirmed(h);
        const league = (
          await h.call<{ result: League }>("POST", "/leagues", {
            token: await tokenOf(h, p),
            body: { name: "Rewardless", type: "PUBLIC" },
          })
        ).body.result;
        const res = await h.call("GET", `/predictions/statistics/leagues/${league.id}/rewards`, {
          token: await tokenOf(h, p),
        });
        expect(res.status).toBe(200);
        expect(res.body.result).toEqual([]);
      });
    });
  },
  { seed: true },
);
