// game-rules.md "Every operator action is on the record": each operator action, from the command line (the admin
// token) or the browser (an operator's session), writes exactly one line of the append-only audit log with who,
// through what, what, and the state before and after; a replay that changes nothing writes none. The log is read by
// operators only, newest first, by race. PGlite and PostgreSQL.
import { createHash, randomBytes } from "node:crypto";
import { gt, sql } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { AuditEntry } from "../../contract/audit";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { paged } from "../../contract/common";
import { auditLog, type AuditRow } from "../../server/db/schema";
import { makeGuru } from "../../server/modules/gurus/admin";
import { grantRole, revokeRole } from "../../server/modules/staff/roles";
import { forcePasswordChange } from "../../server/modules/users/admin";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { allPicks, at, MINUTE, raceFixture, save, tokenOf, type RaceFixture } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const AuditPage = paged(AuditEntry);
const ok = async (res: Promise<{ status: number; body: unknown }>) => {
  const r = await res;
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as { result: any };
};

onEachBackend(
  "audit log",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });

    /** The last line's id, so a test reads only the lines its own actions wrote (the log outlives the harness's truncation). */
    const mark = async () =>
      Number((await h.database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)` }).from(auditLog))[0]!.id);
    const since = async (id: number): Promise<AuditRow[]> =>
      h.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id);
    /** Runs `act`, expects it to write exactly one line, and returns it. */
    async function oneLine(act: () => Promise<unknown>): Promise<AuditRow> {
      const from = await mark();
      await act();
      const lines = await since(from);
      expect(lines, JSON.stringify(lines)).toHaveLength(1);
      return lines[0]!;
    }
    async function noLine(act: () => Promise<unknown>) {
      const from = await mark();
      await act();
      expect(await since(from)).toEqual([]);
    }
    async function operator(): Promise<Player> {
      const p = await signUpConfirmed(h, `Marshal${Date.now().toString(36)}`);
      await grantRole(h.database.db, h.clock, p.email, "operator");
      return p;
    }

    it("an operator's sweep of stuck orders writes one line per order it completed, a second sweep none", async () => {
      const p = await signUpConfirmed(h);
      const as = { token: p.tokens.accessToken };
      const created = await ok(
        h.call("POST", "/diamonds/transactions/external", {
          ...as,
          body: { dPackId: "0d1a0000-0000-4000-8000-000000000550" },
        }),
      );
      const t = new URL(created.result.approveUrl).searchParams.get("token")!;
      await ok(h.call("POST", `/sandbox/checkout/${t}/approve`, as));
      await ok(h.call("POST", `/sandbox/checkout/${t}/authenticate`, as));
      const sweep = () =>
        ok(h.call("POST", "/admin/orders/capture-stuck", { body: { olderThanMinutes: 0 }, headers: admin }));
      expect(await oneLine(sweep)).toMatchObject({
        action: "ORDER_CHANGE",
        channel: "cli",
        target: `order ${created.result.id}`,
        before: { state: "APPROVED" },
        after: { state: "COMPLETED", diamonds: 550 },
      });
      await noLine(sweep);
    });

    it("the draw's commitment and run write one line each, their repeats none (first: no rider injured yet)", async () => {
      at(h, race.sessions.FP1.start - MINUTE);
      const players = [await signUpConfirmed(h), await signUpConfirmed(h)];
      for (const p of players) expect((await save(h, p, race, allPicks(race))).status).toBe(200);
      const seed = randomBytes(32).toString("hex");
      const commit = () =>
        ok(h.call("POST", "/admin/prizes/draw/commitment", { body: { commitment: sha(seed) }, headers: admin }));
      expect(await oneLine(commit)).toMatchObject({
        action: "DRAW_COMMIT",
        channel: "cli",
        before: null,
        after: { commitment: sha(seed) },
      });
      await noLine(commit);
      const run = () => ok(h.call("POST", "/admin/prizes/draw", { body: { seed }, headers: admin }));
      expect(await oneLine(run)).toMatchObject({
        action: "DRAW_RUN",
        before: { seed: null },
        after: { seed, ticketCount: 2 },
      });
      await noLine(run);
    });

    it("injuring a rider writes one line (cli), a repeat none", async () => {
      const rider = race.active[3]!;
      const injure = () =>
        ok(h.call("POST", `/admin/riders/${rider}/injury`, { body: { raceId: race.id }, headers: admin }));
      const line = await oneLine(injure);
      expect(line).toMatchObject({
        action: "RIDER_INJURE",
        channel: "cli",
        actorUserId: null,
        raceId: race.id,
        before: { status: "ACTIVE" },
        after: { status: "INJURED" },
      });
      expect(line.target).toMatch(/^rider #\d+ /);
      await noLine(injure);
    });

    it("odds set and reset through an operator's session write one line each with the operator, an unchanged set none", async () => {
      const op = await operator();
      const token = await tokenOf(h, op);
      const rider = race.active[0]!;
      const setOdds = (body: unknown) => ok(h.call("POST", `/admin/races/${race.id}/odds`, { body, token }));
      const set = await oneLine(() => setOdds({ odds: [{ riderId: rider, odds: 3.5 }] }));
      expect(set).toMatchObject({
        action: "ODDS_SET",
        channel: "browser",
        actorUserId: op.id,
        raceId: race.id,
        before: {},
        after: { [rider]: 3.5 },
      });
      await noLine(() => setOdds({ odds: [{ riderId: rider, odds: 3.5 }] }));
      const reset = await oneLine(() => setOdds({ reset: true }));
      expect(reset).toMatchObject({ action: "ODDS_SET", target: "odds reset", before: { [rider]: 3.5 }, after: {} });
      await noLine(() => setOdds({ reset: true }));
    });

    it("a bonus question added and answered writes one line each; the same answer again none; grading with nothing to grade none", async () => {
      const add = await oneLine(() =>
        ok(
          h.call("POST", `/admin/races/${race.id}/questions`, {
            body: {
              type: "ABOUT_RIDERS",
              points: 10,
              text: "Who takes pole?",
              closesAt: new Date(h.clock.now().getTime() - MINUTE).toISOString(),
            },
            headers: admin,
          }),
        ),
      );
      expect(add).toMatchObject({
        action: "QUESTION_ADD",
        channel: "cli",
        raceId: race.id,
        target: 'question "Who takes pole?"',
        before: null,
        after: { points: 10, type: "ABOUT_RIDERS" },
      });
      const id = (add.after as { id: string }).id;
      const grade = () =>
        ok(h.call("POST", `/admin/questions/${id}/answer`, { body: { answer: "Marc Marquez" }, headers: admin }));
      const graded = await oneLine(grade);
      expect(graded).toMatchObject({
        action: "QUESTION_ANSWER",
        raceId: race.id,
        before: { correctAnswer: null },
        after: { correctAnswer: "Marc Marquez", graded: 0 },
      });
      await noLine(grade);
      await noLine(() => ok(h.call("POST", `/admin/races/${race.id}/questions/grade`, { headers: admin })));
    });

    it("a pack added and changed writes one line each; set to what it is, none", async () => {
      const body = { diamonds: 7000, priceCents: 4999, currency: "USD", active: true };
      const add = await oneLine(() => ok(h.call("POST", "/admin/packs", { body, headers: admin })));
      expect(add).toMatchObject({ action: "PACK_CHANGE", before: null, after: { diamonds: 7000, active: true } });
      const id = (add.after as { dPackId: string }).dPackId;
      const off = await oneLine(() =>
        ok(h.call("PUT", `/admin/packs/${id}`, { body: { ...body, active: false }, headers: admin })),
      );
      expect(off).toMatchObject({
        action: "PACK_CHANGE",
        target: `pack ${id}`,
        before: { active: true },
        after: { active: false },
      });
      await noLine(() => ok(h.call("PUT", `/admin/packs/${id}`, { body: { ...body, active: false }, headers: admin })));
    });

    it("a news item writes one line, the same item again none", async () => {
      const body = { url: "https://www.youtube.com/watch?v=audit", title: "Guru speak show" };
      expect(await oneLine(() => ok(h.call("POST", "/admin/news", { body, headers: admin })))).toMatchObject({
        action: "NEWS_ADD",
        before: null,
        after: { title: "Guru speak show" },
      });
      await noLine(() => ok(h.call("POST", "/admin/news", { body, headers: admin })));
    });

    it("grant, revoke, guru and force-password-change (the commands on the database) write one line each as the command line, no e-mail; repeats none", async () => {
      const p = await signUpConfirmed(h);
      const grant = await oneLine(() => grantRole(h.database.db, h.clock, p.email, "support"));
      expect(grant).toMatchObject({
        action: "ROLE_GRANT",
        channel: "cli",
        actorUserId: null,
        target: `player ${p.id}: support`,
        before: { roles: [] },
        after: { roles: ["support"] },
      });
      await noLine(() => grantRole(h.database.db, h.clock, p.email, "support"));
      expect(await oneLine(() => revokeRole(h.database.db, p.email, "support", h.clock))).toMatchObject({
        action: "ROLE_REVOKE",
        before: { roles: ["support"] },
        after: { roles: [] },
      });
      await noLine(() => revokeRole(h.database.db, p.email, "support", h.clock));
      expect(await oneLine(() => makeGuru(h.database.db, h.clock, p.email))).toMatchObject({
        action: "GURU_MAKE",
        target: `player ${p.id}`,
        before: { isGuru: false },
        after: { isGuru: true },
      });
      await noLine(() => makeGuru(h.database.db, h.clock, p.email));
      expect(await oneLine(() => forcePasswordChange(h.database.db, h.clock, p.email))).toMatchObject({
        action: "PASSWORD_RESET_FORCED",
        before: { mustChangePassword: false },
        after: { mustChangePassword: true },
      });
      await noLine(() => forcePasswordChange(h.database.db, h.clock, p.email));
      const lines = await h.database.db.select().from(auditLog);
      expect(JSON.stringify(lines)).not.toContain(p.email);
    });

    it("the database refuses to change or delete a line", async () => {
      await grantRole(h.database.db, h.clock, (await signUpConfirmed(h)).email, "analyst");
      const refusal = (query: ReturnType<typeof sql>) =>
        h.database.db.execute(query).then(
          () => "done",
          (err: Error & { cause?: Error }) => String(err.cause?.message ?? err.message),
        );
      expect(await refusal(sql`UPDATE audit_log SET target = 'rewritten'`)).toMatch(/append-only/);
      expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only/);
      expect(
        (
          await h.database.db
            .select()
            .from(auditLog)
            .where(sql`${auditLog.target} = 'rewritten'`)
        ).length,
      ).toBe(0);
    });

    it("GET /admin/audit: newest first, by race, with the operator's name (no e-mail); refused to players (403) and guests (401)", async () => {
      const op = await operator();
      const token = await tokenOf(h, op);
      await ok(
        h.call("POST", `/admin/races/${race.id}/odds`, {
          body: { odds: [{ riderId: race.active[1]!, odds: 4.25 }] },
          token,
        }),
      );
      await ok(
        h.call("POST", "/admin/news", {
          body: { url: "https://www.youtube.com/watch?v=read", title: "Paddock pass" },
          headers: admin,
        }),
      );

      const all = AuditPage.parse((await ok(h.call("GET", "/admin/audit", { token }))).result);
      expect(all.data[0]).toMatchObject({
        action: "NEWS_ADD",
        channel: "cli",
        actor: { userId: null, name: null },
        raceId: null,
      });
      expect(all.data[1]).toMatchObject({
        action: "ODDS_SET",
        channel: "browser",
        actor: { userId: op.id, name: op.name },
        raceId: race.id,
      });
      expect(all.data.map((e) => e.id)).toEqual(all.data.map((e) => e.id).toSorted((a, b) => b - a));
      expect(JSON.stringify(all)).not.toContain(op.email);

      const byRace = AuditPage.parse(
        (await ok(h.call("GET", "/admin/audit", { headers: admin, query: { raceId: race.id } }))).result,
      );
      expect(byRace.count).toBeGreaterThan(0);
      expect(byRace.data.every((e) => e.raceId === race.id)).toBe(true);
      expect(byRace.count).toBeLessThan(all.count);
      const paging = AuditPage.parse(
        (await ok(h.call("GET", "/admin/audit", { headers: admin, query: { take: 1, page: 2 } }))).result,
      );
      expect(paging).toMatchObject({ page: 2, pages: all.count, count: all.count });
      expect(paging.data[0]!.id).toBe(all.data[1]!.id);

      const player = await signUpConfirmed(h);
      expect((await h.call("GET", "/admin/audit", { token: await tokenOf(h, player) })).status).toBe(403);
      const support = await signUpConfirmed(h);
      await grantRole(h.database.db, h.clock, support.email, "support");
      expect((await h.call("GET", "/admin/audit", { token: await tokenOf(h, support) })).status).toBe(403);
      expect((await h.call("GET", "/admin/audit")).status).toBe(401);
      expect(
        (await h.call("GET", "/admin/audit", { headers: { [ADMIN_TOKEN_HEADER]: `${ADMIN_TOKEN}x` } })).status,
      ).toBe(401);
      // A player cannot act either: the odds stay, no line is written.
      await noLine(async () =>
        expect(
          (
            await h.call("POST", `/admin/races/${race.id}/odds`, {
              body: { reset: true },
              token: await tokenOf(h, player),
            })
          ).status,
        ).toBe(403),
      );
    });
  },
  { seed: true },
);
