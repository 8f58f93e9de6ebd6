import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { devLeaguesCalls } from "../../../contract/calls.leagues";
import { leagueMembers, leagues, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { isUuid } from "../../../contract/common";

/**
 * Development only (never registered in production): fills a league with `count` generated, confirmed
 * players as accepted members, so an e2e test can meet a full league without 99 sign-ups.
 */
export async function devLeaguesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.db;
  serve(app, devLeaguesCalls.fill, async ({ params, body }) => {
    const id = params.id;
    return db.transaction(async (tx) => {
      const [league] = isUuid(id) ? await tx.select().from(leagues).where(eq(leagues.id, id)).for("update") : [];
      if (!league) throw new AppError(404, "notFound");
      const room = Math.min(body.count, league.maxMembers - league.membersCount);
      const now = app.deps.clock.now();
      const players = Array.from({ length: room }, () => {
        const tag = randomBytes(6).toString("hex");
        return {
          id: randomUUID(),
          name: `filler${tag}`,
          email: `filler.${tag}@example.test`,
          emailConfirmedAt: now,
          createdAt: now,
          updatedAt: now,
        };
      });
      if (players.length) {
        await tx.insert(users).values(players);
        await tx.insert(leagueMembers).values(
          players.map((p) => ({
            leagueId: id,
            userId: p.id,
            status: "ACCEPTED" as const,
            createdAt: now,
            updatedAt: now,
          })),
        );
      }
      const [after] = await tx.select({ n: leagues.membersCount }).from(leagues).where(eq(leagues.id, id));
      return { memberStatus: null, membersCount: after?.n ?? 0 };
    });
  });
}
