// The purchase machine's driver for walkInBrowser, with the built-in sandbox payment provider (the
// product's default). A fresh player per path either picks a pack on /shop, or comes back to the Store from the
// sandbox the way its return and cancel links send the payer, with an order the path needs, made through the
// product's API (the order, the payer's steps on the sandbox checkout, the capture). The Store's purchase requests
// are held on their way to the server, so each working state is seen on the Processing modal, and let go by the
// step that answers them, after the server's side changed when the step needs it (the order voided, captured
// meanwhile), or dropped for a network failure. Nothing the server answers is faked.
import type { Browser, Page, Route } from "playwright-core";
import { expect } from "vitest";
import type { PaymentOrder, SandboxCheckout, StorePack } from "../../../contract/store";
import { purchaseMachine } from "../../../machines/purchase.machine";
import type { QaPath } from "../../../scripts/paths";
import { createPlayer, signInContext, type Player } from "../accounts";
import type { Step, UiDriver } from "./walkInBrowser";
import { api } from "../api";

type Call = "create" | "read" | "capture" | "cancel";

export type PurchaseWorld = {
  url: string;
  player: Player;
  /** The order the path comes back to the Store with (made through the API), if any. */
  order: PaymentOrder | null;
  /** The Store's purchase requests held on their way to the server, by call, oldest first. */
  held: Map<Call, Route[]>;
  waiting: Map<Call, ((route: Route) => void)[]>;
  /** What a failure says: the server's refusal of an unknown token, or the network's failure. */
  failure: string;
};

const POLL = { timeout: 15_000 };
const guards = (path: QaPath) => path.steps.map((s) => s.guard);
const has = (path: QaPath, event: string, guard?: string | null, otherwise?: boolean) =>
  path.steps.some(
    (s) =>
      s.event === event &&
      (guard === undefined || s.guard === guard) &&
      (otherwise === undefined || s.otherwise === otherwise),
  );
/** A token no order of this player has (the return link of someone else's order, or a stale one). */
const UNKNOWN_TOKEN = "SBX-0000000000000000";

/** Which of the Store's purchase calls a request is (the order list, `/diamonds/transactions?page=`, is none). */
function callOf(method: string, pathname: string): Call | null {
  const m = /^\/api\/diamonds\/transactions\/([^/]+)(\/capture|\/cancel)?$/.exec(pathname);
  if (!m) return null;
  if (m[1] === "external") return method === "POST" ? "create" : null;
  if (m[2] === "/capture") return "capture";
  if (m[2] === "/cancel") return method === "POST" ? "cancel" : null;
  return method === "GET" ? "read" : null;
}

async function gate(page: Page, w: PurchaseWorld) {
  await page.route(
    (u) => u.pathname.startsWith("/api/diamonds/transactions/"),
    (route) => {
      const call = callOf(route.request().method(), new URL(route.request().url()).pathname);
      if (!call) return route.continue();
      const waiter = w.waiting.get(call)?.shift();
      if (waiter) waiter(route);
      else w.held.set(call, [...(w.held.get(call) ?? []), route]);
    },
  );
}

/** The oldest held request of a call (waits for it to be sent). */
function heldRoute(w: PurchaseWorld, call: Call): Promise<Route> {
  const route = w.held.get(call)?.shift();
  if (route) return Promise.resolve(route);
  return new Promise((resolve) => w.waiting.set(call, [...(w.waiting.get(call) ?? []), resolve]));
}

async function release(w: PurchaseWorld, call: Call, how: "continue" | "abort") {
  const route = await heldRoute(w, call);
  if (how === "continue") await route.continue();
  else await route.abort("failed");
}

const callOfInvoke: Record<string, Call> = {
  createOrder: "create",
  readOrder: "read",
  captureOrder: "capture",
  cancelOrder: "cancel",
};

