import { and, asc, eq, sql } from "drizzle-orm";
import { commitmentOf, drawWinner, orderTickets } from "../../../contract/prizeDraw";
import {
  MERCH_CREDIT_USD,
  MOTORCYCLES_DRAWN,
  PADDOCK_EXPERIENCE_PLACES,
  type DrawTicketsPage,
  type Prize,
  type PrizeDraw,
  type Prizes,
} from "../../../contract/prizes";
import { prizeDraws, prizeDrawTickets, races, users, type PrizeDrawRow } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import type { LedgerTx } from "../diamonds/ledger";
import { paddockWinners, seasonOf, ticketsOf } from "./repository";
import type { ConfirmationService } from "../results/confirmation";

// The season's prizes and the motorcycle draw (contract/prizeDraw.ts has the rule; this file stores and serves it).

/** The season's prizes, from the contract's numbers. */
export const seasonPrizes: readonly Prize[] = [
  { kind: "FACTORY_MOTORCYCLE", places: MOTORCYCLES_DRAWN, amountsUsd: [] },
  { kind: "PADDOCK_EXPERIENCE", places: PADDOCK_EXPERIENCE_PLACES, amountsUsd: [] },
  { kind: "MERCH_CREDIT", places: MERCH_CREDIT_USD.length, amountsUsd: [...MERCH_CREDIT_USD] },
];

/** Published tickets are inserted this many per statement (4 bind parameters each, PostgreSQL allows 65,535). */
const TICKET_BATCH = 5000;

type Reader = AppDeps["db"]["db"] | LedgerTx;

async function drawView(db: Reader, season: number, row: PrizeDrawRow | undefined): Promise<PrizeDraw> {
  const live = row?.seed ? null : await ticketsOf(db, season);
  let winner: PrizeDraw["winner"] = null;
  if (row?.winnerUserId && row.winnerRaceId) {
    const [w] = await db
      .select({ id: users.id, name: users.name, img: users.img, raceName: races.name })
      .from(users)
      .innerJoin(races, eq(races.id, row.winnerRaceId))
      .where(eq(users.id, row.winnerUserId));
    if (w) winner = { ...w, raceId: row.winnerRaceId };
  }
  return {
    season,
    status: !row ? "NOT_COMMITTED" : row.seed ? "DRAWN" : "COMMITTED",
    commitment: row?.commitment ?? null,
    committedAt: row?.committedAt.toISOString() ?? null,
    seed: row?.seed ?? null,
    drawnAt: row?.drawnAt?.toISOString() ?? null,
    ticketCount: live ? live.length : (row?.ticketCount ?? 0),
    ticketsDigest: row?.ticketsDigest ?? null,
    winningIndex: row?.winningIndex ?? null,
    winner,
  };
}

const drawRow = async (db: Reader, season: number, lock = false) => {
  const q = db.select().from(prizeDraws).where(eq(prizeDraws.season, season));
  const [row] = lock ? await q.for("update") : await q;
  return row;
};

