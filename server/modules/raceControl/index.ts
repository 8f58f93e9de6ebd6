import type { FastifyInstance } from "fastify";
import { auditRoutes } from "../audit/routes";
import { correctionRoutes } from "./correctionRoutes";
import { entryRoutes } from "./entryRoutes";
import { moveRoutes } from "./moveRoutes";

/**
 * Race control (game-rules.md "Weekends as they really happen"): the weekend's timeline and moves, corrections and
 * confirmation, the entry list, and the audit log, all behind the operator guard (the admin token or an operator's
 * session). One line in server/app.ts.
 */
export async function raceControlModule(app: FastifyInstance): Promise<void> {
  await app.register(moveRoutes);
  await app.register(correctionRoutes);
  await app.register(entryRoutes);
  await app.register(auditRoutes);
}
