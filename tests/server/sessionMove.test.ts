// game-rules.md "Sessions move" through the API, on PGlite and PostgreSQL: every lock follows a move at once (the
// categories a session decides, the bet close, the bonus questions closing with the weekend's first session, the race
// clock), a save is judged against the start as it stands when it is made, a move that breaks the order or touches a
// started session changes nothing, the players of the weekend are told once per move, and only operators move.
import { and, desc, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, expect, it, vi } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import type { SessionType } from "../../contract/enums";
import type { RaceEventPayload } from "../../contract/live";
import { RaceControl, SessionMoveReport } from "../../contract/operations";
import { auditLog, questions, raceSessions } from "../../server/db/schema";
import { raceClock } from "../../server/live/raceClock";
import { grantRole } from "../../server/modules/staff/roles";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import { at, MINUTE, raceFixture, save, SECOND, setDiamonds, tokenOf, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const iso = (ms: number) => new Date(ms).toISOString();

onEachBackend(
  "sessions move",
  (h: Harness) => {
    let race: RaceFixture;
    const r = (i: number) => race.active[i]!;
    const move = (
      session: SessionType,
      body: Record<string, unknown>,
      headers: Record<string, string> = admin,
      token?: string,
    ) =>
      h.call("POST", `/admin/races/${race.id}/sessions/${session}/move`, {
        body,
        headers,
        ...(token ? { token } : {}),
      });
    const moved = async (session: SessionType, body: Record<string, unknown>) => {
      const res = await move(session, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return SessionMoveReport.parse(res.body.result);
    };
    const times = async () =>
      Object.fromEntries(
        (await h.database.db.select().from(raceSessions).where(eq(raceSessions.raceId, race.id))).map((s) => [
          s.type,
          [s.startsAt.getTime(), s.endsAt.getTime()],
        ]),
      );
    const audits = async () =>
      (
        await h.database.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.raceId, race.id), eq(auditLog.action, "SESSION_MOVE")))
      ).length;
    const noticesOf = async (p: Player) =>
      (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result.filter(
        (n: { type: string }) => n.type === "SESSION_MOVED",
      ) as { value: Record<string, unknown> }[];
    const bet = async (p: Player, riderId: string) =>
      h.call("POST", `/bets/circuits/${race.id}`, {
        token: await tokenOf(h, p),
        body: { riderId, type: "WIN", amount: 30 },
      });

    beforeAll(async () => {
      race = await raceFixture(h);
    });
    // Moves outlive the per-test TRUNCATE of users: the race's schedule goes back to the seeded one.
    beforeEach(async () => {
      for (const [type, s] of Object.entries(race.sessions)) {
        await h.database.db
          .update(raceSessions)
          .set({ startsAt: new Date(s.start), endsAt: new Date(s.end), canceled: false })
          .where(and(eq(raceSessions.raceId, race.id), eq(raceSessions.type, type)));
      }
      await h.database.db.execute(sql`DELETE FROM race_events`);
      await h.database.db.delete(questions);
    });
    afterEach(() => vi.restoreAllMocks());

    it("a delay: the second before the new start saves, the second after is refused, though the old start has passed", async () => {
      const fp1 = race.sessions.FP1;
      const [early, onTime, late] = [await signUpConfirmed(h), await signUpConfirmed(h), await signUpConfirmed(h)];
      at(h, fp1.start - 10 * MINUTE);
      // Saves before the move: this instance now knows the race and these players' picks (the one-round-trip save).
      for (const p of [early, onTime, late])
        expect((await save(h, p, race, [{ category: "PRACTICE_FASTEST", riderId: r(1) }])).status).toBe(200);
      expect((await save(h, early, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
      const report = await moved("FP1", { startsAt: iso(fp1.start + 30 * MINUTE) });
      expect(report).toMatchObject({
        replayed: false,
        before: { startsAt: iso(fp1.start), endsAt: iso(fp1.end) },
        after: { startsAt: iso(fp1.start + 30 * MINUTE), endsAt: iso(fp1.end + 30 * MINUTE) },
      });
      at(h, fp1.start + 30 * MINUTE - SECOND);
      expect((await save(h, onTime, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
      at(h, fp1.start + 30 * MINUTE + SECOND);
      const refused = await save(h, late, race, [{ category: "FP1", riderId: r(0) }]);
      expect(refused.status).toBe(418);
      expect(refused.body.code).toBe("raceStarted");
      // The pick saved before the move stands.
      const view = await h.call("GET", `/predictions/races/${race.id}`, { token: await tokenOf(h, early) });
      expect(view.body.result.data.map((p: { category: string }) => p.category)).toContain("FP1");
      const slot = view.body.result.slots.find((s: { category: string }) => s.category === "FP1");
      expect(slot).toMatchObject({ startsAt: iso(fp1.start + 30 * MINUTE), endsAt: iso(fp1.end + 30 * MINUTE) });
    });

    it("an advance: the second after the new start is refused though the old start is still ahead, the second before saves", async () => {
      const fp1 = race.sessions.FP1;
      const [onTime, late] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      at(h, fp1.start - 60 * MINUTE);
      for (const p of [onTime, late])
        expect((await save(h, p, race, [{ category: "PRACTICE_FASTEST", riderId: r(1) }])).status).toBe(200);
      await moved("FP1", { startsAt: iso(fp1.start - 30 * MINUTE), endsAt: iso(fp1.start) });
      at(h, fp1.start - 30 * MINUTE - SECOND);
      expect((await save(h, onTime, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
      at(h, fp1.start - 30 * MINUTE + SECOND);
      expect((await save(h, late, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(418);
    });

    it("the bet close follows the race session", async () => {
      const start = race.sessions.START;
      const p = await signUpConfirmed(h);
      await setDiamonds(h, p.id, 200);
      at(h, start.start - MINUTE);
      expect((await bet(p, r(0))).status).toBe(200);
      await moved("START", { startsAt: iso(start.start + 60 * MINUTE) });
      at(h, start.start + MINUTE);
      expect((await bet(p, r(1))).status).toBe(200);
      const read = await h.call("GET", `/v2/bets/circuits/${race.id}`, {
        token: await tokenOf(h, p),
        query: { isMobile: "false" },
      });
      expect(read.body.result.closesAt).toBe(iso(start.start + 60 * MINUTE));
      at(h, start.start + 60 * MINUTE + SECOND);
      const late = await bet(p, r(2));
      expect(late.status).toBe(418);
      expect(late.body.code).toBe("betExpired");
    });

    it("bonus questions closing with the weekend's first session follow it; one with a deadline of its own stays", async () => {
      const fp1 = race.sessions.FP1;
      const withWeekend = await h.call("POST", `/admin/races/${race.id}/questions`, {
        body: { type: "ABOUT_GENERAL", points: 5, text: "How many on the podium?", options: ["1", "2"] },
        headers: admin,
      });
      const ownDeadline = await h.call("POST", `/admin/races/${race.id}/questions`, {
        body: {
          type: "ABOUT_GENERAL",
          points: 5,
          text: "Rain on Sunday?",
          options: ["yes", "no"],
          closesAt: iso(race.sessions.START.start),
        },
        headers: admin,
      });
      expect([withWeekend.status, ownDeadline.status]).toEqual([200, 200]);
      at(h, fp1.start - 10 * MINUTE);
      await moved("FP1", { startsAt: iso(fp1.start + 45 * MINUTE) });
      const rows = await h.database.db.select().from(questions).where(eq(questions.raceId, race.id));
      expect(rows.find((q) => q.id === withWeekend.body.result.id)!.closesAt.getTime()).toBe(fp1.start + 45 * MINUTE);
      expect(rows.find((q) => q.id === ownDeadline.body.result.id)!.closesAt.getTime()).toBe(race.sessions.START.start);
      const p = await signUpConfirmed(h);
      at(h, fp1.start + 44 * MINUTE);
      expect(
        (
          await h.call("POST", `/questions/${withWeekend.body.result.id}/user-answer`, {
            token: await tokenOf(h, p),
            body: { text: "1", id: "a" },
          })
        ).status,
      ).not.toBe(418);
      at(h, fp1.start + 45 * MINUTE);
      expect(
        (
          await h.call("POST", `/questions/${withWeekend.body.result.id}/user-answer`, {
            token: await tokenOf(h, p),
            body: { text: "1", id: "a" },
          })
        ).status,
      ).toBe(418);
    });

    it("the race clock announces a moved session at its new time, not at the old one", async () => {
      const fp1 = race.sessions.FP1;
      const events: RaceEventPayload[] = [];
      const clock = raceClock(h.database, h.clock, (e) => {
        if (e.raceId === race.id && e.session === "FP1") events.push(e);
      });
      at(h, fp1.start - 5 * MINUTE);
      await clock.tick();
      expect(events.map((e) => e.type)).toEqual(["RACE_STARTING_SOON"]);
      await moved("FP1", { startsAt: iso(fp1.start + 30 * MINUTE) });
      events.length = 0;
      at(h, fp1.start + SECOND);
      await clock.tick();
      expect(events).toEqual([]);
      at(h, fp1.start + 20 * MINUTE);
      await clock.tick();
      expect(events.map((e) => e.type)).toEqual(["RACE_STARTING_SOON"]);
      at(h, fp1.start + 30 * MINUTE);
      await clock.tick();
      expect(events.map((e) => e.type)).toEqual(["RACE_STARTING_SOON", "RACE_STARTED"]);
    });

    it("refuses a move that breaks the order or moves a started session's start, and changes nothing", async () => {
      const { FP1: fp1, PF: pf } = race.sessions;
      at(h, fp1.start - 60 * MINUTE);
      const before = await times();
      const audited = await audits();
      const overlap = await move("FP1", { startsAt: iso(pf.start - MINUTE) });
      expect(overlap.status).toBe(409);
      expect(overlap.body.code).toBe("sessionOrder");
      const past = await move("PF", { startsAt: iso(fp1.start - 30 * MINUTE) });
      expect(past.body.code).toBe("sessionOrder");
      expect((await move("FP1", { endsAt: iso(fp1.start - MINUTE) })).body.code).toBe("validation");
      at(h, fp1.start + MINUTE);
      const started = await move("FP1", { startsAt: iso(fp1.start + 10 * MINUTE) });
      expect(started.status).toBe(409);
      expect(started.body.code).toBe("sessionStarted");
      expect((await move("FP1", { endsAt: iso(fp1.end - MINUTE) })).body.code).toBe("sessionStarted");
      expect(await times()).toEqual(before);
      expect(await audits()).toBe(audited);
      // A running session's end extends (a red flag).
      const extended = await moved("FP1", { endsAt: iso(fp1.end + 20 * MINUTE) });
      expect(extended.after).toEqual({ startsAt: iso(fp1.start), endsAt: iso(fp1.end + 20 * MINUTE) });
      at(h, fp1.end + 30 * MINUTE);
      expect((await move("FP1", { endsAt: iso(fp1.end + 60 * MINUTE) })).body.code).toBe("sessionStarted");
    });

    it("tells each player with picks or bets once per move, writes one audit line, and a replay does neither", async () => {
      const fp1 = race.sessions.FP1;
      const [picker, bettor, both, bystander] = [
        await signUpConfirmed(h),
        await signUpConfirmed(h),
        await signUpConfirmed(h),
        await signUpConfirmed(h),
      ];
      at(h, fp1.start - 60 * MINUTE);
      for (const p of [bettor, both]) await setDiamonds(h, p.id, 200);
      expect((await save(h, picker, race, [{ category: "FP1", riderId: r(0) }])).status).toBe(200);
      expect(
        (
          await save(h, both, race, [
            { category: "FP1", riderId: r(0) },
            { category: "FP2", riderId: r(1) },
          ])
        ).status,
      ).toBe(200);
      expect((await bet(bettor, r(0))).status).toBe(200);
      expect((await bet(both, r(0))).status).toBe(200);
      const audited = await audits();
      const emit = vi.spyOn(h.app.deps.live, "emit");
      const body = { startsAt: iso(fp1.start + 15 * MINUTE) };
      const report = await moved("FP1", body);
      expect(report.notified).toBe(3);
      expect(emit).toHaveBeenCalledWith("session-moved", expect.objectContaining({ raceId: race.id, session: "FP1" }));
      const payload = emit.mock.calls[0]![1] as { sessions: { type: string; startsAt: string }[] };
      expect(payload.sessions.find((s) => s.type === "FP1")!.startsAt).toBe(body.startsAt);
      for (const p of [picker, bettor, both]) {
        const notices = await noticesOf(p);
        expect(notices).toHaveLength(1);
        expect(notices[0]!.value).toMatchObject({
          raceId: race.id,
          name: "FP1",
          from: iso(fp1.start),
          to: body.startsAt,
        });
      }
      expect(await noticesOf(bystander)).toEqual([]);
      expect(await audits()).toBe(audited + 1);
      const [line] = await h.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.raceId, race.id), eq(auditLog.action, "SESSION_MOVE")))
        .orderBy(desc(auditLog.id));
      expect(line).toMatchObject({
        channel: "cli",
        target: "FP1",
        before: { startsAt: iso(fp1.start) },
        after: { startsAt: body.startsAt },
      });

      emit.mockClear();
      const again = await moved("FP1", body);
      expect(again).toMatchObject({ replayed: true, notified: 0 });
      expect(emit).not.toHaveBeenCalledWith("session-moved", expect.anything());
      expect(await noticesOf(picker)).toHaveLength(1);
      expect(await audits()).toBe(audited + 1);
    });

    it("opens to the admin token and an operator's session; a player is refused (403), nobody at all too (401)", async () => {
      const fp1 = race.sessions.FP1;
      at(h, fp1.start - 60 * MINUTE);
      const player = await signUpConfirmed(h);
      const operator = await signUpConfirmed(h);
      await grantRole(h.database.db, h.clock, operator.email, "operator");
      const body = { startsAt: iso(fp1.start + 5 * MINUTE) };
      expect((await move("FP1", body, {})).status).toBe(401);
      expect((await move("FP1", body, {}, await tokenOf(h, player))).status).toBe(403);
      expect((await h.call("GET", `/admin/races/${race.id}/control`, { token: await tokenOf(h, player) })).status).toBe(
        403,
      );
      expect((await h.call("GET", `/admin/races/${race.id}/control`)).status).toBe(401);
      const byOperator = await move("FP1", body, {}, await tokenOf(h, operator));
      expect(byOperator.status).toBe(200);
      const [line] = await h.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.raceId, race.id), eq(auditLog.actorUserId, operator.id)));
      expect(line).toMatchObject({ channel: "browser", action: "SESSION_MOVE" });
      const control = await h.call("GET", `/admin/races/${race.id}/control`, { token: await tokenOf(h, operator) });
      expect(control.status).toBe(200);
      const timeline = RaceControl.parse(control.body.result);
      expect(timeline.sessions[0]).toMatchObject({
        type: "FP1",
        startsAt: body.startsAt,
        state: "UPCOMING",
        results: [{ key: "FP1", entered: false }],
      });
      expect(timeline.sessions.map((s) => s.type)).toEqual(["FP1", "PF", "FP2", "Q1", "Q2", "SPRINT", "START"]);
      expect(timeline.confirmsAt).toBe(iso(race.sessions.START.end + 72 * 3_600_000));
      expect((await h.call("GET", `/admin/races/${race.id}/control`, { headers: admin })).status).toBe(200);
      expect(
        (await h.call("GET", `/admin/races/00000000-0000-4000-8000-000000000000/control`, { headers: admin })).status,
      ).toBe(404);
    });
  },
  { seed: true },
);
