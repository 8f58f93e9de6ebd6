import type { BetLeg, BetOdds, BetStatus, BetType, LegType } from "./bets";
import { betNumbers } from "./rules";
import type { SessionWindow } from "./weekendRules/time";
import { isOpen } from "./weekendRules/time";
import { allow, refuse, type Verdict } from "./verdict";

// game-rules.md "Bets", once: the odds of each leg type, the stakes the slider offers, how an ACROSS bet splits,
// when betting closes, what a bet may be refused for, what each leg pays and how a race settles them. The server
// places and settles with these; the betPlacement machine and the Bets screen ask the same functions.

export const LEG_TYPES: readonly LegType[] = ["WIN", "PLACE", "SHOW"];
export const BET_TYPES: readonly BetType[] = ["WIN", "PLACE", "SHOW", "ACROSS"];
export const isBetType = (value: unknown): value is BetType =>
  typeof value === "string" && (BET_TYPES as readonly string[]).includes(value);

/** Odds are kept in whole cents, so every side computes the same number. */
const cents = (odds: number) => Math.round(odds * 100);

/** The three odds of a rider from their WIN odds: PLACE = WIN × 0.5 + 0.5, SHOW = WIN × 0.33 + 0.5, never below 1.1. */
export function oddsOf(win: number): BetOdds {
  const w = cents(win);
  const floor = cents(betNumbers.minOdds);
  const derived = (rule: { factor: number; plus: number }) =>
    Math.max(floor, Math.round(w * rule.factor + rule.plus * 100)) / 100;
  return { WIN: w / 100, PLACE: derived(betNumbers.place), SHOW: derived(betNumbers.show) };
}

/** Stakes move in whole diamonds; ACROSS stakes in steps of 3, so they split equally. */
export const stakeStep = (type: BetType) => (type === "ACROSS" ? betNumbers.acrossStep : 1);
export const stakeLimits = (type: BetType) => ({
  min: betNumbers.minStake,
  max: betNumbers.maxStake,
  step: stakeStep(type),
});

export const isValidStake = (type: BetType, amount: number) =>
  Number.isSafeInteger(amount) &&
  amount >= betNumbers.minStake &&
  amount <= betNumbers.maxStake &&
  amount % stakeStep(type) === 0;

/** The highest stake of the type's step at or under `cap`, counted from the minimum. */
const topUnder = (cap: number, min: number, step: number) => min + Math.floor((cap - min) / step) * step;

/**
 * The stakes the slider offers the player: from the minimum up to min(max stake, balance), on the type's step, so
 * it never goes past what they hold. A balance under the minimum stake offers none: 402 belowMinimumStake (the
 * modal says so and offers the Store). Without a known balance, the type's own limits.
 */
export function stakeRange(type: BetType, balance?: number): Verdict<{ min: number; max: number; step: number }> {
  const { min, max, step } = stakeLimits(type);
  if (balance !== undefined && balance < min) return refuse(402, "belowMinimumStake");
  return allow({ min, max: topUnder(balance === undefined ? max : Math.min(max, balance), min, step), step });
}

/**
 * The valid stake nearest to `amount` for the type within what the player holds (the slider snaps to it; changing
 * type or the balance keeps it valid). Under the minimum stake it rests at the minimum, which cannot be placed.
 */
export function snapStake(type: BetType, amount: number, balance?: number): number {
  const range = stakeRange(type, balance);
  const { min, max, step } = range.ok ? range.value : stakeLimits(type);
  const wanted = Number.isFinite(amount) ? amount : min;
  const stepped = Math.round((wanted - min) / step) * step + min;
  return range.ok ? Math.min(max, Math.max(min, stepped)) : min;
}

/** Payout = stake × odds, rounded down to whole diamonds (odds in whole cents: exact). */
export const payoutOf = (stake: number, odds: number) => Math.floor((stake * cents(odds)) / 100);

export type PlannedLeg = { type: LegType; stake: number; odds: number };

/** How a stake is laid: one leg of its own type, or an ACROSS stake split equally into WIN, PLACE and SHOW. */
export function legsOf(type: BetType, amount: number, odds: BetOdds): PlannedLeg[] {
  if (type !== "ACROSS") return [{ type, stake: amount, odds: odds[type] }];
  const each = amount / LEG_TYPES.length;
  return LEG_TYPES.map((leg) => ({ type: leg, stake: each, odds: odds[leg] }));
}

/** What the slider shows as it moves: each leg's stake and what it would pay, and the most the bet can pay. */
export function betSlip(type: BetType, amount: number, odds: BetOdds) {
  const legs = legsOf(type, amount, odds).map((leg) => ({ ...leg, payout: payoutOf(leg.stake, leg.odds) }));
  return { amount, legs, potential: legs.reduce((sum, leg) => sum + leg.payout, 0) };
}

