import * as z from "zod";

/** Balance travels as a string (spec section 3). */
export const Balance = z.object({ balance: z.string().regex(/^\d+$/) });
// Packs, purchase orders and donations: contract/store.ts (their rules: contract/storeRules.ts).
export const SIGN_UP_DIAMONDS = 100;
