// Property: whatever a race weekend throws at 2–3 players (first saves at any instant around the session
// boundaries, paid changes confirmed at the tier the race view offers, all five upgrades, an injured rider
// who comes back, results entered in weekend order as classifications or cancellations, results entered
// again, bets of every type and stake placed around the race session's start), the money, the bets and the
// scores stay consistent. After every operation: each balance (API and table)
// is the sum of its ledger and never went below zero, a pick is settled exactly when its state is no longer
// MADE (and every pick of an entered result is), players' points are the sum of their settled picks, the
// diamonds spent on upgrades still held (or refunded) add up, spends on voided picks are refunded once, each
// bet's stake was debited once and is refunded exactly when its legs are, the race's result settles every open
// leg as the contract's rules say and pays its winnings once, and a refused call changes nothing. At the end the remaining results are entered and every result entered
// again: nothing at all changes. Through the API (app.inject), on PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import * as fc from "fast-check";
import { expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { PredictionActionType, PredictionCategory } from "../../contract/enums";
import { resultKeys, type ResultKey, type SettlementReport, type InjuryReport } from "../../contract/results";
import { upgradePrices } from "../../contract/rules";
import { sessionFamilies } from "../../server/db/schema";
import { tokenService } from "../../server/modules/auth/tokens";
import { signUpGrant } from "../../server/modules/diamonds/ledger";
import { resultKeyOf } from "../../contract/weekendRules/scoring";
import { BET_TYPES, settleLegs } from "../../contract/betRules";
import type { BetType, LegType } from "../../contract/bets";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { MINUTE, SECOND, raceFixture, type RaceFixture } from "./predictionsFixture";

const RUNS = Number(process.env.WEEKEND_RUNS ?? 25);
const MAX_OPS = 25;
/** Active riders the players and the classifications choose from (small, so picks collide often). */
const POOL = 7;
const CATEGORIES = PredictionCategory.options;
type ActionType = (typeof PredictionActionType.options)[number];
const UPGRADES: readonly ActionType[] = PredictionActionType.options;
const PODIUMS = {
  SPRINT: { session: "SPRINT", categories: ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"] },
  RACE: { session: "START", categories: ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"] },
} as const;
const REFUSALS = [400, 402, 409, 418];

type PickGen = { cat: number; rider: number };
type Classification = { cancel: boolean; top: number[] };
type Op =
  | { kind: "fill"; player: number; at: number; offset: number }
  | { kind: "swap"; player: number; at: number; group: "SPRINT" | "RACE"; slots: [number, number] }
  | { kind: "save"; player: number; at: number; picks: PickGen[]; distinct: boolean }
  | { kind: "change"; player: number; at: number; picks: PickGen[]; confirm: "view" | "wrong" | "none" }
  | { kind: "upgrade"; player: number; at: number; type: ActionType; cat: number; retry: boolean }
  | { kind: "injure"; at: number; rider: number }
  | { kind: "recover" }
  | ({ kind: "result"; at: number } & Classification)
  | { kind: "reenter"; which: number; conflict: boolean }
  | { kind: "topUp"; player: number; amount: number }
  | { kind: "bet"; player: number; at: number; rider: number; type: BetType; amount: number; again: boolean };

type Player = { id: string; family: string };
type Row = Record<string, unknown>;

/** Instants around every session's boundaries (2 s off each, so the ticking clock can't cross one mid-call), first the day before. */
function instantsOf(race: RaceFixture): number[] {
  const out = new Set<number>([race.sessions.FP1.start - 24 * 60 * MINUTE]);
  for (const { start, end } of Object.values(race.sessions)) {
    for (const t of [
      start - 10 * MINUTE,
      start - 2 * SECOND,
      start + 2 * SECOND,
      start + 5 * MINUTE - 2 * SECOND,
      start + 5 * MINUTE + 2 * SECOND,
    ])
      out.add(t);
    for (const t of [end - 5 * MINUTE - 2 * SECOND, end - 5 * MINUTE + 2 * SECOND, end - 2 * SECOND, end + 2 * SECOND])
      out.add(t);
  }
  return [...out].toSorted((a, b) => a - b);
}

/** A classification: some of the pool's riders, best first. One entry in four is a cancellation. */
const topArb = fc.shuffledSubarray(
  Array.from({ length: POOL }, (_, i) => i),
  { minLength: 1 },
);
const cancel = fc.oneof({ weight: 1, arbitrary: fc.constant(true) }, { weight: 3, arbitrary: fc.constant(false) });

function opsArb(instants: number): fc.Arbitrary<Op[]> {
  const player = fc.nat(2);
  // Half the ops happen the day before (everything open), half at one of the boundaries.
  const at = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat(instants - 1) });
  const rider = fc.oneof({ weight: 12, arbitrary: fc.nat(POOL - 1) }, { weight: 1, arbitrary: fc.constant(POOL) }); // POOL: the seed's injured rider
  const pick = fc.record({ cat: fc.nat(CATEGORIES.length - 1), rider });
  const picks = (max: number) => fc.uniqueArray(pick, { selector: (p) => p.cat, minLength: 1, maxLength: max });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("fill" as const), player, at, offset: fc.nat(POOL - 1) }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("swap" as const),
        player,
        at,
        group: fc.constantFrom("SPRINT" as const, "RACE" as const),
        slots: fc.constantFrom<[number, number]>([0, 1], [0, 2], [1, 2]),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("save" as const),
        player,
        at,
        picks: picks(CATEGORIES.length),
        distinct: fc.boolean(),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("change" as const),
        player,
        at,
        picks: picks(2),
        confirm: fc.oneof(
          { weight: 6, arbitrary: fc.constant("view" as const) },
          fc.constant("wrong" as const),
          fc.constant("none" as const),
        ),
      }),
    },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("upgrade" as const),
        player,
        at,
        type: fc.constantFrom(...UPGRADES),
        cat: fc.nat(CATEGORIES.length - 1),
        retry: fc.boolean(),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("injure" as const), at, rider: fc.nat(POOL - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("recover" as const) }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("result" as const), at, cancel, top: topArb }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("reenter" as const), which: fc.nat(6), conflict: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("topUp" as const), player, amount: fc.integer({ min: 10, max: 150 }) }),
    },
    // Stakes at and around the limits and the ACROSS step: 29, 151 and 31 are refused.
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant("bet" as const),
        player,
        at,
        rider,
        type: fc.constantFrom(...BET_TYPES),
        amount: fc.constantFrom(29, 30, 31, 33, 45, 60, 90, 150, 151),
        again: fc.boolean(),
      }),
    },
  );
  return fc.array(op, { minLength: 10, maxLength: MAX_OPS });
}

