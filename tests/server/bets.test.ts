// game-rules.md "Bets" through the API: the race's riders with their WIN, PLACE and SHOW odds, every refusal at
// its boundary, the stake debited once even under concurrent requests, settlement with the race's result (paid
// once), a canceled race and an injured rider refunding, the operator's odds and the demo players' bets.
// PGlite and PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BetPlaced, RaceBets } from "../../contract/bets";
import { oddsOf } from "../../contract/betRules";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { bets, diamondLedger, notifications, raceOdds, riders } from "../../server/db/schema";
import { settleRaceBets } from "../../server/modules/bets/settlement";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, type Harness } from "./harness";
import {
  allPicks,
  at,
  balance,
  entries,
  MINUTE,
  raceFixture,
  save,
  SECOND,
  setDiamonds,
  tokenOf,
  type RaceFixture,
} from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const win = (riderId: string, amount = 30) => ({ riderId, type: "WIN", amount });
type Row = Record<string, unknown>;

/** Every balance equals its ledger's sum, no running balance went below zero, and each entry's balance_after is right. */
async function expectMoneyInvariant(h: Harness) {
  const rows = async <T = Row>(q: ReturnType<typeof sql>) =>
    ((await h.database.db.execute(q)) as unknown as { rows: T[] }).rows;
  const ledger = await rows<{ user_id: string; delta: number; balance_after: number }>(
    sql`SELECT user_id, delta::float8 AS delta, balance_after::float8 AS balance_after FROM diamond_ledger ORDER BY seq`,
  );
  const running = new Map<string, number>();
  for (const e of ledger) {
    const next = (running.get(e.user_id) ?? 0) + e.delta;
    expect(next, "a balance went below zero").toBeGreaterThanOrEqual(0);
    expect(e.balance_after).toBe(next);
    running.set(e.user_id, next);
  }
  for (const b of await rows<{ user_id: string; balance: number }>(
    sql`SELECT user_id, balance::float8 AS balance FROM diamond_balances`,
  )) {
    expect(b.balance, "balance = ledger sum").toBe(running.get(b.user_id) ?? 0);
  }
}