/** The places each leg type pays for: WIN the winner, PLACE first or second, SHOW the podium. */
export const placesPaid: Record<LegType, number> = { WIN: 1, PLACE: 2, SHOW: 3 };

/** A leg's outcome against the race's classification (best first). */
export function legOutcome(type: LegType, riderId: string, top: readonly string[]): "WON" | "LOST" {
  const position = top.indexOf(riderId);
  return position >= 0 && position < placesPaid[type] ? "WON" : "LOST";
}

/** The race session's result as settlement takes it: its classification, or its cancellation. */
export type RaceOutcome = { canceled: true } | { canceled: false; top: readonly string[] };

export type OpenLeg = { id: string; riderId: string; type: LegType; stake: number; odds: number };
export type SettledLeg = { id: string; status: Exclude<BetStatus, "OPEN">; payout: number | null };

/** Every open leg of a race settled at once: won legs pay stake × odds, lost ones nothing, a canceled race refunds them all. */
export function settleLegs(legs: readonly OpenLeg[], outcome: RaceOutcome): SettledLeg[] {
  return legs.map((leg) => {
    if (outcome.canceled) return { id: leg.id, status: "REFUNDED", payout: null };
    const status = legOutcome(leg.type, leg.riderId, outcome.top);
    return { id: leg.id, status, payout: status === "WON" ? payoutOf(leg.stake, leg.odds) : 0 };
  });
}

/** A bet's status from its legs: open while any is, refunded when all were, else won when it paid anything. */
export function betStatusOf(legs: readonly Pick<BetLeg, "status" | "payout">[]): BetStatus {
  if (legs.some((l) => l.status === "OPEN")) return "OPEN";
  if (legs.every((l) => l.status === "REFUNDED")) return "REFUNDED";
  return legs.reduce((sum, l) => sum + (l.payout ?? 0), 0) > 0 ? "WON" : "LOST";
}

/** Bets close at the race session's scheduled start (null: the race has no race session). */
export const betsCloseAt = (sessions: Partial<Record<string, SessionWindow>>): number | null =>
  sessions.START?.startsAt ?? null;

/** Betting is open strictly before the race session's scheduled start, and never on a canceled race. */
export const bettingOpen = (now: number, race: SessionWindow | undefined) => race !== undefined && isOpen(now, race);

/** A rider as the rules see them: available (not injured) and their WIN odds (null: no odds, no bets). */
export type BettableRider = { available: boolean; odds: number | null };
export const isBettable = (r: BettableRider | undefined): r is BettableRider & { odds: number } =>
  r !== undefined && r.available && r.odds !== null;

export type BetFacts = {
  now: number;
  /** The race session's window (canceled when it or its race was). */
  race: SessionWindow | undefined;
  riders: ReadonlyMap<string, BettableRider>;
  /** The player's bets already placed on this race. */
  placed: readonly { riderId: string; type: BetType }[];
  /** The player's balance when known (the client's check; the server's ledger checks under its lock). */
  balance?: number;
};
export type BetRequest = { riderId: string; type: BetType; amount: number };
export type BetPlan = BetRequest & { legs: PlannedLeg[] };

/**
 * Whether a bet may be placed, refusing in order: 418 betExpired (the race session started, or the race was
 * canceled), 409 noRidersForBetting, 400 betIncorrect (unknown rider, type, or a stake off the limits or the
 * ACROSS step), 409 riderInjured, 409 betAlreadyPlaced (one bet per rider and type per race), 402 notEnoughDiamonds.
 */
export function planBet(facts: BetFacts, request: BetRequest): Verdict<BetPlan> {
  if (!bettingOpen(facts.now, facts.race)) return refuse(418, "betExpired");
  if (![...facts.riders.values()].some(isBettable)) return refuse(409, "noRidersForBetting");
  const rider = facts.riders.get(request.riderId);
  if (!rider || !isBetType(request.type) || !isValidStake(request.type, request.amount))
    return refuse(400, "betIncorrect");
  if (!isBettable(rider)) return refuse(409, "riderInjured");
  if (facts.placed.some((b) => b.riderId === request.riderId && b.type === request.type))
    return refuse(409, "betAlreadyPlaced");
  if (facts.balance !== undefined && facts.balance < request.amount) return refuse(402, "notEnoughDiamonds");
  return allow({ ...request, legs: legsOf(request.type, request.amount, oddsOf(rider.odds)) });
}

/** The bet types still open to the player on a rider (one bet per rider and type). */
export const typesLeft = (placed: readonly { riderId: string; type: BetType }[], riderId: string): BetType[] =>
  BET_TYPES.filter((type) => !placed.some((b) => b.riderId === riderId && b.type === type));