/** The player's order of the cheapest pack, as far along at the sandbox as the path needs. */
async function arrangeOrder(
  url: string,
  player: Player,
  path: QaPath,
): Promise<{ order: PaymentOrder | null; landing: string }> {
  const cancelled = guards(path)[0] === "returnedCancelled";
  // Refused by the server: the return or cancel link carries a token this player has no order for.
  if (has(path, "error readOrder") || has(path, "error cancelOrder", null, true))
    return { order: null, landing: `/shop?${cancelled ? "state=VOIDED&" : ""}token=${UNKNOWN_TOKEN}` };
  const [pack] = await api<StorePack[]>(url, null, "GET", "/diamonds/packs");
  const order = await api<PaymentOrder>(url, player, "POST", "/diamonds/transactions/external", {
    dPackId: pack!.dPackId,
  });
  const token = new URL(order.approveUrl!).searchParams.get("token")!;
  const sandbox = (step: string) => api<SandboxCheckout>(url, player, "POST", `/sandbox/checkout/${token}/${step}`);
  const g = guards(path);
  if (g.includes("isVoided") || (cancelled && !g.includes("completedOnServer"))) {
    // The payer canceled on the sandbox's page.
    await sandbox("cancel");
  } else if (g.includes("isCompleted")) {
    await sandbox("approve");
    await sandbox("authenticate");
    await api(url, player, "GET", `/diamonds/transactions/${order.id}/capture`);
  } else if (
    g.includes("isApproved") ||
    g.includes("completedOnServer") ||
    (g[0] === "returned" && path.steps.length === 1)
  ) {
    // Paid, with the 3-D Secure step passed.
    await sandbox("approve");
    await sandbox("authenticate");
  } else {
    // Paid, the 3-D Secure step not done yet (PAYER_ACTION_REQUIRED).
    await sandbox("approve");
  }
  const checkout = await api<SandboxCheckout>(url, player, "GET", `/sandbox/checkout/${token}`);
  const link = new URL(cancelled ? checkout.cancelUrl : checkout.returnUrl);
  return { order, landing: `${link.pathname}${link.search}` };
}

const outcome = (page: Page) => page.getByTestId("purchase-outcome");
const processing = (page: Page, text: string) =>
  expect.poll(() => page.getByRole("dialog").filter({ hasText: text }).count(), POLL).toBe(1);
const outcomeSays = (page: Page, text: string) => expect.poll(() => outcome(page).textContent(), POLL).toContain(text);
const noProcessing = (page: Page) => expect.poll(() => page.getByRole("dialog").count(), POLL).toBe(0);

