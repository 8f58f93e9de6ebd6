import type { FastifyInstance } from "fastify";
import { adminStoreCalls, sandboxCalls, storeCalls } from "../../../contract/calls.store";
import { operatorOf } from "../../http/operatorGuard";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { observe } from "../../metrics";

/** Spec section 7 "Diamonds": packs, purchases (the caller's own orders only), donations, the provider's webhook. */
export async function storeRoutes(app: FastifyInstance): Promise<void> {
  const { payments } = app.services;
  const service = app.services.store;
  serve(app, storeCalls.packs, () => service.packs());
  serve(app, storeCalls.purchase, ({ caller, body }) =>
    observe(app.deps.metrics?.purchases, () => service.purchase(caller.userId, body.dPackId)),
  );
  serve(app, storeCalls.capture, ({ caller, params }) => service.capture(caller.userId, params.id));
  serve(app, storeCalls.order, ({ caller, params }) => service.order(caller.userId, params.id));
  serve(app, storeCalls.cancel, ({ caller, params }) => service.cancel(caller.userId, params.id));
  serve(app, storeCalls.orders, ({ caller, query }) => service.orders(caller.userId, query.page, query.take));
  // Spec section 5: a number below the minimum is 'A donation is at least 10 diamonds', whatever else is wrong with it.
  serve(app, storeCalls.donate, ({ caller, body }) => service.donate(caller.userId, body));
  serve(app, storeCalls.webhook, async ({ params, body, request }) => {
    if (params.provider !== payments.provider.name) throw new AppError(404, "notFound");
    const event = await payments.provider.verifyWebhook(request.headers, body);
    if (!event) throw new AppError(400, "validation");
    await service.webhook(event);
    return { ok: true as const };
  });

  // The built-in sandbox's checkout (404 when PayPal is the provider).
  const sandbox = () => {
    if (!payments.sandbox) throw new AppError(404, "notFound");
    return payments.sandbox;
  };
  serve(app, sandboxCalls.checkout, async ({ caller, params }) => sandbox().checkout(caller.userId, params.token));
  serve(app, sandboxCalls.approve, async ({ caller, params }) => sandbox().approve(caller.userId, params.token));
  serve(app, sandboxCalls.authenticate, async ({ caller, params }) =>
    sandbox().authenticate(caller.userId, params.token),
  );
  serve(app, sandboxCalls.cancel, async ({ caller, params }) => sandbox().cancel(caller.userId, params.token));
}

/** The operators' packs and orders: the admin token (the CLI) or an operator's session, each change written to the audit log. */
export async function adminStoreRoutes(app: FastifyInstance): Promise<void> {
  const { packs } = app.services;
  serve(app, adminStoreCalls.packs, () => packs.list());
  serve(app, adminStoreCalls.addPack, ({ body, request }) => packs.add(body, operatorOf(request)));
  serve(app, adminStoreCalls.setPack, ({ params, body, request }) => packs.set(params.id, body, operatorOf(request)));
  const service = app.services.store;
  serve(app, adminStoreCalls.captureStuck, ({ body, request }) =>
    service.captureStuck(body.olderThanMinutes * 60_000, operatorOf(request)),
  );
}
