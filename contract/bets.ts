import * as z from "zod";
import { BetType } from "./enums";
import { Id, IsoDate } from "./common";
import { MAX_ODDS, MIN_ODDS } from "./raceRules";
import { Rider } from "./races";
import { betNumbers } from "./rules";
import { CLASSIFICATION_MAX } from "./results";

// Bets (spec sections 3–5 and 7, game-rules.md "Bets"): the race's riders with their odds, the player's bets,
// and the calls' bodies. The rules themselves are in contract/betRules.ts.

export const BET_MIN = betNumbers.minStake;
export const BET_MAX = betNumbers.maxStake;

/** What one bet (or one leg of an ACROSS bet) pays on: WIN the winner, PLACE first or second, SHOW the podium. */
export const LegType = z.enum(["WIN", "PLACE", "SHOW"]);
export type LegType = z.infer<typeof LegType>;
export type BetType = z.infer<typeof BetType>;

/** OPEN until the race's result; then WON or LOST, or REFUNDED (canceled race, injured rider). */
export const BetStatus = z.enum(["OPEN", "WON", "LOST", "REFUNDED"]);
export type BetStatus = z.infer<typeof BetStatus>;

/** Decimal odds of one rider for each leg type (PLACE and SHOW derived from WIN). */
export const BetOdds = z.object({ WIN: z.number(), PLACE: z.number(), SHOW: z.number() });
export type BetOdds = z.infer<typeof BetOdds>;

/** POST /bets/circuits/{raceId}: whole diamonds, 30 to 150 (ACROSS in steps of 3, split into WIN, PLACE and SHOW). */
export const BetBody = z.object({
  riderId: Id.max(64, { error: "maxLength" }),
  type: BetType,
  amount: z.number().int().min(BET_MIN, { error: "numberMin" }).max(BET_MAX, { error: "numberMax" }),
});
export type BetBody = z.infer<typeof BetBody>;

/** One leg of a bet: its stake, the odds taken when it was placed, its status and what it paid. */
export const BetLeg = z.object({
  type: LegType,
  stake: z.number().int(),
  odds: z.number(),
  status: BetStatus,
  /** Paid when WON, 0 when LOST, null while OPEN or when REFUNDED. */
  payout: z.number().int().nullable(),
});
export type BetLeg = z.infer<typeof BetLeg>;

/** One bet as placed: a WIN, PLACE or SHOW bet has one leg, an ACROSS bet three linked legs. */
export const Bet = z.object({
  id: Id,
  raceId: Id,
  riderId: Id,
  type: BetType,
  amount: z.number().int(),
  placedAt: IsoDate,
  status: BetStatus,
  /** The legs' payouts added up once settled (null while open or refunded). */
  payout: z.number().int().nullable(),
  /** Diamonds given back (the whole stake when refunded). */
  refunded: z.number().int(),
  legs: z.array(BetLeg),
});
export type Bet = z.infer<typeof Bet>;

/** A rider of the race as bets see them: injured riders are listed without odds and cannot be bet on. */
export const BetRider = Rider.extend({ available: z.boolean(), odds: BetOdds.nullable() });
export type BetRider = z.infer<typeof BetRider>;

export const BetLimits = z.object({ min: z.number().int(), max: z.number().int(), acrossStep: z.number().int() });

/** GET /v2/bets/circuits/{raceId}: the race's riders and odds, whether betting is open and until when, and the caller's bets. */
export const RaceBets = z.object({
  raceId: Id,
  raceName: z.string(),
  /** Betting is open now (before the race session's scheduled start, race not canceled). */
  open: z.boolean(),
  /** The race session's scheduled start: bets close then. */
  closesAt: IsoDate.nullable(),
  canceled: z.boolean(),
  /** The server's clock, so countdowns follow it. */
  now: IsoDate,
  limits: BetLimits,
  riders: z.array(BetRider),
  /** The caller's bets on this race, newest first. */
  bets: z.array(Bet),
  balance: z.string().regex(/^\d+$/),
  /** The race's classification once entered (best first), or its cancellation; null before. */
  result: z.object({ canceled: z.boolean(), riderIds: z.array(Id) }).nullable(),
});
export type RaceBets = z.infer<typeof RaceBets>;

/** The answer to a placed bet: the fresh race view and the bet just placed. */
export const BetPlaced = RaceBets.extend({ placed: Bet });
export type BetPlaced = z.infer<typeof BetPlaced>;

/** `?isMobile=false` (spec section 7): accepted; both layouts get the same answer. */
export const RaceBetsQuery = z.object({ isMobile: z.enum(["true", "false"]).optional() });

/** POST /admin/races/{raceId}/odds: set riders' WIN odds for the race, or drop the operator's odds (back to the form's). */
export const OddsBody = z.union([
  z
    .object({
      odds: z
        .array(
          z
            .object({
              riderId: Id.max(64, { error: "maxLength" }),
              odds: z.number().min(MIN_ODDS, { error: "numberMin" }).max(MAX_ODDS, { error: "numberMax" }),
            })
            .strict(),
        )
        .min(1)
        .max(CLASSIFICATION_MAX),
    })
    .strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);
export type OddsBody = z.infer<typeof OddsBody>;
/** The race's WIN odds now (every available rider), and the riders whose odds the operator set. */
export const RaceOdds = z.object({ raceId: Id, odds: z.record(z.string(), z.number()), set: z.array(Id) });
export type RaceOdds = z.infer<typeof RaceOdds>;

/** POST /dev/demo-bets: demo players (added by POST /dev/demo-players) place a few bets each on the race. */
export const DemoBetsBody = z
  .object({
    raceId: Id,
    playerIds: z
      .array(Id.max(64, { error: "maxLength" }))
      .min(1)
      .max(200),
  })
  .strict();
export const DemoBets = z.object({
  raceId: Id,
  players: z.number().int(),
  bets: z.number().int(),
  staked: z.number().int(),
});
export type DemoBets = z.infer<typeof DemoBets>;
