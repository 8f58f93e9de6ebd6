// Gurus and followed players' picks through the API (PGlite and PostgreSQL): the demo gurus predict the weekend
// (once), anyone signed in reads a guru's picks and a follower a followed player's, each category hidden until
// the very second its session starts and shown from that second on; a stranger's picks are refused.
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { FollowedPicks, PlayerRacePicks } from "../../contract/gurus";
import { predictions } from "../../server/db/schema";
import { makeGuru } from "../../server/modules/gurus/admin";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import {
  allPicks,
  at,
  MINUTE,
  raceFixture,
  save,
  SECOND,
  tokenOf,
  upgrade,
  type RaceFixture,
} from "./predictionsFixture";

const fp1 = (p: PlayerRacePicks) => p.picks.find((k) => k.category === "FP1")!;

onEachBackend(
  "gurus",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });

    const guruPicks = () => h.call("POST", "/dev/guru-picks", { body: { raceId: race.id } });
    const picksOf = async (viewer: Player, userId: string) =>
      h.call("GET", `/users/${userId}/predictions/races/${race.id}`, { token: await tokenOf(h, viewer) });
    const followed = async (viewer: Player) => {
      const res = await h.call("GET", `/predictions/races/${race.id}/gurus`, { token: await tokenOf(h, viewer) });
      expect(res.status).toBe(200);
      return FollowedPicks.parse((res.body as { result: unknown }).result);
    };

    it("the three demo gurus pick every open category once; their FP1 picks show from the second FP1 starts", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const first = await guruPicks();
      expect(first.status).toBe(200);
      const made = (first.body as { result: { gurus: { id: string }[]; picks: number } }).result;
      expect(made.gurus).toHaveLength(3);
      expect(made.picks).toBe(33);
      expect(((await guruPicks()).body as { result: { picks: number } }).result.picks).toBe(0);

      const viewer = await signUpConfirmed(h);
      const list = await h.call("GET", "/users", { query: { type: "guru" } });
      expect((list.body as { result: { count: number } }).result.count).toBe(3);

      const guru = made.gurus[0]!.id;
      const [stored] = await h.database.db
        .select()
        .from(predictions)
        .where(and(eq(predictions.userId, guru), eq(predictions.raceId, race.id), eq(predictions.category, "FP1")));

      at(h, race.sessions.FP1.start - SECOND);
      const before = PlayerRacePicks.parse(((await picksOf(viewer, guru)).body as { result: unknown }).result);
      expect(fp1(before)).toEqual({ category: "FP1", revealed: false, riderId: null, picked: true });
      expect(before.picks.every((k) => k.riderId === null)).toBe(true);
      expect((await followed(viewer)).categories.find((c) => c.category === "FP1")).toEqual({
        category: "FP1",
        revealed: false,
        picks: [],
      });

      at(h, race.sessions.FP1.start);
      const after = PlayerRacePicks.parse(((await picksOf(viewer, guru)).body as { result: unknown }).result);
      expect(fp1(after)).toEqual({ category: "FP1", revealed: true, riderId: stored!.riderId, picked: true });
      expect(after.picks.find((k) => k.category === "RACE_FIRST")).toMatchObject({ revealed: false, riderId: null });
      const fp1Followed = (await followed(viewer)).categories.find((c) => c.category === "FP1")!;
      expect(fp1Followed.picks).toHaveLength(3);
      expect(fp1Followed.picks.every((p) => p.user.isGuru)).toBe(true);
    });

    it("a player's picks are their followers' only: refused to a stranger, shown once followed, refused again after unfollowing", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const [player, fan] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      expect((await save(h, player, race, allPicks(race))).status).toBe(200);
      at(h, race.sessions.FP1.start);
      expect((await picksOf(fan, player.id)).status).toBe(403);
      expect((await followed(fan)).categories.find((c) => c.category === "FP1")!.picks).toEqual([]);

      expect((await h.call("POST", `/users/${player.id}/favorite`, { token: await tokenOf(h, fan) })).status).toBe(200);
      expect((await picksOf(fan, player.id)).status).toBe(200);
      expect(
        (await followed(fan)).categories.find((c) => c.category === "FP1")!.picks.map((p) => [p.user.id, p.riderId]),
      ).toEqual([[player.id, race.active[0]]]);

      expect((await h.call("DELETE", `/users/${player.id}/favorite`, { token: await tokenOf(h, fan) })).status).toBe(
        200,
      );
      expect((await picksOf(fan, player.id)).status).toBe(403);
      // One's own picks are one's own to read.
      expect((await picksOf(player, player.id)).status).toBe(200);
    });

    it("the operator's `guru <email>` makes a player a Guru once: their started picks are anyone's to read, and they may own a VIP league", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const [player, stranger] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      expect((await save(h, player, race, allPicks(race))).status).toBe(200);
      const vip = { name: `Guru${player.id.slice(0, 6)}`, type: "VIP" };
      expect((await h.call("POST", "/leagues", { token: await tokenOf(h, player), body: vip })).status).toBe(403);
      expect(await makeGuru(h.database.db, h.clock, player.email.toUpperCase())).toBe("made");
      expect(await makeGuru(h.database.db, h.clock, player.email)).toBe("alreadyGuru");
      expect(await makeGuru(h.database.db, h.clock, "nobody@example.com")).toBe("noSuchPlayer");
      at(h, race.sessions.FP1.start);
      expect((await picksOf(stranger, player.id)).status).toBe(200);
      expect((await h.call("POST", "/leagues", { token: await tokenOf(h, player), body: vip })).status).toBe(200);
    });

    it("a revealed pick carries its score once scored (state, points, upgrades), so a profile can say why it scored", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const player = await signUpConfirmed(h);
      expect((await save(h, player, race, allPicks(race))).status).toBe(200);
      expect((await upgrade(h, player, race, "PREDICTION", "FP1")).status).toBe(200);
      at(h, race.sessions.FP1.start);
      const unscored = PlayerRacePicks.parse(((await picksOf(player, player.id)).body as { result: unknown }).result);
      expect(fp1(unscored).score).toBeUndefined();
      at(h, race.sessions.FP1.end + MINUTE);
      const entered = await h.call("POST", `/admin/races/${race.id}/results`, {
        body: { session: "FP1", riderIds: race.active.slice(0, 5) },
        headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
      });
      expect(entered.status).toBe(200);
      const scored = PlayerRacePicks.parse(((await picksOf(player, player.id)).body as { result: unknown }).result);
      expect(fp1(scored)).toEqual({
        category: "FP1",
        revealed: true,
        riderId: race.active[0],
        picked: true,
        score: { state: "ACCURATE", points: 10, upgrades: ["PREDICTION"] },
      });
      expect(scored.picks.filter((k) => k.score)).toHaveLength(1);
    });
  },
  { seed: true },
);