onEachBackend(
  "bets",
  (h) => {
    let race: RaceFixture;
    const r = (i: number) => race.active[i]!;
    const before = (ms = MINUTE) => at(h, race.sessions.START.start - ms);

    beforeAll(async () => {
      race = await raceFixture(h);
    });
    // Results, odds and injuries outlive the per-test TRUNCATE of users: undo them.
    beforeEach(async () => {
      await h.database.db.execute(sql`TRUNCATE session_results`);
      await h.database.db.execute(sql`UPDATE race_sessions SET canceled = false`);
      await h.database.db.delete(raceOdds);
      await h.database.db
        .update(riders)
        .set({ status: "ACTIVE" })
        .where(
          sql`${riders.id} IN (${sql.join(
            race.active.slice(0, 6).map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
    });

    const get = async (p: Player, raceId = race.id) =>
      h.call("GET", `/v2/bets/circuits/${raceId}`, { token: await tokenOf(h, p), query: { isMobile: "false" } });
    const bet = async (p: Player, body: Record<string, unknown>, raceId = race.id) =>
      h.call("POST", `/bets/circuits/${raceId}`, { token: await tokenOf(h, p), body });
    const setOdds = (odds: { riderId: string; odds: number }[]) =>
      h.call("POST", `/admin/races/${race.id}/odds`, { body: { odds }, headers: admin });
    const enterRace = (body: Record<string, unknown>) =>
      h.call("POST", `/admin/races/${race.id}/results`, { body: { session: "START", ...body }, headers: admin });
    const legs = (p: Player) => h.database.db.select().from(bets).where(eq(bets.userId, p.id));
    const noticesOf = async (p: Player, type: string) =>
      (await h.call("GET", "/notifications", { token: await tokenOf(h, p) })).body.result.filter(
        (n: { type: string }) => n.type === type,
      ) as { value: Record<string, unknown> }[];
    /** The player's money and bets, to show that a refused call changed nothing. */
    const moneyOf = async (p: Player) => ({
      ledger: await h.database.db.select().from(diamondLedger).where(eq(diamondLedger.userId, p.id)),
      legs: await legs(p),
    });

    /** Odds set by the operator, so the payouts are known: WIN 3.0 → PLACE 2.0; 4.0 → 2.5 and SHOW 1.82. */
    async function weekendWithBets() {
      const p = await signUpConfirmed(h);
      await setDiamonds(h, p.id, 200);
      expect(
        (
          await setOdds([
            { riderId: r(0), odds: 3 },
            { riderId: r(1), odds: 4 },
            { riderId: r(2), odds: 2.5 },
            { riderId: r(3), odds: 6 },
          ])
        ).status,
      ).toBe(200);
      before();
      expect((await bet(p, win(r(0), 50))).status).toBe(200);
      expect((await bet(p, { riderId: r(1), type: "PLACE", amount: 40 })).status).toBe(200);
      expect((await bet(p, { riderId: r(3), type: "SHOW", amount: 30 })).status).toBe(200);
      expect((await bet(p, { riderId: r(1), type: "ACROSS", amount: 60 })).status).toBe(200);
      expect(await balance(h, p)).toBe(300 - 180);
      return p;
    }
    const injure = (riderId: string) =>
      h.call("POST", `/admin/riders/${riderId}/injury`, { body: { raceId: race.id }, headers: admin });

    describe("GET /v2/bets/circuits/{raceId}: the riders with three odds, whether betting is open, the caller's bets", () => {
      it("derives PLACE and SHOW from WIN; injured riders have no odds; open until the race session's start", async () => {
        const p = await signUpConfirmed(h);
        before();
        const res = await get(p);
        expect(res.status).toBe(200);
        const view = RaceBets.parse(res.body.result);
        expect(view).toMatchObject({
          raceId: race.id,
          open: true,
          canceled: false,
          bets: [],
          balance: "100",
          result: null,
          limits: { min: 30, max: 150, acrossStep: 3 },
        });
        expect(Date.parse(view.closesAt!)).toBe(race.sessions.START.start);
        const first = view.riders.find((x) => x.id === r(0))!;
        expect(first.odds).toEqual(oddsOf(first.odds!.WIN));
        expect(first.odds!.PLACE).toBeCloseTo(Math.max(1.1, first.odds!.WIN * 0.5 + 0.5), 2);
        expect(first.odds!.SHOW).toBeCloseTo(Math.max(1.1, first.odds!.WIN * 0.33 + 0.5), 2);
        const injured = view.riders.find((x) => x.id === race.injured)!;
        expect(injured).toMatchObject({ available: false, odds: null });
        at(h, race.sessions.START.start);
        expect((await get(p)).body.result.open).toBe(false);
      });

      it("404s an unknown race and 401s without a token", async () => {
        const p = await signUpConfirmed(h);
        expect((await get(p, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
        expect((await get(p, "not-a-race")).status).toBe(404);
        expect((await h.call("GET", `/v2/bets/circuits/${race.id}`)).status).toBe(401);
      });
    });

    describe("placing a bet: the stake is debited through the ledger, 'Bet is placed!'", () => {
      it("a WIN bet: one leg at the rider's odds, the stake debited once, the balance pushed into the answer", async () => {
        const p = await signUpConfirmed(h);
        before();
        const res = await bet(p, win(r(0), 40));
        expect(res.status).toBe(200);
        const placed = BetPlaced.parse(res.body.result);
        expect(placed.placed).toMatchObject({
          riderId: r(0),
          type: "WIN",
          amount: 40,
          status: "OPEN",
          payout: null,
          refunded: 0,
        });
        expect(placed.placed.legs).toEqual([
          {
            type: "WIN",
            stake: 40,
            odds: placed.riders.find((x) => x.id === r(0))!.odds!.WIN,
            status: "OPEN",
            payout: null,
          },
        ]);
        expect(placed.balance).toBe("60");
        expect(placed.bets).toHaveLength(1);
        expect(await balance(h, p)).toBe(60);
        expect(await entries(h, p, "BET")).toMatchObject([{ delta: -40, ref: `bet:${placed.placed.id}` }]);
      });

      it("an ACROSS bet splits equally into three linked WIN, PLACE and SHOW legs", async () => {
        const p = await signUpConfirmed(h);
        before();
        const res = await bet(p, { riderId: r(1), type: "ACROSS", amount: 90 });
        expect(res.status).toBe(200);
        const { placed, riders: list } = BetPlaced.parse(res.body.result);
        const odds = list.find((x) => x.id === r(1))!.odds!;
        expect(placed.legs.map((l) => [l.type, l.stake, l.odds])).toEqual([
          ["WIN", 30, odds.WIN],
          ["PLACE", 30, odds.PLACE],
          ["SHOW", 30, odds.SHOW],
        ]);
        expect(await entries(h, p, "BET")).toMatchObject([{ delta: -90 }]);
      });
    });

    describe("every refusal at its boundary, and a refusal changes nothing", () => {
      it("the second before the race session's start is accepted; the second after, 'The time to make the bet has expired'", async () => {
        const p = await signUpConfirmed(h);
        before(SECOND);
        expect((await bet(p, win(r(0)))).status).toBe(200);
        at(h, race.sessions.START.start + SECOND);
        const held = await moneyOf(p);
        const late = await bet(p, win(r(1)));
        expect(late.status).toBe(418);
        expect(late.body).toMatchObject({ code: "betExpired", message: "The time to make the bet has expired" });
        expect(await moneyOf(p)).toEqual(held);
      });

      it.each([
        [29, 400],
        [30, 200],
        [150, 200],
        [151, 400],
      ])("a stake of %i answers %i", async (amount, status) => {
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 100);
        before();
        const held = await moneyOf(p);
        const res = await bet(p, win(r(0), amount));
        expect(res.status).toBe(status);
        if (status === 400) {
          expect(res.body).toMatchObject({ code: "betIncorrect", message: "Your bet is incorrect" });
          expect(await moneyOf(p)).toEqual(held);
        } else expect(await balance(h, p)).toBe(200 - amount);
      });

      it("an ACROSS stake must split into three: 31 and 149 are incorrect, 30, 33 and 150 are not", async () => {
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 300);
        before();
        for (const amount of [31, 149]) {
          const res = await bet(p, { riderId: r(0), type: "ACROSS", amount });
          expect(res.status).toBe(400);
          expect(res.body.code).toBe("betIncorrect");
        }
        for (const [i, amount] of [30, 33, 150].entries())
          expect((await bet(p, { riderId: r(i), type: "ACROSS", amount })).status).toBe(200);
      });

      it("one bet per rider and type: the same again is refused; another type or rider is not", async () => {
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 200);
        before();
        expect((await bet(p, win(r(0)))).status).toBe(200);
        const held = await moneyOf(p);
        const again = await bet(p, win(r(0), 45));
        expect(again.status).toBe(409);
        expect(again.body.code).toBe("betAlreadyPlaced");
        expect(await moneyOf(p)).toEqual(held);
        expect((await bet(p, { riderId: r(0), type: "PLACE", amount: 30 })).status).toBe(200);
        expect((await bet(p, { riderId: r(0), type: "ACROSS", amount: 30 })).status).toBe(200);
        expect((await bet(p, win(r(1)))).status).toBe(200);
      });

      it("a bad rider or type is incorrect; an injured rider is refused as injured", async () => {
        const p = await signUpConfirmed(h);
        before();
        for (const body of [
          win(race.otherClass),
          win("00000000-0000-4000-8000-000000000000"),
          { riderId: r(0), type: "EXACTA", amount: 30 },
          { riderId: r(0), type: "WIN", amount: 30.5 },
          {},
        ]) {
          const res = await bet(p, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          expect(res.body.code).toBe("betIncorrect");
        }
        const injured = await bet(p, win(race.injured));
        expect(injured.status).toBe(409);
        expect(injured.body.code).toBe("riderInjured");
        expect(await balance(h, p)).toBe(100);
      });

      it("a stake above the balance: not enough diamonds", async () => {
        const p = await signUpConfirmed(h);
        before();
        const res = await bet(p, win(r(0), 101));
        expect(res.status).toBe(402);
        expect(res.body.code).toBe("notEnoughDiamonds");
        expect(await legs(p)).toEqual([]);
        expect((await bet(p, win(r(0), 100))).status).toBe(200);
      });

      it("no rider left to bet on: 'There are no riders available for betting'", async () => {
        const p = await signUpConfirmed(h);
        before();
        await h.database.db
          .update(riders)
          .set({ status: "INJURED" })
          .where(and(eq(riders.raceClass, "MOTOGP"), eq(riders.status, "ACTIVE")));
        try {
          const res = await bet(p, win(r(0)));
          expect(res.status).toBe(409);
          expect(res.body).toMatchObject({
            code: "noRidersForBetting",
            message: "There are no riders available for betting",
          });
        } finally {
          await h.database.db
            .update(riders)
            .set({ status: "ACTIVE" })
            .where(
              sql`${riders.id} IN (${sql.join(
                race.active.map((id) => sql`${id}`),
                sql`, `,
              )})`,
            );
        }
      });
    });

    describe("concurrent bets: the ledger's lock lets exactly what the balance covers through", () => {
      it("30 concurrent bets of 30 against a balance of 300 accept exactly ten", async () => {
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 200);
        before();
        const token = await tokenOf(h, p);
        const types = ["WIN", "PLACE", "SHOW"] as const;
        const answers = await Promise.all(
          Array.from({ length: 30 }, (_, i) =>
            h.call("POST", `/bets/circuits/${race.id}`, {
              token,
              body: { riderId: r(i % 10), type: types[Math.floor(i / 10)], amount: 30 },
            }),
          ),
        );
        const statuses = answers.map((a) => a.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(10);
        expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
        expect(await balance(h, p)).toBe(0);
        expect(new Set((await legs(p)).map((l) => l.placementId)).size).toBe(10);
        await expectMoneyInvariant(h);
      }, 60_000);

      it("the same bet sent 10 times at once is placed once", async () => {
        const p = await signUpConfirmed(h);
        before();
        const token = await tokenOf(h, p);
        const answers = await Promise.all(
          Array.from({ length: 10 }, () => h.call("POST", `/bets/circuits/${race.id}`, { token, body: win(r(0)) })),
        );
        expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
        expect(answers.filter((a) => a.status === 409 && a.body.code === "betAlreadyPlaced")).toHaveLength(9);
        expect(await balance(h, p)).toBe(70);
      }, 60_000);

      it("the money invariant holds with bets, top-ups, injuries and the race's result in the mix", async () => {
        const players = await Promise.all([0, 1, 2].map(() => signUpConfirmed(h)));
        before();
        const tokens = await Promise.all(players.map((p) => tokenOf(h, p)));
        const types = ["WIN", "PLACE", "SHOW", "ACROSS"] as const;
        await Promise.all([
          ...players.flatMap((_p, i) =>
            Array.from({ length: 8 }, (_, k) =>
              h.call("POST", `/bets/circuits/${race.id}`, {
                token: tokens[i],
                body: { riderId: r(k % 5), type: types[(k + i) % 4], amount: 30 + 3 * k },
              }),
            ),
          ),
          ...players.map((p) => h.call("POST", "/dev/diamonds", { body: { userId: p.id, delta: 40 } })),
          h.call("POST", `/admin/riders/${r(1)}/injury`, { body: { raceId: race.id }, headers: admin }),
        ]);
        await expectMoneyInvariant(h);
        at(h, race.sessions.START.end + SECOND);
        expect((await enterRace({ riderIds: [r(0), r(2), r(3), r(4)] })).status).toBe(200);
        await expectMoneyInvariant(h);
        const open = await h.database.db.select().from(bets).where(eq(bets.status, "OPEN"));
        expect(open).toEqual([]);
      }, 120_000);
    });

    describe("settlement with the race's classification: stake × odds rounded down, paid once", () => {
      it("WIN pays the winner, PLACE first or second, SHOW the podium; an ACROSS bet's legs each on their own", async () => {
        const p = await weekendWithBets();
        at(h, race.sessions.START.end + SECOND);
        const res = await enterRace({ riderIds: [r(0), r(1), r(2), r(3)] });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ bets: 6, refunded: 0 });
        // WIN 50 × 3.0 = 150; PLACE 40 × 2.5 = 100; SHOW on the 4th: 0; ACROSS 60: WIN lost, PLACE 20 × 2.5 = 50, SHOW 20 × 1.82 = 36.
        expect(await balance(h, p)).toBe(120 + 150 + 100 + 50 + 36);
        expect(await entries(h, p, "BET_PAYOUT")).toMatchObject([{ delta: 336, ref: `bets:${race.id}` }]);
        const view = RaceBets.parse((await get(p)).body.result);
        expect(view.result).toEqual({ canceled: false, riderIds: [r(0), r(1), r(2), r(3)] });
        const byType = Object.fromEntries(
          view.bets.map((b) => [`${b.type}:${b.riderId === r(1) ? 1 : b.riderId === r(0) ? 0 : 3}`, b]),
        );
        expect(byType["WIN:0"]).toMatchObject({ status: "WON", payout: 150 });
        expect(byType["PLACE:1"]).toMatchObject({ status: "WON", payout: 100 });
        expect(byType["SHOW:3"]).toMatchObject({ status: "LOST", payout: 0 });
        expect(byType["ACROSS:1"]).toMatchObject({ status: "WON", payout: 86 });
        expect(byType["ACROSS:1"]!.legs.map((l) => [l.type, l.status, l.payout])).toEqual([
          ["WIN", "LOST", 0],
          ["PLACE", "WON", 50],
          ["SHOW", "WON", 36],
        ]);
        const notices = await noticesOf(p, "BET_RESULTS");
        expect(notices).toHaveLength(1);
        expect(notices[0]!.value).toMatchObject({ bets: 4, won: 3, payout: 336, refunded: 0 });
      });

      it("settlement twice pays once: the same result again is a replay, and settling the race's bets again finds none open", async () => {
        const p = await weekendWithBets();
        at(h, race.sessions.START.end + SECOND);
        expect((await enterRace({ riderIds: [r(0), r(1), r(2)] })).status).toBe(200);
        const paid = await balance(h, p);
        const again = await enterRace({ riderIds: [r(0), r(1), r(2)] });
        expect(again.body.result).toMatchObject({ replayed: true, refunded: 0 });
        const direct = await h.database.db.transaction((tx) =>
          settleRaceBets(h.app.deps, tx, { id: race.id, name: "x" }, { canceled: false, top: [r(3), r(1)] }),
        );
        expect(direct).toEqual({ settled: 0, paid: 0, refunded: 0, touched: [] });
        expect(await balance(h, p)).toBe(paid);
        expect(await entries(h, p, "BET_PAYOUT")).toHaveLength(1);
        expect(await noticesOf(p, "BET_RESULTS")).toHaveLength(1);
      });

      it("a canceled race session refunds every stake, once each", async () => {
        const p = await weekendWithBets();
        at(h, race.sessions.START.start + 10 * MINUTE);
        const res = await enterRace({ canceled: true });
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ refunded: 180, bets: 6 });
        expect(await balance(h, p)).toBe(300);
        const spends = await entries(h, p, "BET");
        const refunds = await entries(h, p, "REFUND");
        expect(refunds.map((e) => e.ref).toSorted()).toEqual(spends.map((e) => e.ref).toSorted());
        const view = RaceBets.parse((await get(p)).body.result);
        expect(view.bets.every((b) => b.status === "REFUNDED" && b.refunded === b.amount && b.payout === null)).toBe(
          true,
        );
        expect((await noticesOf(p, "BET_RESULTS"))[0]!.value).toMatchObject({
          bets: 4,
          won: 0,
          payout: 0,
          refunded: 180,
        });
        expect((await enterRace({ canceled: true })).body.result).toMatchObject({ replayed: true, refunded: 0 });
        expect(await balance(h, p)).toBe(300);
      });
    });

    describe("an injured rider refunds the open bets on them and tells the player (kind bets, or both)", () => {
      it("refunds every open bet on the rider, leaves the others, and sends one notice of kind bets with the refund", async () => {
        const p = await signUpConfirmed(h);
        await setDiamonds(h, p.id, 200);
        before();
        expect((await bet(p, win(r(0), 40))).status).toBe(200);
        expect((await bet(p, { riderId: r(0), type: "ACROSS", amount: 60 })).status).toBe(200);
        expect((await bet(p, win(r(2), 50))).status).toBe(200);
        const res = await injure(r(0));
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ bets: 2, refunded: 100, players: 1, invalidated: 0 });
        expect(await balance(h, p)).toBe(300 - 50);
        const view = RaceBets.parse((await get(p)).body.result);
        expect(view.bets.filter((b) => b.riderId === r(0)).map((b) => b.status)).toEqual(["REFUNDED", "REFUNDED"]);
        expect(view.bets.find((b) => b.riderId === r(2))!.status).toBe("OPEN");
        expect(view.riders.find((x) => x.id === r(0))).toMatchObject({ available: false, odds: null });
        const notices = await noticesOf(p, "INJURED_RIDER_BETS");
        expect(notices).toHaveLength(1);
        expect(notices[0]!.value).toMatchObject({ riderId: r(0), refunded: 100 });
        expect(await noticesOf(p, "INJURED_RIDER_BOTH")).toEqual([]);
        // Again: the injury is made once, so the same report, and no refund or notice more.
        expect((await injure(r(0))).body.result).toEqual(res.body.result);
        expect(await balance(h, p)).toBe(300 - 50);
        expect(await noticesOf(p, "INJURED_RIDER_BETS")).toHaveLength(1);
      });

      it("a player with a pick and a bet on the rider gets one notice of kind both", async () => {
        const p = await signUpConfirmed(h);
        at(h, race.sessions.FP1.start - MINUTE);
        expect((await save(h, p, race, allPicks(race))).status).toBe(200);
        expect((await bet(p, win(r(0), 30))).status).toBe(200);
        expect((await injure(r(0))).status).toBe(200);
        expect(await noticesOf(p, "INJURED_RIDER_BOTH")).toHaveLength(1);
        expect(await noticesOf(p, "INJURED_RIDER_BETS")).toEqual([]);
        expect(await noticesOf(p, "INJURED_RIDER_PREDICTIONS")).toEqual([]);
      });

      it("after the race session's start the bets stand (a rider who does not finish does not win)", async () => {
        const p = await signUpConfirmed(h);
        before();
        expect((await bet(p, win(r(0)))).status).toBe(200);
        at(h, race.sessions.START.start + MINUTE);
        expect((await injure(r(0))).body.result).toMatchObject({ bets: 0, refunded: 0 });
        expect((await legs(p))[0]!.status).toBe("OPEN");
      });
    });

    describe("the operator's odds (npm run admin -- odds)", () => {
      it("sets a race's WIN odds: PLACE and SHOW follow; placed bets keep theirs; reset goes back to the form's", async () => {
        const p = await signUpConfirmed(h);
        before();
        const formOdds = RaceBets.parse((await get(p)).body.result).riders.find((x) => x.id === r(0))!.odds!;
        expect((await bet(p, win(r(0)))).status).toBe(200);
        const res = await setOdds([{ riderId: r(0), odds: 7.5 }]);
        expect(res.status).toBe(200);
        expect(res.body.result).toMatchObject({ raceId: race.id, set: [r(0)] });
        expect(res.body.result.odds[r(0)]).toBe(7.5);
        const view = RaceBets.parse((await get(p)).body.result);
        expect(view.riders.find((x) => x.id === r(0))!.odds).toEqual({ WIN: 7.5, PLACE: 4.25, SHOW: 2.98 });
        expect(view.bets[0]!.legs[0]!.odds).toBe(formOdds.WIN);
        const races = await h.call("GET", "/races", { query: { take: 100 } });
        expect(races.body.result.data.find((x: { id: string }) => x.id === race.id).odds[r(0)]).toBe(7.5);
        expect(
          (await h.call("POST", `/admin/races/${race.id}/odds`, { body: { reset: true }, headers: admin })).body.result
            .set,
        ).toEqual([]);
        expect(RaceBets.parse((await get(p)).body.result).riders.find((x) => x.id === r(0))!.odds).toEqual(formOdds);
      });

      it("refuses another class's rider, odds out of range, and anyone without the admin token", async () => {
        const other = await setOdds([{ riderId: race.otherClass, odds: 3 }]);
        expect(other.status).toBe(400);
        expect(other.body.code).toBe("riderNotInRace");
        expect((await setOdds([{ riderId: r(0), odds: 1 }])).status).toBe(400);
        expect((await setOdds([{ riderId: r(0), odds: 251 }])).status).toBe(400);
        expect(
          (await h.call("POST", `/admin/races/${race.id}/odds`, { body: { odds: [{ riderId: r(0), odds: 3 }] } }))
            .status,
        ).toBe(401);
        expect(await h.database.db.select().from(raceOdds)).toEqual([]);
      });
    });

    describe("demo players bet through the same rules (the simulator)", () => {
      it("places one to three bets for each demo player, paid from their diamonds", async () => {
        at(h, race.sessions.FP1.start - MINUTE);
        const added = await h.call("POST", "/dev/demo-players", { body: { raceId: race.id, count: 5 } });
        expect(added.status).toBe(200);
        const ids = (added.body.result.players as { id: string }[]).map((x) => x.id);
        const someone = await signUpConfirmed(h);
        const res = await h.call("POST", "/dev/demo-bets", {
          body: { raceId: race.id, playerIds: [...ids, someone.id] },
        });
        expect(res.status).toBe(200);
        expect(res.body.result.players).toBe(5);
        expect(res.body.result.bets).toBeGreaterThanOrEqual(5);
        const placed = await h.database.db.select().from(bets).where(eq(bets.raceId, race.id));
        expect(new Set(placed.map((l) => l.userId))).toEqual(new Set(ids));
        const staked = (await h.database.db.select().from(diamondLedger).where(eq(diamondLedger.reason, "BET"))).reduce(
          (s, e) => s - e.delta,
          0,
        );
        expect(staked).toBe(res.body.result.staked);
        await expectMoneyInvariant(h);
        at(h, race.sessions.START.start);
        expect((await h.call("POST", "/dev/demo-bets", { body: { raceId: race.id, playerIds: ids } })).status).toBe(
          418,
        );
        expect(await h.database.db.select().from(notifications).where(eq(notifications.type, "BET_RESULTS"))).toEqual(
          [],
        );
      });
    });
  },
  { seed: true },
);
