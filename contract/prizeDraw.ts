import { sha256Hex } from "./sha256";

// game-rules.md "Global prizes": the factory test motorcycle is drawn among the season's draw tickets, one per
// completed weekend prediction (all 11 categories saved). The draw is provably fair by commit and reveal:
//
// 1. Before the season the operator picks a secret seed (64 hex digits, 32 random bytes) and publishes only its
//    SHA-256, the commitment (`npm run admin -- draw commit`; /prizes shows it).
// 2. At the draw the ticket list is frozen in its canonical order (below) and published with its digest, the
//    seed is revealed and must hash to the commitment, and the winner is ticket number
//    `SHA-256(seed ":" ticketsDigest) mod ticketCount` (0-based, the hash read as one 256-bit number).
// 3. Anyone recomputes the winner from the revealed seed and the published list (`npm run admin -- draw verify`,
//    or by hand with any SHA-256 tool: `verifyDraw` below is the whole check).
//
// The seed was fixed before any ticket existed, so the operator could not choose it to favour one; the list is
// frozen and published, so nobody can change it afterwards without the digest showing it.

/**
 * Who may win a prize (game-rules.md "Global prizes" names none who may not; decided here): every player but the
 * gurus. Gurus are the house's expert voices: players follow their published picks, and the house chooses who is a
 * guru. A prize they won would be the house rewarding its own staff, and would tempt a guru to keep their best
 * picks to themselves. So a guru's completed weekends are no draw tickets, and a guru is skipped in a weekend's
 * paddock experiences (the next player moves up); they still score and rank on every leaderboard.
 */
export const GURUS_WIN_PRIZES = false;
export const winsPrizes = (player: { isGuru: boolean }) => GURUS_WIN_PRIZES || !player.isGuru;

/** A secret seed: 64 lowercase hex digits. */
export const SEED_PATTERN = /^[0-9a-f]{64}$/;
export const isSeed = (seed: string) => SEED_PATTERN.test(seed);

/** One draw ticket: a player's completed prediction for one race weekend. */
export type DrawTicket = { raceId: string; userId: string };

/** A ticket's published line: `<raceId>:<userId>` (lowercase ids). */
export const ticketLine = (t: DrawTicket) => `${t.raceId.toLowerCase()}:${t.userId.toLowerCase()}`;

/** The canonical order: lines ascending by code unit (no locale), so every tool sorts them alike. */
export const orderTickets = <T extends DrawTicket>(tickets: readonly T[]): T[] =>
  tickets.toSorted((a, b) => {
    const x = ticketLine(a);
    const y = ticketLine(b);
    return x < y ? -1 : x > y ? 1 : 0;
  });

/** The commitment published before the season: SHA-256 of the seed's text. */
export const commitmentOf = (seed: string) => sha256Hex(seed);

/** The digest of a list already in canonical order: SHA-256 of its lines joined by "\n". */
export const ticketsDigestOf = (ordered: readonly DrawTicket[]) => sha256Hex(ordered.map(ticketLine).join("\n"));

/** The winning ticket's 0-based index in the canonical list. */
export function winningIndexOf(seed: string, ticketsDigest: string, ticketCount: number): number {
  if (!Number.isInteger(ticketCount) || ticketCount < 1) throw new RangeError("a draw needs at least one ticket");
  return Number(BigInt(`0x${sha256Hex(`${seed}:${ticketsDigest}`)}`) % BigInt(ticketCount));
}

export type DrawOutcome<T extends DrawTicket> = {
  ordered: T[];
  ticketsDigest: string;
  winningIndex: number;
  winner: T;
};

/** The draw itself: the canonical list, its digest and the winner. */
export function drawWinner<T extends DrawTicket>(seed: string, tickets: readonly T[]): DrawOutcome<T> {
  const ordered = orderTickets(tickets);
  const ticketsDigest = ticketsDigestOf(ordered);
  const winningIndex = winningIndexOf(seed, ticketsDigest, ordered.length);
  return { ordered, ticketsDigest, winningIndex, winner: ordered[winningIndex]! };
}

/** What a draw publishes, all anyone needs to check it. */
export type PublishedDraw = {
  commitment: string;
  seed: string;
  tickets: readonly DrawTicket[];
  ticketsDigest: string;
  winningIndex: number;
};

export type DrawCheck = "seedMatchesCommitment" | "listInCanonicalOrder" | "listMatchesDigest" | "winnerRecomputed";

/** Recomputes a published draw; `failed` names each check that does not hold (empty: the draw is verified). */
export function verifyDraw(draw: PublishedDraw): { ok: boolean; failed: DrawCheck[]; winningIndex: number | null } {
  const failed: DrawCheck[] = [];
  if (!isSeed(draw.seed) || commitmentOf(draw.seed) !== draw.commitment) failed.push("seedMatchesCommitment");
  const lines = draw.tickets.map(ticketLine);
  if (lines.some((l, i) => i > 0 && lines[i - 1]! >= l)) failed.push("listInCanonicalOrder");
  if (ticketsDigestOf(draw.tickets) !== draw.ticketsDigest) failed.push("listMatchesDigest");
  const winningIndex = draw.tickets.length
    ? winningIndexOf(draw.seed, ticketsDigestOf(draw.tickets), draw.tickets.length)
    : null;
  if (winningIndex !== draw.winningIndex) failed.push("winnerRecomputed");
  return { ok: failed.length === 0, failed, winningIndex };
}
