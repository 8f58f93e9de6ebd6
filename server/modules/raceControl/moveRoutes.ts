import type { FastifyInstance } from "fastify";

/** Being built: registered by ./index.ts. */
export async function moveRoutes(_app: FastifyInstance): Promise<void> {}
