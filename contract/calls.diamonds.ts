import * as z from "zod";
import { call } from "./calls";
import { Id, IsoDate, PageQuery, paged } from "./common";
import { Balance } from "./diamonds";
import { PredictionCategory } from "./enums";
import { idempotencyKey } from "./validation";

/**
 * Why diamonds moved (one ledger entry each). BET_PAYOUT, PURCHASE and DONATION are the spec's other
 * movements (bet settlement, pack capture, internal transactions), named now so their issues need no migration.
 */
export const DiamondReason = z.enum([
  "SIGN_UP",
  "ALL_PICKS_BONUS",
  "UPGRADE",
  "PREDICTION_CHANGE",
  "BET",
  "BET_PAYOUT",
  "REFUND",
  "PURCHASE",
  "DONATION",
  "ADMIN",
]);
export type DiamondReason = z.infer<typeof DiamondReason>;

/**
 * What an entry is about, for its row: the other player of a donation (the giver of one received, the receiver of
 * one given), the race of a pick, bet, bonus or refund, and the pick's category when it was one pick's.
 */
export const DiamondEntryAbout = z.object({
  user: z.object({ id: Id, name: z.string() }).nullable(),
  race: z.object({ id: Id, name: z.string() }).nullable(),
  category: PredictionCategory.nullable(),
});
export type DiamondEntryAbout = z.infer<typeof DiamondEntryAbout>;

/** One entry of the caller's history: `delta` signed (debits negative), `balance` after it, as a string like Balance. */
export const DiamondEntry = z.object({
  id: Id,
  delta: z.number().int(),
  reason: DiamondReason,
  ref: z.string().nullable(),
  balance: z.string().regex(/^\d+$/),
  createdAt: IsoDate,
  about: DiamondEntryAbout.optional(),
});
export type DiamondEntry = z.infer<typeof DiamondEntry>;
export const DiamondHistoryPage = paged(DiamondEntry);
/** The history, optionally only the entries of one reason (the Store's filter). */
export const DiamondHistoryQuery = PageQuery.extend({ reason: DiamondReason.optional() });

// Spec section 7 names GET /diamonds/user/balance; the history is an addition (docs/api.md "Diamonds").
// Packs and transactions (external/internal) land with the shop's issue.
export const diamondsCalls = {
  balance: call({ method: "GET", path: "/diamonds/user/balance", auth: true, result: Balance }),
  history: call({
    method: "GET",
    path: "/diamonds/user/history",
    auth: true,
    query: DiamondHistoryQuery,
    result: DiamondHistoryPage,
  }),
} as const;

/** Development only (never served in production): credit (delta > 0) or debit (delta < 0) a player, by default the caller. */
export const DevDiamondsBody = z.object({
  userId: z.string().uuid().optional(),
  delta: z
    .number()
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((d) => d !== 0, { error: "validation" }),
  /** Lets a test replay a posting; a fresh key per call when omitted. */
  idempotencyKey: idempotencyKey(1, 200).optional(),
});
export const devDiamondsCalls = {
  /** Without `userId` it needs a bearer token (400 required on `fields.userId`). */
  adjust: call({
    method: "POST",
    path: "/dev/diamonds",
    auth: false,
    body: DevDiamondsBody,
    result: Balance,
    errors: { 400: ["required"], 402: ["notEnoughDiamonds"], 404: ["notFound"] },
  }),
} as const;
