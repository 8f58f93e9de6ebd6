import * as z from "zod";
import { BetType } from "./enums";
import { Id } from "./common";

export const BET_MIN = 30;
export const BET_MAX = 150;
export const BetBody = z.object({
  riderId: Id,
  type: BetType,
  amount: z.number().int().min(BET_MIN, { error: "numberMin" }).max(BET_MAX, { error: "numberMax" }),
});
export const Bet = z.object({ id: Id, raceId: Id, riderId: Id, type: BetType, amount: z.number().int(), odds: z.number(), payout: z.number().nullable() });
