import type { FastifyInstance } from "fastify";
import { healthCalls } from "../../../contract/calls.health";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { readiness } from "./readiness";

/** Liveness and readiness for balancers and orchestrators (docs/operations.md): one line in server/app.ts. */
export async function healthModule(app: FastifyInstance): Promise<void> {
  const check = readiness(app.deps, app.log);
  serve(app, healthCalls.live, async () => ({ status: "ok" as const }));
  serve(app, healthCalls.ready, async () => {
    const state = await check();
    // The contract's own 503, the one every call gives while the database is away; the reason went to the log.
    if (!state.ready) throw new AppError(503, "serviceUnavailable");
    return state.answer;
  });
}
