import * as z from "zod";
import { Id, paged, PageQuery } from "./common";
import { SEED_PATTERN } from "./prizeDraw";

// Prizes (game-rules.md "Global prizes" and "VIP league rewards"; spec section 1). The numbers live here, once.

export const PrizeKind = z.enum(["FACTORY_MOTORCYCLE", "PADDOCK_EXPERIENCE", "MERCH_CREDIT"]);
export type PrizeKind = z.infer<typeof PrizeKind>;

/** The weekend's top three win paddock experiences (configurable here). */
export const PADDOCK_EXPERIENCE_PLACES = 3;
/** A VIP league's top three at season end: merch credit in US dollars, first to third (spec section 1). */
export const MERCH_CREDIT_USD: readonly number[] = [300, 200, 100];
/** One factory test motorcycle, drawn among the season's tickets. */
export const MOTORCYCLES_DRAWN = 1;

export const DrawStatus = z.enum(["NOT_COMMITTED", "COMMITTED", "DRAWN"]);
export type DrawStatus = z.infer<typeof DrawStatus>;

const hex64 = z.string().regex(SEED_PATTERN);

export const Prize = z.object({
  kind: PrizeKind,
  /** How many win it (places, or motorcycles drawn). */
  places: z.number().int(),
  /** MERCH_CREDIT: the credit of each place, in US dollars; empty otherwise. */
  amountsUsd: z.array(z.number().int()),
});
export type Prize = z.infer<typeof Prize>;

export const PrizeWinner = z.object({ id: Id, name: z.string(), img: z.string().nullable() });

/** The season's motorcycle draw: the commitment, then once drawn the seed, the frozen list's digest and the winner. */
export const PrizeDraw = z.object({
  season: z.number().int(),
  status: DrawStatus,
  /** SHA-256 of the secret seed, published before the season. */
  commitment: hex64.nullable(),
  committedAt: z.string().nullable(),
  /** Revealed at the draw. */
  seed: hex64.nullable(),
  drawnAt: z.string().nullable(),
  /** Tickets so far (before the draw) or in the frozen list (after). */
  ticketCount: z.number().int().min(0),
  ticketsDigest: hex64.nullable(),
  /** The winning ticket: its 0-based index in the published list, its race and its player. */
  winningIndex: z.number().int().min(0).nullable(),
  winner: PrizeWinner.extend({ raceId: Id, raceName: z.string() }).nullable(),
});
export type PrizeDraw = z.infer<typeof PrizeDraw>;

/** A finished weekend's top three: their paddock experiences. */
export const WeekendWinners = z.object({
  raceId: Id,
  raceName: z.string(),
  round: z.number().int(),
  places: z.array(PrizeWinner.extend({ place: z.number().int(), points: z.number() })),
});
export type WeekendWinners = z.infer<typeof WeekendWinners>;

export const PrizesQuery = z.object({ season: z.coerce.number().int().min(2000).max(2100).optional() });

/** GET /prizes: the season's prizes, the caller's draw tickets, the draw and the weekends' winners (newest first). */
export const Prizes = z.object({
  season: z.number().int(),
  prizes: z.array(Prize),
  /** The caller's tickets: one per completed weekend prediction of the season. */
  myTickets: z.number().int().min(0),
  draw: PrizeDraw,
  paddock: z.array(WeekendWinners),
});
export type Prizes = z.infer<typeof Prizes>;

/** One line of the published ticket list, in canonical order (`number` = index + 1). */
export const PublishedTicket = z.object({ number: z.number().int().min(1), raceId: Id, userId: Id });
export const DrawTicketsQuery = PageQuery.extend({ season: z.coerce.number().int().min(2000).max(2100).optional() });
/** A page of the list with the draw it belongs to: all anyone needs to recompute the winner (contract/prizeDraw.ts). */
export const DrawTicketsPage = paged(PublishedTicket).extend({ frozen: z.boolean(), draw: PrizeDraw });
export type DrawTicketsPage = z.infer<typeof DrawTicketsPage>;

/** Operators: publish the commitment (the seed stays with them). */
export const CommitDrawBody = z.object({ season: z.number().int().min(2000).max(2100).optional(), commitment: hex64 });
/** Operators: reveal the seed and draw. */
export const RunDrawBody = z.object({ season: z.number().int().min(2000).max(2100).optional(), seed: hex64 });
