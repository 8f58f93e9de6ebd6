import type { FastifyInstance } from "fastify";
import { operationsCalls } from "../../../contract/calls.operations";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";

/**
 * How often each instance asks whether the 72-hour rule confirms a weekend (CONFIRM_TICK_MS; 0: never). Under the test
 * runner it is off unless asked for: tests move a simulated clock and call the rule themselves, and a tick in the
 * middle of a test would confirm a weekend it is still correcting.
 */
const tickMs = () => Number(process.env.CONFIRM_TICK_MS ?? (process.env.VITEST ? 0 : 60_000));

/** Corrections, previews and confirmation, behind the operator guard; and the 72-hour rule's timer. */
export async function correctionRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.corrections;
  serve(app, operationsCalls.correctResult, ({ params, body, request }) =>
    service.correct(params.raceId, body, operatorOf(request)),
  );
  serve(app, operationsCalls.previewResult, ({ params, body }) => service.preview(params.raceId, body));
  serve(app, operationsCalls.confirm, ({ params, request }) => service.confirm(params.raceId, operatorOf(request)));

  // Every instance ticks; the confirmation's primary key decides which one confirms (and decides the winners).
  const ms = tickMs();
  if (ms > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      service
        .confirmDue()
        .catch((err: unknown) => app.log.warn({ err }, "72-hour confirmation failed"))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  }
}