export function prizesService(deps: AppDeps, confirmations: ConfirmationService) {
  const db = deps.db.db;
  return {
    async view(userId: string, asked: number | undefined): Promise<Prizes> {
      const season = await seasonOf(db, asked);
      // The 72-hour rule's weekends are confirmed (their winners decided) before they are shown, the timer or not.
      await confirmations.confirmDue();
      const [mine, draw, paddock] = await Promise.all([
        ticketsOf(db, season, userId),
        drawRow(db, season).then((r) => drawView(db, season, r)),
        paddockWinners(db, season),
      ]);
      return { season, prizes: [...seasonPrizes], myTickets: mine.length, draw, paddock };
    },

    /** The published list once drawn; the tickets so far, in canonical order, before. */
    async tickets(asked: number | undefined, page: number, take: number): Promise<DrawTicketsPage> {
      const season = await seasonOf(db, asked);
      const row = await drawRow(db, season);
      const draw = await drawView(db, season, row);
      if (row?.seed) {
        const data = await db
          .select()
          .from(prizeDrawTickets)
          .where(eq(prizeDrawTickets.season, season))
          .orderBy(asc(prizeDrawTickets.position))
          .limit(take)
          .offset((page - 1) * take);
        const count = row.ticketCount ?? 0;
        return {
          frozen: true,
          draw,
          data: data.map((t) => ({ number: t.position, raceId: t.raceId, userId: t.userId })),
          page,
          pages: Math.ceil(count / take),
          count,
        };
      }
      const ordered = orderTickets(await ticketsOf(db, season));
      const data = ordered
        .slice((page - 1) * take, page * take)
        .map((t, i) => ({ number: (page - 1) * take + i + 1, ...t }));
      return { frozen: false, draw, data, page, pages: Math.ceil(ordered.length / take), count: ordered.length };
    },

    /** Publishes the commitment; the same commitment again changes nothing, another one is refused. */
    async commit(asked: number | undefined, commitment: string, by: Operator = CLI_OPERATOR): Promise<PrizeDraw> {
      const season = await seasonOf(db, asked);
      // The audit log's line in the commitment's own transaction; committing again (the same or another) writes none.
      await db.transaction(async (tx) => {
        const made = await tx
          .insert(prizeDraws)
          .values({ season, commitment, committedAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ season: prizeDraws.season });
        if (made.length)
          await recordAudit(tx, deps.clock, by, {
            action: "DRAW_COMMIT",
            target: `draw ${season}`,
            before: null,
            after: { season, commitment },
          });
      });
      const row = await drawRow(db, season);
      if (row?.commitment !== commitment) throw new AppError(409, "drawAlreadyCommitted");
      return drawView(db, season, row);
    },

    /**
     * Reveals the seed and draws, once: the seed must hash to the commitment; the ticket list is frozen and
     * published in the same transaction, and the winner notified. Drawing again with the same seed answers the
     * same draw.
     */
    async draw(asked: number | undefined, seed: string, by: Operator = CLI_OPERATOR): Promise<PrizeDraw> {
      const season = await seasonOf(db, asked);
      return db.transaction(async (tx) => {
        const row = await drawRow(tx, season, true);
        if (!row) throw new AppError(409, "drawNotCommitted");
        if (commitmentOf(seed) !== row.commitment) throw new AppError(400, "seedMismatch");
        if (row.seed) return drawView(tx, season, row);
        const tickets = await ticketsOf(tx, season);
        if (tickets.length === 0) throw new AppError(409, "noDrawTickets");
        const outcome = drawWinner(seed, tickets);
        for (let i = 0; i < outcome.ordered.length; i += TICKET_BATCH) {
          await tx
            .insert(prizeDrawTickets)
            .values(
              outcome.ordered
                .slice(i, i + TICKET_BATCH)
                .map((t, j) => ({ season, position: i + j + 1, raceId: t.raceId, userId: t.userId })),
            );
        }
        const [drawn] = await tx
          .update(prizeDraws)
          .set({
            seed,
            drawnAt: deps.clock.now(),
            ticketCount: outcome.ordered.length,
            ticketsDigest: outcome.ticketsDigest,
            winningIndex: outcome.winningIndex,
            winnerUserId: outcome.winner.userId,
            winnerRaceId: outcome.winner.raceId,
          })
          .where(and(eq(prizeDraws.season, season), sql`${prizeDraws.seed} IS NULL`))
          .returning();
        const [race] = await tx.select({ name: races.name }).from(races).where(eq(races.id, outcome.winner.raceId));
        await deps.live.notify(tx, [outcome.winner.userId], "PRIZE_WON", {
          raceName: race?.name ?? "",
          name: "FACTORY_MOTORCYCLE",
        });
        await recordAudit(tx, deps.clock, by, {
          action: "DRAW_RUN",
          target: `draw ${season}`,
          before: { season, commitment: row.commitment, seed: null },
          after: {
            season,
            seed,
            ticketCount: outcome.ordered.length,
            winningIndex: outcome.winningIndex,
            winnerRaceId: outcome.winner.raceId,
          },
        });
        return drawView(tx, season, drawn);
      });
    },
  };
}
