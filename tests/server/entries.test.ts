// game-rules.md "The entry list changes" through the API: an operator's SUBSTITUTE (in place of a rider who is out,
// under the injured-rider rule) or WILDCARD for one race is pickable and bettable in that race and no other; the
// rider replaced's open picks and bets are refunded; an entry after the race session's start is refused; the same
// entry again changes nothing; only operators may send it. PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { auditLog, races, riders, teams } from "../../server/db/schema";
import { grantRole } from "../../server/modules/staff/roles";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { at, balance, MINUTE, raceFixture, SECOND, setDiamonds, tokenOf, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
type Rider = { id: string; number: number; role: string; available: boolean; odds: number | null };

onEachBackend(
  "race entries: substitutes and wildcards",
  (h) => {
    let race: RaceFixture;
    let other: string;
    let teamId: string;
    const r = (i: number) => race.active[i]!;
    let numbers = 900;

    beforeAll(async () => {
      race = await raceFixture(h);
      const [next] = await h.database.db.select().from(races).where(eq(races.round, 13));
      other = next!.id;
      const [team] = await h.database.db
        .select()
        .from(teams)
        .where(eq(teams.raceClass, "MOTOGP"))
        .orderBy(asc(teams.name))
        .limit(1);
      teamId = team!.id;
    });
    // Entries, the riders they made and injuries outlive the per-test TRUNCATE of users: undo them.
    beforeEach(async () => {
      await h.database.db.execute(sql`DELETE FROM race_entries`);
      await h.database.db.execute(sql`DELETE FROM riders WHERE id IN (SELECT rider_id FROM entry_riders)`);
      await h.database.db.execute(sql`TRUNCATE rider_injuries, session_results`);
      await h.database.db
        .update(riders)
        .set({ status: "ACTIVE" })
        .where(
          sql`${riders.id} IN (${sql.join(
            race.active.slice(0, 4).map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    });

    const version = async (raceId = race.id) =>
      (await h.database.db.select({ v: races.version }).from(races).where(eq(races.id, raceId)))[0]!.v;
    const enter = (body: Record<string, unknown>, headers: Record<string, string> = admin, raceId = race.id) =>
      h.call("POST", `/admin/races/${raceId}/entries`, { body, headers });
    const newRider = (name = "Lorenzo Savadori") => ({
      riderId: randomUUID(),
      newRider: { name, number: ++numbers, country: "IT", teamId },
    });
    const ridersOf = async (raceId = race.id) =>
      (await h.call("GET", `/v2/races/${raceId}/riders`)).body.result.riders as Rider[];
    const save = async (p: Player, category: string, riderId: string, raceId = race.id) =>
      h.call("POST", `/predictions/races/${raceId}`, {
        token: await tokenOf(h, p),
        body: { version: await version(raceId), data: [{ category, riderId }] },
      });
    const bet = async (p: Player, riderId: string, raceId = race.id) =>
      h.call("POST", `/bets/circuits/${raceId}`, {
        token: await tokenOf(h, p),
        body: { riderId, type: "WIN", amount: 30 },
      });
    const beforeFp1 = () => at(h, race.sessions.FP1.start - 10 * MINUTE);

    describe("a substitute in place of a rider who is out", () => {
      it("rides that race only: pickable and bettable there, refused in another", async () => {
        beforeFp1();
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 100);
        const v = await version();
        const sub = newRider();
        const res = await enter({ role: "SUBSTITUTE", ...sub, replaces: r(0) });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({
          raceId: race.id,
          riderId: sub.riderId,
          role: "SUBSTITUTE",
          replaces: r(0),
          replayed: false,
        });
        expect(await version()).toBe(v + 1);

        const list = await ridersOf();
        expect(list.find((x) => x.id === sub.riderId)).toMatchObject({
          role: "SUBSTITUTE",
          available: true,
          number: sub.newRider.number,
        });
        expect(list.find((x) => x.id === sub.riderId)!.odds).toBeGreaterThan(1);
        expect(list.find((x) => x.id === r(0))).toMatchObject({ available: false, odds: null });
        expect((await ridersOf(other)).some((x) => x.id === sub.riderId)).toBe(false);

        expect((await save(p, "FP1", sub.riderId)).status).toBe(200);
        expect((await bet(p, sub.riderId)).status).toBe(200);
        const elsewhere = await save(p, "FP1", sub.riderId, other);
        expect(elsewhere.status).toBe(400);
        expect(elsewhere.body.code).toBe("riderNotInRace");
        expect((await bet(p, sub.riderId, other)).body.code).toBe("betIncorrect");
        // The rider replaced is out of the race: refused for a new pick.
        expect((await save(p, "FP2", r(0))).body.code).toBe("riderInjured");
      });

      it("applies the injured-rider rule to the rider replaced: open picks invalidated and freed, bets refunded", async () => {
        beforeFp1();
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 100);
        expect((await save(p, "FP1", r(1))).status).toBe(200);
        expect((await bet(p, r(1))).status).toBe(200);
        const start = await balance(h, p);
        const sub = newRider("Michele Pirro");
        const res = await enter({ role: "SUBSTITUTE", ...sub, replaces: r(1) });
        expect(res.body.result).toMatchObject({ invalidated: 1, refunded: 30, replayed: false });
        expect(await balance(h, p)).toBe(start + 30);
        // The free re-pick: the FP1 pick changed to the substitute at no cost, without a confirmation.
        const change = await h.call("PUT", `/predictions/races/${race.id}`, {
          token: await tokenOf(h, p),
          body: { version: await version(), data: [{ category: "FP1", riderId: sub.riderId }] },
        });
        expect(change.status).toBe(200);
        expect(await balance(h, p)).toBe(start + 30);
        const notices = (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result as {
          type: string;
        }[];
        expect(notices.some((n) => n.type.startsWith("INJURED_RIDER"))).toBe(true);
      });

      it("writes one audit line; the same entry again changes nothing and answers replayed", async () => {
        beforeFp1();
        const [out] = await h.database.db
          .select()
          .from(riders)
          .where(eq(riders.id, r(2)));
        const sub = newRider("Stefan Bradl");
        const first = await enter({ role: "SUBSTITUTE", ...sub, replaces: r(2) });
        expect(first.status).toBe(200);
        const v = await version();
        for (let i = 0; i < 2; i++) {
          const again = await enter({ role: "SUBSTITUTE", ...sub, replaces: r(2) });
          expect(again.status).toBe(200);
          expect(again.body.result).toEqual({ ...first.body.result, replayed: true });
        }
        expect(await version()).toBe(v);
        const target = `#${out!.number} → #${sub.newRider.number}`;
        const lines = await h.database.db
          .select()
          .from(auditLog)
          .where(
            and(eq(auditLog.raceId, race.id), eq(auditLog.action, "RIDER_SUBSTITUTE"), eq(auditLog.target, target)),
          );
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ channel: "cli" });
        expect(lines[0]!.after).toMatchObject({
          entry: { id: sub.riderId, role: "SUBSTITUTE", replaces: { id: r(2) } },
        });
        // Another substitute for the same rider, or an entered rider entered again otherwise, is on the list already.
        expect((await enter({ role: "SUBSTITUTE", ...newRider(), replaces: r(2) })).body.code).toBe("riderOnEntryList");
        expect((await enter({ role: "WILDCARD", riderId: sub.riderId })).body.code).toBe("riderOnEntryList");
      });

      it("refuses a rider already on the entry list and a replaced rider not riding the race", async () => {
        beforeFp1();
        const onList = await enter({ role: "SUBSTITUTE", riderId: r(5), replaces: r(3) });
        expect(onList.status).toBe(409);
        expect(onList.body.code).toBe("riderOnEntryList");
        expect((await enter({ role: "SUBSTITUTE", riderId: race.otherClass, replaces: race.otherClass })).status).toBe(
          404,
        );
        expect((await enter({ role: "WILDCARD", riderId: randomUUID() })).status).toBe(404);
      });
    });

    describe("a wildcard", () => {
      it("a rider of another class entered as wildcard is pickable and bettable in that race, and in no other", async () => {
        beforeFp1();
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 100);
        const res = await enter({ role: "WILDCARD", riderId: race.otherClass });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ role: "WILDCARD", replaces: null, invalidated: 0, refunded: 0 });
        expect((await ridersOf()).find((x) => x.id === race.otherClass)).toMatchObject({
          role: "WILDCARD",
          available: true,
        });
        expect((await save(p, "POLEMAN", race.otherClass)).status).toBe(200);
        expect((await bet(p, race.otherClass)).status).toBe(200);
        expect((await save(p, "POLEMAN", race.otherClass, other)).body.code).toBe("riderNotInRace");
        const bets = (
          await h.call("GET", `/v2/bets/circuits/${race.id}`, {
            token: await tokenOf(h, p),
            query: { isMobile: "false" },
          })
        ).body.result;
        expect(bets.riders.find((x: Rider) => x.id === race.otherClass)).toMatchObject({
          role: "WILDCARD",
          available: true,
        });
        // The race's classification may name them.
        at(h, race.sessions.Q2.end + SECOND);
        const pole = await h.call("POST", `/admin/races/${race.id}/results`, {
          body: { session: "Q2", riderIds: [race.otherClass, r(1)] },
          headers: admin,
        });
        expect(pole.status).toBe(200);
      });

      it("a new rider made by the entry", async () => {
        beforeFp1();
        const wild = newRider("Aleix Espargaro");
        const res = await enter({ role: "WILDCARD", ...wild });
        expect(res.status).toBe(200);
        expect((await ridersOf()).find((x) => x.id === wild.riderId)).toMatchObject({
          role: "WILDCARD",
          available: true,
        });
        // A second new rider with a number taken in the class is refused.
        expect((await enter({ role: "WILDCARD", riderId: randomUUID(), newRider: wild.newRider })).body.code).toBe(
          "riderOnEntryList",
        );
      });
    });

    it("is refused once the race session has started (raceStarted), and changes nothing", async () => {
      at(h, race.sessions.START.start);
      const v = await version();
      const res = await enter({ role: "WILDCARD", ...newRider() });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe("raceStarted");
      expect(await version()).toBe(v);
      at(h, race.sessions.START.start - SECOND);
      expect((await enter({ role: "WILDCARD", riderId: race.otherClass })).status).toBe(200);
    });

    it("is for operators: the admin token and an operator's session; a player is refused", async () => {
      beforeFp1();
      expect((await enter({ role: "WILDCARD", riderId: race.otherClass }, {})).status).toBe(401);
      const player = await signUpConfirmed(h);
      expect(
        (
          await enter(
            { role: "WILDCARD", riderId: race.otherClass },
            { authorization: `Bearer ${await tokenOf(h, player)}` },
          )
        ).status,
      ).toBe(403);
      const operator = await signUpConfirmed(h);
      await grantRole(h.database.db, h.clock, operator.email, "operator");
      const res = await enter(
        { role: "WILDCARD", riderId: race.otherClass },
        { authorization: `Bearer ${await tokenOf(h, operator)}` },
      );
      expect(res.status).toBe(200);
      const [line] = await h.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, "RIDER_WILDCARD"))
        .orderBy(sql`${auditLog.id} DESC`)
        .limit(1);
      expect(line).toMatchObject({ channel: "browser", actorUserId: operator.id });
    });
  },
  { seed: true },
);
