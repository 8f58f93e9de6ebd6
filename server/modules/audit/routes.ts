import type { FastifyInstance } from "fastify";

/** Being built: registered by ../raceControl/index.ts. */
export async function auditRoutes(_app: FastifyInstance): Promise<void> {}
