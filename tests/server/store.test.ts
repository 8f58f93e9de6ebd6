// The Store on each backend: packs, a purchase through the built-in sandbox provider (every payment state and
// refusal), 20 concurrent captures crediting once, a replayed webhook crediting nothing, a restart between approval
// and capture, donations (refusals, replays, a two-way race) and PayPal Orders v2 against a local server that
// answers PayPal's documented shapes.
import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { storeService } from "../../server/modules/store/service";
import { paypalProvider } from "../../server/modules/store/paypal";
import { sandboxSignature } from "../../server/modules/store/sandbox";
import { sandboxWebhookSecret } from "../../server/modules/store/settings";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, PUBLIC_URL, type Harness } from "./harness";

const PACK_550 = "0d1a0000-0000-4000-8000-000000000550";

type Row = Record<string, unknown>;
const rows = (h: Harness, text: string, params: unknown[]) =>
  h.database.withConnection((c) => c.query<Row>(text, params));
const as = (p: Player) => ({ token: p.tokens.accessToken });
const token = (approveUrl: string) => new URL(approveUrl).searchParams.get("token")!;
/** The local PayPal's OAuth tokens start with A21-, like PayPal's. */
const bearer = (req: { headers: Record<string, unknown> }) =>
  String(req.headers.authorization ?? "").startsWith("Bearer A21-");