const classificationArb: fc.Arbitrary<Classification> = fc.record({ cancel, top: topArb });

const runArb = (instants: number) =>
  fc.record({
    players: fc.integer({ min: 2, max: 3 }),
    ops: opsArb(instants),
    finals: fc.array(classificationArb, { minLength: resultKeys.length, maxLength: resultKeys.length }),
  });

/**
 * Caught by the upgrade invariant below (fixed in server/modules/results/injury.ts): a multiplier bought on
 * SPRINT_FIRST follows its rider when SPRINT_FIRST and SPRINT_SECOND trade riders; the injury of that rider
 * took the multiplier off without refunding it (the purchase's ref names the other pick), and the injury of
 * the other rider refunded it while the player kept it. Random runs reach this rarely (buy, swap, injure,
 * all before the sprint), so both stay as explicit runs.
 */
const injuryAfterSwap = [4, 5].map((rider) => ({
  players: 2,
  ops: [
    { kind: "fill", player: 0, at: 0, offset: 0 }, // SPRINT_FIRST on pool 4, SPRINT_SECOND on pool 5
    { kind: "upgrade", player: 0, at: 0, type: "PREDICTION", cat: 8, retry: false }, // the 9th saved category by name: SPRINT_FIRST
    { kind: "swap", player: 0, at: 0, group: "SPRINT", slots: [0, 1] },
    { kind: "injure", at: 0, rider },
  ] as Op[],
  finals: Array.from({ length: resultKeys.length }, () => ({ cancel: false, top: [0, 1, 2] })),
}));

/**
 * An injury is made once: the operator's call again answers the first report, refunding nobody twice. The repeat
 * used to refund 0 and say so; the run stays explicit because random runs injure one rider twice only now and then.
 */
const injuryRepeated = {
  players: 2,
  ops: [
    { kind: "fill", player: 0, at: 0, offset: 0 },
    { kind: "upgrade", player: 0, at: 0, type: "PREDICTION", cat: 0, retry: false },
    { kind: "injure", at: 0, rider: 0 },
    { kind: "injure", at: 0, rider: 0 },
    { kind: "recover" },
    { kind: "injure", at: 0, rider: 0 },
  ] as Op[],
  finals: Array.from({ length: resultKeys.length }, () => ({ cancel: false, top: [0, 1, 2] })),
};

