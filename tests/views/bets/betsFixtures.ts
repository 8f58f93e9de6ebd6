import type { Bet, BetRider, BetType, RaceBets } from "../../../contract/bets";
import { legsOf, oddsOf, planBet } from "../../../contract/betRules";
import { formatMessage } from "../../../contract/messages";
import { json } from "../fixtures";
import { race, riders as raceRiders, RACE_ID, startOf, T0 } from "../predictions/predictionFixtures";
import type { Call } from "../screens/stubRoutes";

// A small fake of the bets API for view and machine tests: the race of the predictions fixtures, its riders with
// odds, the player's bets and balance; a placement is decided by the contract's `planBet`, as the server decides.

export { race, RACE_ID, T0 };
export const CLOSES = startOf("START");

export const betRiders: BetRider[] = raceRiders.map((r) => ({
  ...r,
  odds: r.available && r.odds !== null ? oddsOf(r.odds + Number(r.id.slice(1)) - 1) : null,
}));

export type BetsWorld = {
  now: number;
  balance: number;
  bets: Bet[];
  result?: RaceBets["result"];
  canceled?: boolean;
  /** Answers before the fake's own routes (errors, 418). */
  extra?: (call: Call) => Response | undefined;
};

export const betsWorld = (over: Partial<BetsWorld> = {}): BetsWorld => ({ now: T0, balance: 100, bets: [], ...over });

let placed = 0;
export function betOf(riderId: string, type: BetType, amount: number, over: Partial<Bet> = {}): Bet {
  const rider = betRiders.find((r) => r.id === riderId)!;
  return {
    id: `b${++placed}`,
    raceId: RACE_ID,
    riderId,
    type,
    amount,
    placedAt: new Date(T0).toISOString(),
    status: "OPEN",
    payout: null,
    refunded: 0,
    legs: legsOf(type, amount, rider.odds!).map((l) => ({ ...l, status: "OPEN", payout: null })),
    ...over,
  };
}

export function raceBetsView(w: BetsWorld): RaceBets {
  return {
    raceId: RACE_ID,
    raceName: race.name,
    open: !w.canceled && w.now < CLOSES,
    closesAt: new Date(CLOSES).toISOString(),
    canceled: Boolean(w.canceled),
    now: new Date(w.now).toISOString(),
    limits: { min: 30, max: 150, acrossStep: 3 },
    riders: betRiders,
    bets: w.bets,
    balance: String(w.balance),
    result: w.result ?? null,
  };
}

const ok = (result: unknown) => json(200, { result });
const paged = <T>(data: T[]) => ok({ data, page: 1, pages: 1, count: data.length });

/** The routes of the fake: the calendar, the balance, the race's bets and placing one (mutating `w`). */
export function betsRoutes(w: BetsWorld) {
  return (call: Call): Response | undefined => {
    const extra = w.extra?.(call);
    if (extra) return extra;
    if (call.path === "/api/races" && call.method === "GET") return paged([race]);
    if (call.path === "/api/races/next") return ok([race]);
    if (call.path === "/api/diamonds/user/balance") return ok({ balance: String(w.balance) });
    if (call.path === `/api/v2/bets/circuits/${RACE_ID}` && call.method === "GET") return ok(raceBetsView(w));
    if (call.path === `/api/bets/circuits/${RACE_ID}` && call.method === "POST") {
      const body = call.body as { riderId: string; type: BetType; amount: number };
      const verdict = planBet(
        {
          now: w.now,
          race: { startsAt: CLOSES, endsAt: CLOSES, canceled: Boolean(w.canceled) },
          riders: new Map(betRiders.map((r) => [r.id, { available: r.available, odds: r.odds?.WIN ?? null }])),
          placed: w.bets,
          balance: w.balance,
        },
        body,
      );
      if (!verdict.ok)
        return json(verdict.refusal.status, {
          statusCode: verdict.refusal.status,
          code: verdict.refusal.code,
          message: formatMessage(verdict.refusal.code),
        });
      const bet = betOf(body.riderId, body.type, body.amount);
      w.bets = [bet, ...w.bets];
      w.balance -= body.amount;
      return ok({ ...raceBetsView(w), placed: bet });
    }
    return undefined;
  };
}