export function purchaseDriver(getUrl: () => string): UiDriver<PurchaseWorld> {
  return {
    machine: purchaseMachine,

    async arrange(browser: Browser, path: QaPath) {
      const url = getUrl();
      const player = await createPlayer(url);
      const fromPack = path.steps[0]!.otherwise;
      const { order, landing } = fromPack ? { order: null, landing: "/shop" } : await arrangeOrder(url, player, path);
      const failure = !fromPack && order === null ? "Not found" : "Something went wrong.";
      const world: PurchaseWorld = { url, player, order, held: new Map(), waiting: new Map(), failure };
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInContext(context, url, player);
      const page = await context.newPage();
      await gate(page, world);
      await page.goto(`${url}${landing}`);
      if (fromPack)
        await expect
          .poll(() => page.getByRole("list", { name: "Diamond packs" }).getByRole("button").count(), {
            timeout: 30_000,
          })
          .toBeGreaterThan(0);
      return { page, world };
    },

    act: {
      // A pack path starts with the player's pick; a return path started when the page opened on the link.
      async always(s: Step<PurchaseWorld>) {
        if (s.index === 0 && s.step.otherwise)
          await s.page.getByRole("list", { name: "Diamond packs" }).getByRole("button").first().click();
      },
      ...Object.fromEntries(
        Object.entries(callOfInvoke).flatMap(([invoke, call]) => [
          [`done ${invoke}`, (s: Step<PurchaseWorld>) => release(s.world, call, "continue")],
          [
            `error ${invoke}`,
            async (s: Step<PurchaseWorld>) => {
              const { world, step } = s;
              // Meanwhile on the server: the payer canceled the order elsewhere, or a webhook captured it.
              if (step.guard === "voidedOnServer")
                await api(world.url, world.player, "POST", `/diamonds/transactions/${world.order!.id}/cancel`);
              if (step.guard === "completedOnServer")
                await api(world.url, world.player, "GET", `/diamonds/transactions/${world.order!.id}/capture`);
              // The payer pays the approved order again in another tab: the card asks for 3-D Secure again.
              if (step.guard === "notApprovedOnServer")
                await api(
                  world.url,
                  world.player,
                  "POST",
                  `/sandbox/checkout/${new URL(world.order!.approveUrl!).searchParams.get("token")}/approve`,
                );
              // Refused by the server for what arrange made (an unknown token), or the network fails.
              const refused = step.guard !== null || (call !== "create" && call !== "capture" && world.order === null);
              await release(world, call, refused ? "continue" : "abort");
            },
          ],
        ]),
      ),
      "purchase.continue": (s) => outcome(s.page).getByRole("button", { name: "Continue payment" }).click(),
      "purchase.cancel": (s) => outcome(s.page).getByRole("button", { name: "Cancel payment" }).click(),
      "purchase.retry": (s) => outcome(s.page).getByRole("button", { name: "Try Again" }).click(),
    },

    shows: {
      "working.starting": null,
      // Passed through at once: the read has answered (the page no longer says it is checking).
      "working.routing": ({ page }) =>
        expect.poll(() => page.getByRole("dialog").filter({ hasText: "Checking your payment…" }).count(), POLL).toBe(0),
      "working.creating": ({ page }) => processing(page, "Creating your order…"),
      "working.resuming": ({ page }) => processing(page, "Checking your payment…"),
      "working.capturing": ({ page }) => processing(page, "Completing your payment…"),
      "working.cancelling": ({ page }) => processing(page, "Canceling your payment…"),
      async approving({ page }) {
        // Off to the sandbox's checkout for this order.
        await page.waitForURL(/\/checkout\/sandbox\?token=SBX-/, { timeout: 30_000 });
        await expect
          .poll(() => page.getByRole("heading", { name: "Sandbox checkout" }).count(), { timeout: 30_000 })
          .toBe(1);
      },
      async payerAction({ page }) {
        await noProcessing(page);
        await outcomeSays(page, "Your payment needs one more step on the payment page (3-D Secure).");
        expect(await outcome(page).getByRole("button", { name: "Continue payment" }).isEnabled()).toBe(true);
      },
      async completed({ page, world }) {
        await noProcessing(page);
        await outcomeSays(page, `${world.order?.diamonds ?? ""} diamonds were added to your balance.`);
      },
      async voided({ page }) {
        await noProcessing(page);
        await outcomeSays(page, "Payment canceled. Nothing was charged and no diamonds were added.");
      },
      async failed({ page, world }) {
        await noProcessing(page);
        await outcomeSays(page, world.failure);
        await expect.poll(() => outcome(page).getByRole("button", { name: "Try Again" }).count(), POLL).toBe(1);
      },
    },

    // After a return from the provider the order to resume is the provider's token the Store was opened with, so
    // `hasOrder` always holds there and Try Again resumes; it creates an order only after a pack's order failed to
    // be created: that walk, then the same Try Again.
    reroute(path, all) {
      const last = path.steps.at(-1)!;
      if (guards(path)[0] !== "returnedCancelled" || last.event !== "purchase.retry" || !last.otherwise) return null;
      const createFailed = all.find((p) => p.steps.at(-1)?.event === "error createOrder");
      return createFailed ? { ...path, steps: [...createFailed.steps, last] } : null;
    },
  };
}
