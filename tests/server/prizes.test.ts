// GET /prizes and the motorcycle draw through the API (PGlite and PostgreSQL): one ticket per completed weekend
// prediction, the commitment published before the draw, refusals that change nothing, the draw recomputed by an
// independent computation from the revealed seed and the published list, drawn once, the winner notified.
import { createHash, randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { Prizes, type DrawTicketsPage } from "../../contract/prizes";
import { prizeDraws, prizeDrawTickets, races, users } from "../../server/db/schema";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { allPicks, at, MINUTE, raceFixture, save, tokenOf, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const newSeed = () => randomBytes(32).toString("hex");

onEachBackend(
  "prizes",
  (h) => {
    const makeGuru = (p: Player) => h.database.db.update(users).set({ isGuru: true }).where(eq(users.id, p.id));
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });

    const prizes = async (p: Player) => {
      const res = await h.call("GET", "/prizes", { token: await tokenOf(h, p) });
      expect(res.status).toBe(200);
      return Prizes.parse((res.body as { result: unknown }).result);
    };
    const commit = (commitment: string) =>
      h.call("POST", "/admin/prizes/draw/commitment", { body: { commitment }, headers: admin });
    const draw = (seed: string) => h.call("POST", "/admin/prizes/draw", { body: { seed }, headers: admin });
    /** Every page of the published list, as any visitor reads it (no token). */
    async function publishedList() {
      const out: DrawTicketsPage["data"] = [];
      let page = 1;
      let last: DrawTicketsPage;
      do {
        const res = await h.call("GET", "/prizes/draw/tickets", { query: { page, take: 2 } });
        expect(res.status).toBe(200);
        last = (res.body as { result: DrawTicketsPage }).result;
        out.push(...last.data);
        page++;
      } while (page <= last.pages);
      return { tickets: out, frozen: last.frozen, draw: last.draw };
    }
    /** Three players: two complete the weekend (one ticket each), one saves only some picks (none). */
    async function weekend() {
      at(h, race.sessions.FP1.start - MINUTE);
      const [a, b, c] = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
      for (const p of [a, b]) expect((await save(h, p, race, allPicks(race))).status).toBe(200);
      expect((await save(h, c!, race, allPicks(race).slice(0, 4))).status).toBe(200);
      return [a!, b!, c!] as const;
    }

    it("lists the season's prizes and counts one ticket per completed weekend prediction", async () => {
      const [a, , c] = await weekend();
      const view = await prizes(a);
      expect(view.prizes.map((p) => p.kind)).toEqual(["FACTORY_MOTORCYCLE", "PADDOCK_EXPERIENCE", "MERCH_CREDIT"]);
      expect(view.prizes[2]!.amountsUsd).toEqual([300, 200, 100]);
      expect(view.myTickets).toBe(1);
      expect((await prizes(c)).myTickets).toBe(0);
      expect(view.draw).toMatchObject({
        status: "NOT_COMMITTED",
        commitment: null,
        seed: null,
        ticketCount: 2,
        winner: null,
      });
      expect((await h.call("GET", "/prizes")).status).toBe(401);
    });

    it("draws the winner an independent computation finds from the revealed seed and the published list, once", async () => {
      const [a, b] = await weekend();
      const seed = newSeed();
      expect((await draw(seed)).body).toMatchObject({ code: "drawNotCommitted" });

      expect((await commit(sha(seed))).status).toBe(200);
      expect((await commit(sha(seed))).status).toBe(200);
      expect((await commit(sha(newSeed()))).body).toMatchObject({ code: "drawAlreadyCommitted" });
      const before = await prizes(a);
      expect(before.draw).toMatchObject({ status: "COMMITTED", commitment: sha(seed), seed: null });

      // A seed other than the committed one is refused and changes nothing.
      const wrong = await draw(newSeed());
      expect(wrong.status).toBe(400);
      expect(wrong.body).toMatchObject({ code: "seedMismatch" });
      expect(await h.database.db.select().from(prizeDrawTickets)).toEqual([]);

      const res = await draw(seed);
      expect(res.status).toBe(200);
      const drawn = (res.body as { result: Prizes["draw"] }).result;
      expect(drawn).toMatchObject({ status: "DRAWN", seed, ticketCount: 2 });

      // Independent check: canonical order, digest and winner recomputed with node:crypto from what is published.
      const published = await publishedList();
      expect(published.frozen).toBe(true);
      const lines = published.tickets.map((t) => `${t.raceId}:${t.userId}`);
      expect(lines).toEqual(lines.toSorted());
      expect(lines.toSorted()).toEqual([a, b].map((p) => `${race.id}:${p.id}`).toSorted());
      expect(sha(drawn.seed!)).toBe(drawn.commitment);
      expect(sha(lines.join("\n"))).toBe(drawn.ticketsDigest);
      expect(published.draw).toEqual(drawn);
      const index = Number(BigInt(`0x${sha(`${seed}:${drawn.ticketsDigest}`)}`) % BigInt(lines.length));
      expect(drawn.winningIndex).toBe(index);
      expect(`${drawn.winner!.raceId}:${drawn.winner!.id}`).toBe(lines[index]);

      // The winner is told, nobody else.
      const winner = drawn.winner!.id === a.id ? a : b;
      const loser = winner === a ? b : a;
      const notices = async (p: Player) =>
        (
          (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body as { result: { type: string }[] }
        ).result.filter((n) => n.type === "PRIZE_WON");
      expect(await notices(winner)).toHaveLength(1);
      expect(await notices(loser)).toHaveLength(0);

      // Drawn once: the same seed again answers the same draw, a new ticket afterwards is not in the frozen list.
      expect(((await draw(seed)).body as { result: unknown }).result).toEqual(drawn);
      const late = await signUpConfirmed(h);
      expect((await save(h, late, race, allPicks(race))).status).toBe(200);
      expect((await prizes(late)).draw).toEqual(drawn);
      expect(await h.database.db.select().from(prizeDrawTickets)).toHaveLength(2);
      expect(await notices(winner)).toHaveLength(1);
    });

    it("refuses a draw without tickets and keeps the commitment", async () => {
      const seed = newSeed();
      expect((await commit(sha(seed))).status).toBe(200);
      const res = await draw(seed);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "noDrawTickets" });
      expect(await h.database.db.select().from(prizeDraws)).toMatchObject([{ commitment: sha(seed), seed: null }]);
    });

    const confirm = () => h.call("POST", `/admin/races/${race.id}/confirm`, { headers: admin });

    it("names each confirmed weekend's top three by the boards' tie-break for its paddock experiences, decided at confirmation", async () => {
      const [a, b, c] = await weekend();
      const d = await signUpConfirmed(h);
      expect((await prizes(a)).paddock).toEqual([]);
      const [{ season }] = (await h.database.db
        .select({ season: races.season })
        .from(races)
        .where(eq(races.id, race.id))) as [{ season: number }];
      const score = (p: Player, points: number, racePodium: number) =>
        sql`(${p.id}, ${race.id}, ${season}, ${points}, 0, ${racePodium}, 0, 0, 0, 0, 0, 0, now())`;
      // b and c tie on points: c has more exact race podium picks, so c ranks above b; d is fourth.
      await h.database.db
        .execute(sql`INSERT INTO race_scores (user_id, race_id, season, points, accurate, race_podium, sprint_podium, pole, fp2, practice_fastest, fp1, positions_gained, first_saved_at)
        VALUES ${score(a, 60, 0)}, ${score(b, 40, 0)}, ${score(c, 40, 2)}, ${score(d, 10, 0)}`);
      // Not finished until the race classification is in.
      expect((await prizes(a)).paddock).toEqual([]);
      // Classified but not confirmed: the results are provisional and the winners not decided yet.
      await h.database.db.execute(
        sql`INSERT INTO session_results (race_id, result_key, canceled, rider_ids, entered_at) VALUES (${race.id}, 'START', false, '{}', now())`,
      );
      expect((await prizes(a)).paddock).toEqual([]);
      expect((await confirm()).body.result).toMatchObject({
        raceId: race.id,
        by: "operator",
        winners: 3,
        replayed: false,
      });
      const expected = [
        [1, a.id, 60],
        [2, c.id, 40],
        [3, b.id, 40],
      ];
      const [weekendWon] = (await prizes(a)).paddock;
      expect(weekendWon!.raceId).toBe(race.id);
      expect(weekendWon!.places.map((p) => [p.place, p.id, p.points])).toEqual(expected);
      // Decided once: a board that moves afterwards, or confirming again, changes no winner.
      await h.database.db.execute(sql`UPDATE race_scores SET points = 100 WHERE user_id = ${d.id}`);
      expect((await confirm()).body.result).toMatchObject({ by: "operator", winners: 0, replayed: true });
      expect((await prizes(a)).paddock[0]!.places.map((p) => [p.place, p.id, p.points])).toEqual(expected);
      await h.database.db.execute(sql`TRUNCATE session_results, race_scores, weekend_confirmations CASCADE`);
    });

    describe("gurus win no prizes: their weekends are no draw tickets and they are skipped in the paddock experiences", () => {
      it("a guru's completed weekend is no ticket, and the draw never picks a guru", async () => {
        const [a, b] = await weekend();
        await makeGuru(b);
        expect((await prizes(b)).myTickets).toBe(0);
        expect((await prizes(a)).draw.ticketCount).toBe(1);
        const seed = newSeed();
        expect((await commit(sha(seed))).status).toBe(200);
        expect((await draw(seed)).body.result.winner).toMatchObject({ id: a.id });
        expect((await publishedList()).tickets.map((t) => t.userId)).toEqual([a.id]);
      });

      it("a guru at the top of a weekend is skipped: the next three players win its paddock experiences", async () => {
        const [a, b, c] = await weekend();
        const d = await signUpConfirmed(h);
        await makeGuru(a);
        const [{ season }] = (await h.database.db
          .select({ season: races.season })
          .from(races)
          .where(eq(races.id, race.id))) as [{ season: number }];
        const score = (p: Player, points: number) =>
          sql`(${p.id}, ${race.id}, ${season}, ${points}, 0, 0, 0, 0, 0, 0, 0, 0, now())`;
        await h.database.db
          .execute(sql`INSERT INTO race_scores (user_id, race_id, season, points, accurate, race_podium, sprint_podium, pole, fp2, practice_fastest, fp1, positions_gained, first_saved_at)
          VALUES ${score(a, 90)}, ${score(b, 60)}, ${score(c, 40)}, ${score(d, 10)}`);
        await h.database.db.execute(
          sql`INSERT INTO session_results (race_id, result_key, canceled, rider_ids, entered_at) VALUES (${race.id}, 'START', false, '{}', now())`,
        );
        expect((await confirm()).status).toBe(200);
        const [weekendWon] = (await prizes(b)).paddock;
        expect(weekendWon!.places.map((p) => [p.place, p.id])).toEqual([
          [1, b.id],
          [2, c.id],
          [3, d.id],
        ]);
        await h.database.db.execute(sql`TRUNCATE session_results, race_scores, weekend_confirmations CASCADE`);
      });
    });

    it("admin calls need the operators' token", async () => {
      expect(
        (await h.call("POST", "/admin/prizes/draw/commitment", { body: { commitment: sha(newSeed()) } })).status,
      ).toBe(401);
    });
  },
  { seed: true },
);
