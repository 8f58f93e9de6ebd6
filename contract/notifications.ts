import * as z from "zod";
import { Id } from "./common";

export const NotificationValue = z
  .object({
    raceName: z.string(),
    name: z.string(),
    circuitType: z.string(),
    version: z.number(),
    user: z.object({ id: Id, name: z.string() }),
    league: z.object({ id: Id, name: z.string() }),
    status: z.string(),
    riderName: z.string(),
    ids: z.array(Id),
    balance: z.string(),
    // Bets: the injured rider's id (their picture), the diamonds given back, and a weekend's bet results.
    riderId: Id,
    refunded: z.number(),
    bets: z.number(),
    won: z.number(),
    payout: z.number(),
    // The Store: the diamonds a donation gave.
    amount: z.number(),
    // A session's results (RESULTS_PUBLISHED, `name` its result key): the race they belong to (the bell groups a
    // weekend's notices by it), the player's points from their settled picks of that session, and whether it was canceled.
    raceId: Id,
    points: z.number(),
    canceled: z.boolean(),
    // SESSION_MOVED: the session's start before and after the move.
    from: z.string(),
    to: z.string(),
    // RESULTS_CORRECTED: each pick the correction changed, before and after.
    changes: z.array(
      z.object({
        category: z.string(),
        before: z.object({ state: z.string(), points: z.number() }),
        after: z.object({ state: z.string(), points: z.number() }),
      }),
    ),
  })
  .partial();
export const Notification = z.object({
  id: Id,
  type: z.string(),
  value: NotificationValue,
  createdAt: z.string(),
  isRead: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;