onEachBackend(
  "race weekend properties",
  (h) => {
    const rows = async <T = Row>(q: SQL): Promise<T[]> =>
      ((await h.database.db.execute(q)) as unknown as { rows: T[] }).rows;
    const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };

    it("keeps balances, refunds and scores consistent through any weekend, and entering results again changes nothing", async () => {
      const race = await raceFixture(h);
      const instants = instantsOf(race);
      const pool = race.active.slice(0, POOL);
      const riderOf = (i: number) => (i === POOL ? race.injured : pool[i]!);
      const tokens = tokenService({ db: h.database.db, clock: h.clock, config: h.config });
      const ledger = h.app.deps.ledger;
      /** The riders this test injured, each with its injury's first report (a repeat answers it again). */
      const injuredByUs = new Map<string, InjuryReport>();
      let now = 0;
      let lastCode = "";
      /** Outcomes per op kind and status (WEEKEND_STATS=1 prints them: how much of the rules a run reached). */
      const tally = new Map<string, number>();

      /** Calls the API at the op's instant (the clock is set again before each call: it keeps ticking). */
      const call = async (
        method: string,
        path: string,
        options: { player?: Player; body?: unknown; headers?: Record<string, string> } = {},
      ) => {
        h.clock.set(new Date(now));
        const token = options.player ? await tokens.signAccess(options.player.id, options.player.family) : undefined;
        const res = await h.call(method, path, {
          ...(token ? { token } : {}),
          ...(options.body !== undefined ? { body: options.body } : {}),
          ...(options.headers ? { headers: options.headers } : {}),
        });
        lastCode = res.body?.code ?? "";
        return res;
      };

      async function reset(): Promise<void> {
        await h.database.db.execute(sql`TRUNCATE session_results`);
        await h.database.db.execute(sql`UPDATE race_sessions SET canceled = false`);
        // Only the riders this test injured: the seed's injured rider stays injured.
        for (const id of injuredByUs.keys())
          await h.database.db.execute(sql`UPDATE riders SET status = 'ACTIVE' WHERE id = ${id}`);
        injuredByUs.clear();
        await h.database.db.execute(sql`TRUNCATE users, outbox RESTART IDENTITY CASCADE`);
      }

      async function createPlayers(n: number): Promise<Player[]> {
        const players: Player[] = [];
        for (let i = 0; i < n; i++) {
          const id = randomUUID();
          const family = randomUUID();
          await h.database.db.transaction(async (tx) => {
            await tx.execute(
              sql`INSERT INTO users (id, name, created_at, updated_at) VALUES (${id}, ${`weekend-${i}-${id.slice(0, 8)}`}, now(), now())`,
            );
            await ledger.post(tx, signUpGrant(id));
            await tx.insert(sessionFamilies).values({ id: family, userId: id, createdAt: h.clock.now() });
          });
          players.push({ id, family });
        }
        return players;
      }

      /** Everything settlement or a refused call could touch. */
      async function snapshot() {
        return {
          predictions: await rows(sql`SELECT * FROM predictions ORDER BY id`),
          raceScores: await rows(sql`SELECT * FROM race_scores ORDER BY user_id, race_id`),
          users: await rows(
            sql`SELECT id, points::text AS points, average, wins, podiums, poles FROM users ORDER BY id`,
          ),
          ledger: await rows(sql`SELECT * FROM diamond_ledger ORDER BY seq`),
          balances: await rows(sql`SELECT * FROM diamond_balances ORDER BY user_id`),
          results: await rows(sql`SELECT * FROM session_results ORDER BY result_key`),
          sessions: await rows(sql`SELECT type, canceled FROM race_sessions WHERE race_id = ${race.id} ORDER BY type`),
          notifications: await rows(sql`SELECT count(*)::int AS n FROM notifications`),
          bets: await rows(sql`SELECT * FROM bets ORDER BY id`),
        };
      }

      type Entry = {
        id: string;
        user_id: string;
        delta: number;
        balance_after: number;
        reason: string;
        ref: string | null;
        idempotency_key: string;
        seq: number;
      };
      const ledgerRows = () =>
        rows<Entry>(
          sql`SELECT id, user_id, delta::float8 AS delta, balance_after::float8 AS balance_after, reason, ref, idempotency_key, seq::float8 AS seq FROM diamond_ledger ORDER BY seq`,
        );
      type PickRow = {
        id: string;
        user_id: string;
        category: string;
        rider_id: string;
        state: string;
        points: number | null;
        upgrades: string;
        settled_at: unknown;
      };
      const pickRows = () =>
        rows<PickRow>(
          sql`SELECT id, user_id, category, rider_id, state, points::float8 AS points, array_to_string(upgrades, ',') AS upgrades, settled_at FROM predictions`,
        );
      const enteredRows = () =>
        rows<{ result_key: ResultKey; canceled: boolean; rider_ids: string }>(
          sql`SELECT result_key, canceled, array_to_string(rider_ids, ',') AS rider_ids FROM session_results WHERE race_id = ${race.id}`,
        );

      async function checkInvariants(players: Player[], where: string): Promise<void> {
        const entries = await ledgerRows();
        const balances = new Map(
          (
            await rows<{ user_id: string; balance: number }>(
              sql`SELECT user_id, balance::float8 AS balance FROM diamond_balances`,
            )
          ).map((b) => [b.user_id, b.balance]),
        );
        for (const p of players) {
          let running = 0;
          for (const e of entries.filter((x) => x.user_id === p.id)) {
            running += e.delta;
            expect(running, `${where}: balance went below zero`).toBeGreaterThanOrEqual(0);
            expect(e.balance_after, `${where}: balance_after of ${e.idempotency_key}`).toBe(running);
          }
          expect(balances.get(p.id), `${where}: diamond_balances`).toBe(running);
          const res = await call("GET", "/diamonds/user/balance", { player: p });
          expect(res.status).toBe(200);
          expect(Number(res.body.result.balance), `${where}: GET balance`).toBe(running);
        }

        // A refund gives back exactly one spend of the same player, once (its key names the spend).
        const byId = new Map(entries.map((e) => [e.id, e]));
        const refundedSpend = new Set<string>();
        for (const e of entries.filter((x) => x.reason === "REFUND")) {
          const spend = byId.get(e.idempotency_key.replace(/^refund:/, ""));
          expect(spend, `${where}: refund ${e.idempotency_key} names no spend`).toBeDefined();
          expect(spend!.user_id).toBe(e.user_id);
          expect(e.delta).toBe(-spend!.delta);
          refundedSpend.add(spend!.id);
        }

        const picks = await pickRows();
        const entered = new Set<string>((await enteredRows()).map((r) => r.result_key));
        for (const pk of picks) {
          const settled = pk.settled_at !== null;
          expect(settled, `${where}: pick ${pk.category} settled_at vs state ${pk.state}`).toBe(pk.state !== "MADE");
          expect(pk.points === null, `${where}: pick ${pk.category} points vs settled`).toBe(!settled);
          if (entered.has(resultKeyOf(pk.category as PredictionCategory)))
            expect(settled, `${where}: ${pk.category} entered but not settled`).toBe(true);
        }

        // Every diamond spent on a voided pick (its changes, its multiplier) or a canceled podium is given back.
        const canceledPick = new Set(picks.filter((pk) => pk.state === "CANCELED").map((pk) => `prediction:${pk.id}`));
        const canceledSessions = new Set(
          (
            await rows<{ type: string }>(sql`SELECT type FROM race_sessions WHERE race_id = ${race.id} AND canceled`)
          ).map((s) => s.type),
        );
        for (const e of entries.filter((x) => x.delta < 0 && x.ref)) {
          const podium = /^podium:[^:]+:(SPRINT|RACE)$/.exec(e.ref!);
          const voided =
            canceledPick.has(e.ref!) ||
            (podium && canceledSessions.has(PODIUMS[podium[1] as "SPRINT" | "RACE"].session));
          if (voided)
            expect(refundedSpend.has(e.id), `${where}: spend ${e.idempotency_key} on a voided pick not refunded`).toBe(
              true,
            );
        }

        // Diamonds kept for upgrades (spent, not refunded) = the upgrades the player still holds on live picks.
        for (const p of players) {
          const mine = picks.filter((pk) => pk.user_id === p.id && pk.state !== "CANCELED");
          let held =
            mine.filter((pk) => pk.upgrades.split(",").includes("PREDICTION")).length * upgradePrices.PREDICTION;
          for (const group of ["SPRINT", "RACE"] as const) {
            const slots = mine.filter((pk) => (PODIUMS[group].categories as readonly string[]).includes(pk.category));
            if (slots.some((pk) => pk.upgrades.split(",").includes(`PREDICTION_${group}`)))
              held += upgradePrices.PODIUM;
            if (slots.some((pk) => pk.upgrades.split(",").includes(`PREDICTION_INSURANCE_${group}`)))
              held += upgradePrices.INSURANCE;
          }
          const kept = entries
            .filter((e) => e.user_id === p.id && e.reason === "UPGRADE" && !refundedSpend.has(e.id))
            .reduce((s, e) => s - e.delta, 0);
          expect(kept, `${where}: diamonds kept for upgrades vs upgrades held (player ${players.indexOf(p)})`).toBe(
            held,
          );
        }

        // Bets: one BET debit per bet placed (its legs' stakes), before the race session's start; refunded exactly
        // when its legs are; once the race's result is in, every open leg settled as the rules say, winnings paid once.
        type Leg = {
          placement_id: string;
          user_id: string;
          rider_id: string;
          type: LegType;
          placed_as: BetType;
          stake: number;
          odds: number;
          status: string;
          payout: number | null;
          placed_at: Date | string;
        };
        const legs = await rows<Leg>(
          sql`SELECT placement_id, user_id, rider_id, type, placed_as, stake, odds::float8 AS odds, status, payout, placed_at FROM bets`,
        );
        const placements = new Map<string, Leg[]>();
        for (const leg of legs) placements.set(leg.placement_id, [...(placements.get(leg.placement_id) ?? []), leg]);
        const stakes = entries.filter((e) => e.reason === "BET");
        expect(stakes.length, `${where}: one BET debit per bet`).toBe(placements.size);
        for (const e of stakes) {
          const mine = placements.get(e.ref!.replace(/^bet:/, ""));
          expect(mine, `${where}: BET ${e.ref} names no bet`).toBeDefined();
          expect(-e.delta, `${where}: stake of ${e.ref}`).toBe(mine!.reduce((s, l) => s + l.stake, 0));
          expect(
            mine!.every((l) => new Date(l.placed_at).getTime() < race.sessions.START.start),
            `${where}: a bet placed after the deadline`,
          ).toBe(true);
          expect(refundedSpend.has(e.id), `${where}: ${e.ref} refunded iff its legs are`).toBe(
            mine!.every((l) => l.status === "REFUNDED"),
          );
        }
        const start = (await enteredRows()).find((x) => x.result_key === "START");
        if (start) {
          expect(
            legs.filter((l) => l.status === "OPEN"),
            `${where}: open legs after the race's result`,
          ).toEqual([]);
          const decided = legs.filter((l) => l.status !== "REFUNDED" || start.canceled);
          const expected = settleLegs(
            decided.map((l, i) => ({ id: String(i), riderId: l.rider_id, type: l.type, stake: l.stake, odds: l.odds })),
            start.canceled ? { canceled: true } : { canceled: false, top: start.rider_ids.split(",") },
          );
          decided.forEach((l, i) =>
            expect([l.status, l.payout], `${where}: a ${l.type} leg settled`).toEqual([
              expected[i]!.status,
              expected[i]!.payout,
            ]),
          );
        } else
          expect(
            legs.filter((l) => l.status !== "OPEN" && l.status !== "REFUNDED"),
            `${where}: legs settled before the race's result`,
          ).toEqual([]);
        for (const p of players) {
          const won = legs.filter((l) => l.user_id === p.id && l.status === "WON").reduce((s, l) => s + l.payout!, 0);
          const paid = entries.filter((e) => e.user_id === p.id && e.reason === "BET_PAYOUT");
          expect(paid.length, `${where}: winnings paid once`).toBeLessThanOrEqual(1);
          expect(
            paid.reduce((s, e) => s + e.delta, 0),
            `${where}: winnings paid`,
          ).toBe(won);
        }

        // Points: users.points and the race's score row are the sum of the settled picks.
        const scores = await rows<{
          id: string;
          points: number;
          picked: number;
          settled: number;
          race: number | null;
        }>(sql`
            SELECT u.id, u.points::float8 AS points,
              coalesce((SELECT sum(p.points) FROM predictions p WHERE p.user_id = u.id AND p.settled_at IS NOT NULL), 0)::float8 AS picked,
              (SELECT count(*) FROM predictions p WHERE p.user_id = u.id AND p.settled_at IS NOT NULL)::int AS settled,
              (SELECT rs.points::float8 FROM race_scores rs WHERE rs.user_id = u.id AND rs.race_id = ${race.id}) AS race
            FROM users u`);
        for (const s of scores) {
          expect(s.points, `${where}: users.points`).toBe(s.picked);
          if (s.settled > 0) expect(s.race, `${where}: race_scores.points`).toBe(s.picked);
          else expect(s.race, `${where}: race_scores row without a settled pick`).toBeNull();
        }
      }

      const newEntries = async (before: number) => (await ledgerRows()).filter((e) => e.seq > before);
      const lastSeq = async () => (await ledgerRows()).reduce((m, e) => Math.max(m, e.seq), 0);
      const body = (c: Classification): { session?: ResultKey; riderIds?: string[]; canceled?: true } =>
        c.cancel ? { canceled: true } : { riderIds: c.top.map((i) => pool[i]!) };

      async function enterNext(c: Classification, where: string): Promise<number> {
        const done = new Set((await enteredRows()).map((r) => r.result_key));
        const key = resultKeys.find((k) => !done.has(k));
        if (!key) return 404;
        const seq = await lastSeq();
        const unsettled = (await pickRows()).filter((pk) => pk.settled_at === null).length;
        const res = await call("POST", `/admin/races/${race.id}/results`, {
          body: { session: key, ...body(c) },
          headers: admin,
        });
        if (res.status === 200) {
          const report = res.body.result as SettlementReport;
          expect(report.replayed).toBe(false);
          const refunds = (await newEntries(seq)).filter((e) => e.reason === "REFUND");
          expect(report.refunded, `${where}: reported refund`).toBe(refunds.reduce((s, e) => s + e.delta, 0));
          expect(report.settled, `${where}: reported settled`).toBe(
            unsettled - (await pickRows()).filter((pk) => pk.settled_at === null).length,
          );
        } else {
          // Only a classification before the session's end is refused.
          expect(c.cancel, `${where}: ${JSON.stringify(res.body)}`).toBe(false);
          expect(res.status).toBe(409);
          expect(res.body.code).toBe("sessionNotEnded");
        }
        return res.status;
      }

      /** The player's missing categories, on pool riders no other pick of the same podium has. */
      async function fillIn(p: Player, offset: number): Promise<{ category: string; riderId: string }[]> {
        const mine = new Map(
          (await pickRows()).filter((pk) => pk.user_id === p.id).map((pk) => [pk.category, pk.rider_id]),
        );
        const items: { category: string; riderId: string }[] = [];
        CATEGORIES.forEach((category, i) => {
          if (mine.has(category)) return;
          const group = Object.values(PODIUMS).find((g) => (g.categories as readonly string[]).includes(category));
          const taken = new Set(
            group ? group.categories.map((c) => mine.get(c) ?? items.find((item) => item.category === c)?.riderId) : [],
          );
          const riderId = Array.from({ length: POOL }, (_, k) => pool[(offset + i + k) % POOL]!).find(
            (r) => !taken.has(r),
          )!;
          items.push({ category, riderId });
        });
        return items;
      }

      async function apply(op: Op, players: Player[], where: string): Promise<void> {
        const p = "player" in op ? players[op.player % players.length]! : undefined;
        const before = await snapshot();
        const seq = await lastSeq();
        let status = 200;
        let note = "";
        switch (op.kind) {
          case "fill":
          case "save": {
            const items =
              op.kind === "fill"
                ? await fillIn(p!, op.offset)
                : op.picks.map(({ cat, rider }) => {
                    const category = CATEGORIES[cat]!;
                    const group = Object.values(PODIUMS).find((g) =>
                      (g.categories as readonly string[]).includes(category),
                    );
                    if (!op.distinct || !group || rider === POOL) return { category, riderId: riderOf(rider) };
                    return {
                      category,
                      riderId: pool[(rider + (group.categories as readonly string[]).indexOf(category)) % POOL]!,
                    };
                  });
            if (items.length === 0) {
              note = ":skipped";
              break;
            }
            const res = await call("POST", `/predictions/races/${race.id}`, {
              player: p,
              body: { version: race.version, data: items },
            });
            status = res.status;
            if (status === 200) {
              const saved = new Map(
                (res.body.result.data as { category: string; riderId: string }[]).map((s) => [s.category, s.riderId]),
              );
              for (const item of items)
                expect(saved.get(item.category), `${where}: saved ${item.category}`).toBe(item.riderId);
              for (const e of await newEntries(seq)) expect([e.reason, e.delta]).toEqual(["ALL_PICKS_BONUS", 20]);
            }
            break;
          }
          case "swap":
          case "change": {
            const view = await call("GET", `/predictions/races/${race.id}`, { player: p });
            expect(view.status).toBe(200);
            const v = view.body.result as {
              data: { category: string; riderId: string }[];
              slots: { category: string; change: { tier: string; cost: number } | null }[];
            };
            let items: { category: string; riderId: string }[];
            if (op.kind === "swap") {
              // Two podium slots trade riders: a multiplier follows its rider to the other slot.
              const [a, b] = op.slots.map((i) => PODIUMS[op.group].categories[i]!);
              const ra = v.data.find((s) => s.category === a)?.riderId;
              const rb = v.data.find((s) => s.category === b)?.riderId;
              if (!ra || !rb) {
                note = ":skipped";
                break;
              }
              items = [
                { category: a!, riderId: rb },
                { category: b!, riderId: ra },
              ];
            } else items = op.picks.map(({ cat, rider }) => ({ category: CATEGORIES[cat]!, riderId: riderOf(rider) }));
            // The confirmation the view offers: the tier and total cost of the saved picks that really change.
            const offered = items
              .filter((item) => v.data.some((s) => s.category === item.category && s.riderId !== item.riderId))
              .map((item) => v.slots.find((s) => s.category === item.category)!.change)
              .filter((c): c is { tier: string; cost: number } => c !== null && c.cost > 0);
            const cost = offered.reduce((s, c) => s + c.cost, 0);
            const mode = op.kind === "swap" ? "view" : op.confirm;
            const confirm =
              mode === "none"
                ? undefined
                : offered.length
                  ? { tier: offered[0]!.tier, cost: mode === "wrong" ? cost + 5 : cost }
                  : mode === "wrong"
                    ? { tier: "LATE", cost: 50 }
                    : undefined;
            const res = await call("PUT", `/predictions/races/${race.id}`, {
              player: p,
              body: { version: race.version, data: items, ...(confirm ? { change: confirm } : {}) },
            });
            status = res.status;
            if (status === 200) {
              const saved = new Map(
                (res.body.result.data as { category: string; riderId: string }[]).map((s) => [s.category, s.riderId]),
              );
              for (const item of items)
                expect(saved.get(item.category), `${where}: changed ${item.category}`).toBe(item.riderId);
              const charged = (await newEntries(seq))
                .filter((e) => e.reason === "PREDICTION_CHANGE")
                .reduce((s, e) => s - e.delta, 0);
              // Charged exactly what the view offered (a wrong or missing confirmation of a paid change is refused).
              expect(charged, `${where}: charged vs confirmed`).toBe(cost);
              note = cost ? `:paid ${offered[0]!.tier}` : ":free";
            }
            break;
          }
          case "upgrade": {
            const key = `prop-${randomUUID()}`;
            // The multiplier goes on one of the player's saved picks when there is one (else on any category: 409).
            const mine = (await pickRows()).filter((pk) => pk.user_id === p!.id).map((pk) => pk.category);
            const category = mine.length ? mine.toSorted()[op.cat % mine.length] : CATEGORIES[op.cat];
            const buy = () =>
              call("POST", `/predictions/races/${race.id}/upgrades`, {
                player: p,
                body: { type: op.type, ...(op.type === "PREDICTION" ? { category } : {}), idempotencyKey: key },
              });
            const res = await buy();
            status = res.status;
            if (status === 200) {
              const price =
                op.type === "PREDICTION"
                  ? upgradePrices.PREDICTION
                  : op.type.includes("INSURANCE")
                    ? upgradePrices.INSURANCE
                    : upgradePrices.PODIUM;
              expect((await newEntries(seq)).map((e) => [e.reason, e.delta])).toEqual([["UPGRADE", -price]]);
              if (op.retry) {
                const mid = await snapshot();
                expect((await buy()).status).toBe(200);
                expect(await snapshot(), `${where}: retried purchase`).toEqual(mid);
              }
            }
            break;
          }
          case "injure": {
            const riderId = pool[op.rider]!;
            const res = await call("POST", `/admin/riders/${riderId}/injury`, {
              body: { raceId: race.id },
              headers: admin,
            });
            expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBe(200);
            const report = res.body.result as InjuryReport;
            const refunds = (await newEntries(seq)).filter((e) => e.reason === "REFUND");
            const first = injuredByUs.get(riderId);
            if (first) {
              // The same injury again answers its first report, and refunds nothing twice.
              expect(refunds, `${where}: repeated injury refunds again`).toEqual([]);
              expect(report, `${where}: repeated injury's report`).toEqual(first);
            } else {
              expect(report.refunded, `${where}: injury refund`).toBe(refunds.reduce((s, e) => s + e.delta, 0));
              injuredByUs.set(riderId, report);
            }
            note = refunds.length ? ":refunded" : (res.body.result as InjuryReport).invalidated ? ":invalidated" : "";
            break;
          }
          case "recover":
            for (const id of injuredByUs.keys())
              await h.database.db.execute(sql`UPDATE riders SET status = 'ACTIVE' WHERE id = ${id}`);
            injuredByUs.clear();
            break;
          case "result":
            status = await enterNext(op, where);
            break;
          case "reenter": {
            const entered = (await enteredRows()).toSorted(
              (a, b) => resultKeys.indexOf(a.result_key) - resultKeys.indexOf(b.result_key),
            );
            const row = entered[op.which % Math.max(1, entered.length)];
            if (!row) break;
            const same = row.canceled ? { canceled: true } : { riderIds: row.rider_ids.split(",") };
            const other = row.canceled
              ? { riderIds: [pool[0]!] }
              : {
                  riderIds: row.rider_ids
                    .split(",")
                    .toReversed()
                    .concat(row.rider_ids.split(",").length === 1 ? [pool.find((r) => r !== row.rider_ids)!] : []),
                };
            const res = await call("POST", `/admin/races/${race.id}/results`, {
              body: { session: row.result_key, ...(op.conflict ? other : same) },
              headers: admin,
            });
            if (op.conflict) {
              expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBe(409);
              expect(res.body.code).toBe("resultsSettled");
            } else {
              expect(res.status, `${where}: ${JSON.stringify(res.body)}`).toBe(200);
              expect(res.body.result).toMatchObject({ replayed: true, settled: 0, refunded: 0 });
            }
            expect(await snapshot(), `${where}: re-entered ${row.result_key}`).toEqual(before);
            break;
          }
          case "bet": {
            const place = () =>
              call("POST", `/bets/circuits/${race.id}`, {
                player: p,
                body: { riderId: riderOf(op.rider), type: op.type, amount: op.amount },
              });
            const res = await place();
            status = res.status;
            if (status === 200) {
              expect((await newEntries(seq)).map((e) => [e.reason, e.delta])).toEqual([["BET", -op.amount]]);
              note = `:${op.type}`;
              if (op.again) {
                // One bet per rider and type per race: the same bet again is refused and changes nothing.
                const mid = await snapshot();
                const again = await place();
                expect([again.status, again.body.code], `${where}: the same bet again`).toEqual([
                  409,
                  "betAlreadyPlaced",
                ]);
                expect(await snapshot(), `${where}: the same bet again`).toEqual(mid);
              }
            }
            break;
          }
          case "topUp": {
            const res = await call("POST", "/dev/diamonds", { body: { userId: p!.id, delta: op.amount } });
            expect(res.status).toBe(200);
            break;
          }
        }
        if (status !== 200) note += ` ${lastCode}`;
        const label = `${op.kind}${op.kind === "upgrade" ? `:${op.type}` : op.kind === "result" && op.cancel ? ":cancel" : ""}${note} ${status}`;
        tally.set(label, (tally.get(label) ?? 0) + 1);
        if (status !== 200) {
          expect(REFUSALS, `${where}: answered ${status}`).toContain(status);
          expect(await snapshot(), `${where}: a refused call (${status}) changed something`).toEqual(before);
        }
      }

      try {
        await fc.assert(
          fc.asyncProperty(runArb(instants.length), async ({ players: n, ops, finals }) => {
            await reset();
            const players = await createPlayers(n);
            // Time only moves forward: the ops' instants are taken in order.
            const ats = ops.map((o) => ("at" in o ? o.at : 0)).toSorted((a, b) => a - b);
            now = instants[0]!;
            for (const [i, op] of ops.entries()) {
              if ("at" in op) now = Math.max(now, instants[ats[i]!]!);
              await apply(op, players, `op ${i} ${op.kind}`);
              await checkInvariants(players, `after op ${i} ${op.kind}`);
            }

            // The weekend ends: every result not entered yet, in order.
            now = race.sessions.START.end + MINUTE;
            for (const c of finals) if ((await enterNext(c, "final")) === 404) break;
            await checkInvariants(players, "after the weekend");
            for (const pk of await pickRows()) expect(pk.state, `pick ${pk.category} left unsettled`).not.toBe("MADE");
            const board = await call("GET", "/leaderboards/season", { player: players[0] });
            const stats = new Map(
              (await rows<{ id: string; points: number }>(sql`SELECT id, points::float8 AS points FROM users`)).map(
                (u) => [u.id, u.points],
              ),
            );
            const ranked = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM race_scores`);
            expect(board.body.result.count).toBe(ranked[0]!.n);
            for (const e of board.body.result.data as { user: { id: string }; points: number }[])
              expect(e.points).toBe(stats.get(e.user.id));

            // Replay: every result entered again changes nothing at all.
            const settledState = await snapshot();
            for (const row of await enteredRows()) {
              const res = await call("POST", `/admin/races/${race.id}/results`, {
                body: {
                  session: row.result_key,
                  ...(row.canceled ? { canceled: true } : { riderIds: row.rider_ids.split(",") }),
                },
                headers: admin,
              });
              expect(res.status).toBe(200);
              expect(res.body.result).toMatchObject({ replayed: true, settled: 0, refunded: 0 });
            }
            expect(await snapshot(), "replaying every result").toEqual(settledState);
          }),
          { numRuns: RUNS, examples: [...injuryAfterSwap, injuryRepeated].map((run) => [run]) },
        );
      } finally {
        await reset();
        if (process.env.WEEKEND_STATS)
          console.info(
            [...tally]
              .toSorted()
              .map(([k, n]) => `${k}: ${n}`)
              .join("\n"),
          );
      }
    }, 600_000);
  },
  { seed: true },
);
