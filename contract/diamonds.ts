import * as z from "zod";
import { PaymentState } from "./enums";
import { Id } from "./common";

/** Balance travels as a string (spec section 3). */
export const Balance = z.object({ balance: z.string().regex(/^\d+$/) });
export const DiamondPack = z.object({ dPackId: Id, diamonds: z.number().int(), priceCents: z.number().int(), currency: z.string() });
export const ExternalTransactionBody = z.object({ dPackId: Id });
export const ExternalTransaction = z.object({ id: Id, state: PaymentState, approveUrl: z.string().nullable() });
export const InternalTransactionBody = z.object({ data: z.object({ toUserId: Id, amount: z.number().int().min(10, { error: "numberMin" }) }) });
export const SIGN_UP_DIAMONDS = 100;
