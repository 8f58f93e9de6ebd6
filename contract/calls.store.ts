import * as z from "zod";
import { call } from "./calls";
import { Ok, PathKey } from "./common";
import {
  AdminPack,
  CaptureStuckBody,
  DonationBody,
  DonationResult,
  PackBody,
  PaymentOrder,
  PaymentOrdersPage,
  PurchaseBody,
  SandboxCheckout,
  StorePack,
} from "./store";
import { PageQuery } from "./common";

const NOT_FOUND = { 404: ["notFound"] } as const;
/** An order is named by our id or by the provider's (the checkout's `token` a return URL carries), so not only by a UUID. */
const ORDER_REF = z.object({ id: PathKey });

// Spec section 7 "Diamonds", paths word for word (docs/api.md "Store"); the order list, one order, the
// sandbox checkout and the webhook are additions. A player reads and pays only their own orders.
export const storeCalls = {
  packs: call({ method: "GET", path: "/diamonds/packs", auth: false, result: z.array(StorePack) }),
  /** Creates the order at the provider (CREATED, with the approve link). */
  purchase: call({
    method: "POST",
    path: "/diamonds/transactions/external",
    auth: true,
    body: PurchaseBody,
    result: PaymentOrder,
    errors: { ...NOT_FOUND, 402: ["paymentFailed"] },
  }),
  /** Captures an APPROVED order and credits its pack once; an already COMPLETED order answers as it is. */
  capture: call({
    method: "GET",
    path: "/diamonds/transactions/:id/capture",
    auth: true,
    params: ORDER_REF,
    result: PaymentOrder,
    errors: { ...NOT_FOUND, 402: ["paymentFailed"], 409: ["paymentNotApproved", "paymentVoided"] },
  }),
  /** One order, its state read again from the provider (a reload resumes from it). */
  order: call({
    method: "GET",
    path: "/diamonds/transactions/:id",
    auth: true,
    params: ORDER_REF,
    result: PaymentOrder,
    errors: NOT_FOUND,
  }),
  /** The payer gives up: VOIDED, nothing credited. */
  cancel: call({
    method: "POST",
    path: "/diamonds/transactions/:id/cancel",
    auth: true,
    params: ORDER_REF,
    result: PaymentOrder,
    errors: { ...NOT_FOUND, 409: ["paymentCompleted"] },
  }),
  orders: call({
    method: "GET",
    path: "/diamonds/transactions",
    auth: true,
    query: PageQuery,
    result: PaymentOrdersPage,
  }),
  /** A donation: both sides in one transaction (game rules: at least 10, not to oneself). */
  donate: call({
    method: "POST",
    path: "/diamonds/transactions/internal",
    auth: true,
    body: DonationBody,
    result: DonationResult,
    errors: { 400: ["donationMin"], 402: ["notEnoughDiamonds"], 403: ["donationToSelf"], ...NOT_FOUND },
  }),
  /** The provider's webhook (PayPal: verified through verify-webhook-signature; sandbox: an HMAC header). */
  webhook: call({
    method: "POST",
    path: "/diamonds/webhooks/:provider",
    auth: false,
    body: z.record(z.string(), z.unknown()),
    result: Ok,
    errors: { 400: ["validation"], ...NOT_FOUND },
  }),
} as const;

/** The built-in sandbox provider's checkout (served only when it is the provider): the payer approves, passes 3-D Secure or cancels. */
export const sandboxCalls = {
  checkout: call({
    method: "GET",
    path: "/sandbox/checkout/:token",
    auth: true,
    result: SandboxCheckout,
    errors: NOT_FOUND,
  }),
  approve: call({
    method: "POST",
    path: "/sandbox/checkout/:token/approve",
    auth: true,
    result: SandboxCheckout,
    errors: { ...NOT_FOUND, 409: ["paymentVoided", "paymentCompleted"] },
  }),
  authenticate: call({
    method: "POST",
    path: "/sandbox/checkout/:token/authenticate",
    auth: true,
    result: SandboxCheckout,
    errors: { ...NOT_FOUND, 409: ["paymentNotApproved", "paymentVoided", "paymentCompleted"] },
  }),
  cancel: call({
    method: "POST",
    path: "/sandbox/checkout/:token/cancel",
    auth: true,
    result: SandboxCheckout,
    errors: { ...NOT_FOUND, 409: ["paymentCompleted"] },
  }),
} as const;

/** Operators (the x-admin-token header): the packs on sale. */
export const adminStoreCalls = {
  packs: call({ method: "GET", path: "/admin/packs", auth: false, result: z.array(AdminPack) }),
  addPack: call({ method: "POST", path: "/admin/packs", auth: false, body: PackBody, result: AdminPack }),
  setPack: call({
    method: "PUT",
    path: "/admin/packs/:id",
    auth: false,
    body: PackBody,
    result: AdminPack,
    errors: NOT_FOUND,
  }),
  /** Orders not final after `olderThanMinutes` are read again from the provider and captured when approved (docs/operations.md). */
  captureStuck: call({
    method: "POST",
    path: "/admin/orders/capture-stuck",
    auth: false,
    body: CaptureStuckBody,
    result: z.array(PaymentOrder),
  }),
} as const;
