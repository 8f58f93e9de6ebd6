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
    // Bets (issue 14): the injured rider's id (their picture), the diamonds given back, and a weekend's bet results.
    riderId: Id,
    refunded: z.number(),
    bets: z.number(),
    won: z.number(),
    payout: z.number(),
    // The Store (issue 13): the diamonds a donation gave.
    amount: z.number(),
  })
  .partial();
export const Notification = z.object({ id: Id, type: z.string(), value: NotificationValue, createdAt: z.string(), isRead: z.boolean() });
export type Notification = z.infer<typeof Notification>;
