import type { FastifyInstance } from "fastify";

/** Being built: registered by ./index.ts. */
export async function entryRoutes(_app: FastifyInstance): Promise<void> {}