onEachBackend("store", (h) => {
  const balance = async (p: Player) =>
    (await h.call("GET", "/diamonds/user/balance", as(p))).body.result.balance as string;
  const buy = (p: Player, dPackId = PACK_550) =>
    h.call("POST", "/diamonds/transactions/external", { ...as(p), body: { dPackId } });
  const checkout = (p: Player, t: string, step: "approve" | "authenticate" | "cancel") =>
    h.call("POST", `/sandbox/checkout/${t}/${step}`, as(p));
  const donate = (p: Player, toUserId: string, amount: unknown, key = randomUUID()) =>
    h.call("POST", "/diamonds/transactions/internal", {
      ...as(p),
      body: { data: { toUserId, amount }, idempotencyKey: key },
    });
  const capture = (p: Player, id: string) => h.call("GET", `/diamonds/transactions/${id}/capture`, as(p));
  const ledgerSum = async (userId: string) => {
    const [r] = await rows(
      h,
      "SELECT COALESCE(SUM(delta), 0)::int AS sum, (SELECT balance::int FROM diamond_balances WHERE user_id = $1) AS balance FROM diamond_ledger WHERE user_id = $1",
      [userId],
    );
    return r as { sum: number; balance: number };
  };

  /** A player's order, approved through the sandbox checkout with its 3-D Secure step. */
  async function approvedOrder(p: Player) {
    const created = await buy(p);
    expect(created.status).toBe(200);
    const t = token(created.body.result.approveUrl);
    expect((await checkout(p, t, "approve")).body.result.state).toBe("PAYER_ACTION_REQUIRED");
    expect((await checkout(p, t, "authenticate")).body.result.state).toBe("APPROVED");
    return { id: created.body.result.id as string, token: t };
  }

  it("lists the four sandbox packs of the game rules, cheapest first", async () => {
    const res = await h.call("GET", "/diamonds/packs");
    expect(res.status).toBe(200);
    expect(res.body.result.map((p: { diamonds: number; priceCents: number }) => [p.diamonds, p.priceCents])).toEqual([
      [100, 99],
      [550, 499],
      [1200, 999],
      [2500, 1999],
    ]);
  });

  it("buys a pack: CREATED → PAYER_ACTION_REQUIRED → APPROVED → COMPLETED, credited once, each step stored", async () => {
    const p = await signUpConfirmed(h);
    const created = await buy(p);
    expect(created.body.result).toMatchObject({
      state: "CREATED",
      diamonds: 550,
      priceCents: 499,
      currency: "USD",
      provider: "sandbox",
    });
    const approveUrl = new URL(created.body.result.approveUrl);
    expect(`${approveUrl.origin}${approveUrl.pathname}`).toBe(`${PUBLIC_URL}/checkout/sandbox`);
    const t = token(created.body.result.approveUrl);
    const id = created.body.result.id as string;

    // Not approved yet: nothing to capture.
    expect((await capture(p, id)).body).toMatchObject({ code: "paymentNotApproved" });
    const page = await h.call("GET", `/sandbox/checkout/${t}`, as(p));
    expect(page.body.result).toMatchObject({ orderId: id, diamonds: 550, priceCents: 499, state: "CREATED" });
    expect(page.body.result.returnUrl).toBe(`${PUBLIC_URL}/shop?token=${t}&PayerID=SANDBOXPAYER`);

    await checkout(p, t, "approve");
    // The 3-D Secure step pending: the order reads PAYER_ACTION_REQUIRED and still can't be captured.
    expect((await h.call("GET", `/diamonds/transactions/${id}`, as(p))).body.result.state).toBe(
      "PAYER_ACTION_REQUIRED",
    );
    expect((await capture(p, id)).status).toBe(409);
    await checkout(p, t, "authenticate");
    // The return page carries PayPal's token: the order is found by it too.
    const done = await capture(p, t);
    expect(done.status).toBe(200);
    expect(done.body.result.state).toBe("COMPLETED");
    expect(done.body.result.steps.map((s: { state: string }) => s.state)).toEqual([
      "CREATED",
      "PAYER_ACTION_REQUIRED",
      "APPROVED",
      "COMPLETED",
    ]);
    expect(await balance(p)).toBe("650");
    // Capturing again answers the completed order and credits nothing more.
    expect((await capture(p, id)).body.result.state).toBe("COMPLETED");
    expect(await balance(p)).toBe("650");
    const history = await h.call("GET", "/diamonds/user/history", { ...as(p), query: { reason: "PURCHASE" } });
    expect(history.body.result).toMatchObject({
      count: 1,
      data: [{ delta: 550, reason: "PURCHASE", ref: `order:${id}` }],
    });
    const orders = await h.call("GET", "/diamonds/transactions", as(p));
    expect(orders.body.result).toMatchObject({ count: 1, data: [{ id, state: "COMPLETED", approveUrl: null }] });
  });

  it("paying an approved order again asks for 3-D Secure again: the capture is refused until the payer passes it", async () => {
    const p = await signUpConfirmed(h);
    const created = await buy(p);
    const t = token(created.body.result.approveUrl);
    const id = created.body.result.id as string;
    await checkout(p, t, "approve");
    expect((await checkout(p, t, "authenticate")).body.result.state).toBe("APPROVED");
    // The Store read it approved just before: the capture still finds the payer needed, and says so.
    expect((await h.call("GET", `/diamonds/transactions/${id}`, as(p))).body.result.state).toBe("APPROVED");
    expect((await checkout(p, t, "approve")).body.result.state).toBe("PAYER_ACTION_REQUIRED");
    expect((await capture(p, t)).body).toMatchObject({ code: "paymentNotApproved" });
    // The order offers the provider's page again for that step.
    const again = await h.call("GET", `/diamonds/transactions/${id}`, as(p));
    expect(again.body.result).toMatchObject({ state: "PAYER_ACTION_REQUIRED" });
    expect(again.body.result.approveUrl).toContain(t);
    expect(await balance(p)).toBe("100");
    await checkout(p, t, "authenticate");
    expect((await capture(p, id)).body.result.state).toBe("COMPLETED");
    expect(await balance(p)).toBe("650");
  });

  it("refuses: an unknown pack, another player's order or checkout, a canceled order, a payment after cancel", async () => {
    const [p, q] = [await signUpConfirmed(h), await signUpConfirmed(h)];
    expect((await buy(p, randomUUID())).status).toBe(404);
    expect((await buy(p, "nope")).status).toBe(404);
    const created = (await buy(p)).body.result;
    const t = token(created.approveUrl);
    expect((await capture(q, created.id)).status).toBe(404);
    expect((await h.call("GET", `/diamonds/transactions/${created.id}`, as(q))).status).toBe(404);
    expect((await checkout(q, t, "approve")).status).toBe(404);

    // The payer cancels at the checkout, then comes back to the cancel page: VOIDED, nothing credited.
    expect((await checkout(p, t, "cancel")).body.result.state).toBe("VOIDED");
    expect((await h.call("POST", `/diamonds/transactions/${t}/cancel`, as(p))).body.result.state).toBe("VOIDED");
    expect((await capture(p, created.id)).body).toMatchObject({ code: "paymentVoided" });
    expect((await checkout(p, t, "approve")).body).toMatchObject({ code: "paymentVoided" });
    expect(await balance(p)).toBe("100");

    // A completed order can't be canceled.
    const other = await approvedOrder(p);
    await capture(p, other.id);
    expect((await h.call("POST", `/diamonds/transactions/${other.id}/cancel`, as(p))).body).toMatchObject({
      code: "paymentCompleted",
    });
  });

  it("an order the Store canceled is canceled at the sandbox checkout too: the page shows it so and takes no payment", async () => {
    const p = await signUpConfirmed(h);
    const created = (await buy(p)).body.result;
    const t = token(created.approveUrl);
    expect((await h.call("POST", `/diamonds/transactions/${created.id}/cancel`, as(p))).body.result.state).toBe(
      "VOIDED",
    );
    expect((await h.call("GET", `/sandbox/checkout/${t}`, as(p))).body.result.state).toBe("VOIDED");
    expect((await checkout(p, t, "approve")).body).toMatchObject({ code: "paymentVoided" });
    expect((await checkout(p, t, "authenticate")).body).toMatchObject({ code: "paymentVoided" });
    expect((await capture(p, created.id)).body).toMatchObject({ code: "paymentVoided" });
    expect(await balance(p)).toBe("100");
  });

  it("a pack id that is not a text says what dPackId must be, not that it is missing", async () => {
    const p = await signUpConfirmed(h);
    const wrong = await h.call("POST", "/diamonds/transactions/external", { ...as(p), body: { dPackId: 5 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: "validation",
      message: messages.packIdInvalid,
      fields: { dPackId: { code: "packIdInvalid" } },
    });
    const missing = await h.call("POST", "/diamonds/transactions/external", { ...as(p), body: {} });
    expect(missing.body).toMatchObject({ fields: { dPackId: { code: "required" } } });
  });

  it("credits once when 20 captures of one order run at once", async () => {
    const p = await signUpConfirmed(h);
    const { id } = await approvedOrder(p);
    const answers = await Promise.all(Array.from({ length: 20 }, () => capture(p, id)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(await balance(p)).toBe("650");
    expect(await ledgerSum(p.id)).toEqual({ sum: 650, balance: 650 });
    const [{ n }] = (await rows(
      h,
      "SELECT count(*)::int AS n FROM payment_order_steps WHERE order_id = $1 AND state = 'COMPLETED'",
      [id],
    )) as [{ n: number }];
    expect(n).toBe(1);
  });

  it("captures on a signed webhook racing the return page; a replayed webhook credits nothing; a forged one is refused", async () => {
    const p = await signUpConfirmed(h);
    const { id, token: t } = await approvedOrder(p);
    const secret = sandboxWebhookSecret(h.app.deps);
    const event = {
      id: `WH-${randomUUID()}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id: t, status: "APPROVED" },
    };
    const send = (e: unknown, sig = sandboxSignature(secret, e)) =>
      h.call("POST", "/diamonds/webhooks/sandbox", { body: e, headers: { "x-sandbox-signature": sig } });
    const [hook, page] = await Promise.all([send(event), capture(p, id)]);
    expect([hook.status, page.status]).toEqual([200, 200]);
    expect(await balance(p)).toBe("650");
    expect((await send(event)).status).toBe(200);
    const completed = {
      id: `WH-${randomUUID()}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAP", supplementary_data: { related_ids: { order_id: t } } },
    };
    expect((await send(completed)).status).toBe(200);
    expect((await send(completed)).status).toBe(200);
    expect(await balance(p)).toBe("650");
    expect((await send(event, "0".repeat(64))).status).toBe(400);
    expect((await h.call("POST", "/diamonds/webhooks/paypal", { body: event })).status).toBe(404);
  });

  it("captures after a restart between approval and capture (a new server on the same database), and an operator's sweep finds stuck orders", async () => {
    const p = await signUpConfirmed(h);
    const { id } = await approvedOrder(p);
    const restarted = await h.buildApp({});
    const res = await h.call("GET", `/diamonds/transactions/${id}/capture`, as(p), restarted);
    expect(res.body.result.state).toBe("COMPLETED");
    expect(await balance(p)).toBe("650");

    const stuck = await approvedOrder(p);
    const swept = await storeService(
      h.app.deps,
      (await import("../../server/modules/store/settings")).paymentsFromEnv(h.app.deps).provider,
    ).captureStuck(0);
    expect(swept.map((o) => [o.id, o.state])).toContainEqual([stuck.id, "COMPLETED"]);
    expect(await balance(p)).toBe("1200");
  });

  describe("donations", () => {
    it("moves whole diamonds both ways in one transaction, notifies the recipient, and a replay moves nothing", async () => {
      const [p, q] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      const key = randomUUID();
      const res = await donate(p, q.id, 25, key);
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ amount: 25, toUserId: q.id, balance: "75" });
      expect((await donate(p, q.id, 25, key)).body.result.balance).toBe("75");
      expect([await balance(p), await balance(q)]).toEqual(["75", "125"]);
      const notes = await h.call("GET", "/notifications", as(q));
      expect(JSON.stringify(notes.body.result)).toContain("DIAMONDS_RECEIVED");
      const hist = await h.call("GET", "/diamonds/user/history", { ...as(q), query: { reason: "DONATION" } });
      expect(hist.body.result).toMatchObject({ count: 1, data: [{ delta: 25, reason: "DONATION" }] });
      // The same key for another recipient: refused, nobody credited.
      const r = await signUpConfirmed(h);
      expect((await donate(p, r.id, 25, key)).status).toBe(400);
      expect(await balance(r)).toBe("100");
    });

    it("refuses under 10, fractions, oneself, more than the balance, an unknown player", async () => {
      const [p, q] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      expect((await donate(p, q.id, 9)).body).toMatchObject({ code: "donationMin" });
      expect((await donate(p, q.id, 10.5)).status).toBe(400);
      expect((await donate(p, p.id, 10)).body).toMatchObject({ code: "donationToSelf" });
      expect((await donate(p, q.id, 101)).body).toMatchObject({ code: "notEnoughDiamonds" });
      expect((await donate(p, randomUUID(), 10)).status).toBe(404);
      expect([await balance(p), await balance(q)]).toEqual(["100", "100"]);
    });

    it("two players donating to each other at once neither deadlock nor lose a diamond", async () => {
      const [p, q] = [await signUpConfirmed(h), await signUpConfirmed(h)];
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? donate(p, q.id, 10) : donate(q, p.id, 10))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect([await balance(p), await balance(q)]).toEqual(["100", "100"]);
      for (const u of [p, q]) expect(await ledgerSum(u.id)).toEqual({ sum: 100, balance: 100 });
    });
  });

  it("lets operators edit the packs", async () => {
    const admin = { headers: { "x-admin-token": ADMIN_TOKEN } };
    const added = await h.call("POST", "/admin/packs", {
      ...admin,
      body: { diamonds: 5000, priceCents: 3999, currency: "USD" },
    });
    expect(added.status).toBe(200);
    const id = added.body.result.dPackId as string;
    expect((await h.call("GET", "/diamonds/packs")).body.result.map((p: { dPackId: string }) => p.dPackId)).toContain(
      id,
    );
    await h.call("PUT", `/admin/packs/${id}`, {
      ...admin,
      body: { diamonds: 5000, priceCents: 3999, currency: "USD", active: false },
    });
    expect(
      (await h.call("GET", "/diamonds/packs")).body.result.map((p: { dPackId: string }) => p.dPackId),
    ).not.toContain(id);
    expect(
      (await h.call("POST", "/admin/packs", { body: { diamonds: 1, priceCents: 1, currency: "USD" } })).status,
    ).toBe(401);
  });

  it("lets operators capture orders approved but never captured", async () => {
    const p = await signUpConfirmed(h);
    const { id } = await approvedOrder(p);
    const created = (await buy(p)).body.result.id as string;
    const res = await h.call("POST", "/admin/orders/capture-stuck", {
      headers: { "x-admin-token": ADMIN_TOKEN },
      body: { olderThanMinutes: 0 },
    });
    expect(res.status).toBe(200);
    const ids = res.body.result.map((o: { id: string }) => o.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(created);
    expect(await balance(p)).toBe("650");
  });

  describe("PayPal Orders v2 (a local server answering PayPal's documented shapes)", () => {
    let paypal: FastifyInstance;
    let base = "";
    const orders = new Map<
      string,
      { status: string; requestIds: Set<string>; captureId?: string; approveRel: string }
    >();
    let tokens = 0;
    let nextStatus = "CREATED";

    beforeAll(async () => {
      paypal = Fastify();
      paypal.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_r, body, done) =>
        done(null, body),
      );
      paypal.post("/v1/oauth2/token", async (req, reply) => {
        if (req.headers.authorization !== `Basic ${Buffer.from("cid:secret").toString("base64")}`)
          return reply.code(401).send({ error: "invalid_client", error_description: "Client Authentication failed" });
        tokens++;
        return {
          scope: "https://uri.paypal.com/services/payments",
          access_token: `A21-${tokens}`,
          token_type: "Bearer",
          app_id: "APP-1",
          expires_in: 32400,
          nonce: "n",
        };
      });
      paypal.post<{ Body: { purchase_units: { amount: { value: string } }[] } }>(
        "/v2/checkout/orders",
        async (req, reply) => {
          if (!bearer(req))
            return reply.code(401).send({
              name: "AUTHENTICATION_FAILURE",
              message:
                "Authentication failed due to invalid authentication credentials or a missing Authorization header.",
              details: [],
            });
          expect(req.body.purchase_units[0]!.amount.value).toBe("4.99");
          const id = `5O190127TN${randomUUID().slice(0, 6).toUpperCase()}`;
          const approveRel = nextStatus === "PAYER_ACTION_REQUIRED" ? "payer-action" : "approve";
          orders.set(id, { status: nextStatus, requestIds: new Set(), approveRel });
          return reply.code(201).send({
            id,
            status: nextStatus,
            links: [{ href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, rel: approveRel, method: "GET" }],
          });
        },
      );
      paypal.get<{ Params: { id: string } }>("/v2/checkout/orders/:id", async (req, reply) => {
        const o = orders.get(req.params.id);
        if (!o)
          return reply.code(404).send({
            name: "RESOURCE_NOT_FOUND",
            message: "The specified resource does not exist.",
            details: [{ issue: "INVALID_RESOURCE_ID" }],
          });
        return {
          id: req.params.id,
          status: o.status,
          purchase_units: o.captureId ? [{ payments: { captures: [{ id: o.captureId, status: "COMPLETED" }] } }] : [{}],
        };
      });
      paypal.post<{ Params: { id: string } }>("/v2/checkout/orders/:id/capture", async (req, reply) => {
        const o = orders.get(req.params.id)!;
        const requestId = String(req.headers["paypal-request-id"]);
        if (o.status === "COMPLETED" && o.requestIds.has(requestId))
          return reply.code(201).send({
            id: req.params.id,
            status: "COMPLETED",
            purchase_units: [{ payments: { captures: [{ id: o.captureId, status: "COMPLETED" }] } }],
          });
        if (o.status === "COMPLETED")
          return reply.code(422).send({
            name: "UNPROCESSABLE_ENTITY",
            details: [{ issue: "ORDER_ALREADY_CAPTURED", description: "Order already captured." }],
          });
        if (o.status === "PAYER_ACTION_REQUIRED")
          return reply.code(422).send({ name: "UNPROCESSABLE_ENTITY", details: [{ issue: "PAYER_ACTION_REQUIRED" }] });
        if (o.status !== "APPROVED")
          return reply.code(422).send({
            name: "UNPROCESSABLE_ENTITY",
            details: [
              { issue: "ORDER_NOT_APPROVED", description: "Payer has not yet approved the Order for payment." },
            ],
          });
        o.status = "COMPLETED";
        o.captureId = `3C679366HH${randomUUID().slice(0, 6)}`;
        o.requestIds.add(requestId);
        return reply.code(201).send({
          id: req.params.id,
          status: "COMPLETED",
          purchase_units: [{ payments: { captures: [{ id: o.captureId, status: "COMPLETED" }] } }],
        });
      });
      paypal.post<{ Body: { transmission_sig: string } }>(
        "/v1/notifications/verify-webhook-signature",
        (req, reply) => {
          void reply.send({ verification_status: req.body.transmission_sig === "good" ? "SUCCESS" : "FAILURE" });
        },
      );
      base = await paypal.listen({ host: "127.0.0.1", port: 0 });
    });
    afterAll(async () => paypal?.close());

    const service = () =>
      storeService(
        h.app.deps,
        paypalProvider({ clientId: "cid", clientSecret: "secret", baseUrl: base, webhookId: "WH-ID" }),
      );

    it("creates, refuses before approval, captures once across concurrent captures, reads PayPal's capture", async () => {
      const p = await signUpConfirmed(h);
      const s = service();
      nextStatus = "CREATED";
      const order = await s.purchase(p.id, PACK_550);
      expect(order).toMatchObject({ state: "CREATED", provider: "paypal" });
      expect(order.approveUrl).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=/);
      const paypalId = new URL(order.approveUrl!).searchParams.get("token")!;
      await expect(s.capture(p.id, order.id)).rejects.toMatchObject({ statusCode: 409, code: "paymentNotApproved" });
      orders.get(paypalId)!.status = "APPROVED";
      const all = await Promise.all(Array.from({ length: 5 }, () => s.capture(p.id, paypalId)));
      expect(all.every((o) => o.state === "COMPLETED")).toBe(true);
      expect(await balance(p)).toBe("650");
      expect(tokens).toBe(1);
    });

    it("follows a PAYER_ACTION_REQUIRED order, verifies webhooks through PayPal and ignores a forged or replayed one", async () => {
      const p = await signUpConfirmed(h);
      const s = service();
      nextStatus = "PAYER_ACTION_REQUIRED";
      const order = await s.purchase(p.id, PACK_550);
      expect(order.state).toBe("CREATED");
      expect(order.approveUrl).toContain("checkoutnow");
      expect((await s.order(p.id, order.id)).state).toBe("PAYER_ACTION_REQUIRED");
      await expect(s.capture(p.id, order.id)).rejects.toMatchObject({ code: "paymentNotApproved" });
      const paypalId = new URL(order.approveUrl!).searchParams.get("token")!;
      orders.get(paypalId)!.status = "APPROVED";
      const event = { id: "WH-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: paypalId } };
      const headers = { "paypal-transmission-sig": "bad" };
      expect(await s.provider.verifyWebhook(headers, event)).toBeNull();
      const verified = await s.provider.verifyWebhook({ "paypal-transmission-sig": "good" }, event);
      expect(verified).toEqual({ id: "WH-1", type: "CHECKOUT.ORDER.APPROVED", providerOrderId: paypalId });
      await s.webhook(verified!);
      await s.webhook(verified!);
      expect(await balance(p)).toBe("650");
      expect((await s.order(p.id, order.id)).steps.map((x) => x.state)).toEqual([
        "CREATED",
        "PAYER_ACTION_REQUIRED",
        "APPROVED",
        "COMPLETED",
      ]);
    });

    it("maps PayPal's errors: bad credentials and an unknown order", async () => {
      const p = await signUpConfirmed(h);
      const bad = storeService(
        h.app.deps,
        paypalProvider({ clientId: "cid", clientSecret: "wrong", baseUrl: base, webhookId: undefined }),
      );
      await expect(bad.purchase(p.id, PACK_550)).rejects.toMatchObject({ statusCode: 402, code: "paymentFailed" });
      const [voided] = await rows(h, "SELECT state FROM payment_orders WHERE user_id = $1", [p.id]);
      expect(voided).toEqual({ state: "VOIDED" });
      await expect(service().provider.getOrder("NOPE")).rejects.toMatchObject({ refusal: "notFound" });
    });
  });
});
