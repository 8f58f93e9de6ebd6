// The store machine's driver: the real Store screen (/shop) and its owner (`storeActor`,
// src/features/store/storeActor.ts) with the modal host. The owner starts a purchase for a pack the player buys or
// for the payment provider's return link (its token in the address); the purchase's first call is held, so the
// Processing modal is seen, and failed by the network when the path needs the purchase to stop working (a new pack
// or return is taken only then, and the outcome's Close dismisses it).
import { fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { storeMachine } from "../../../machines/store.machine";
import { ModalHost } from "../../../src/app/ModalHost";
import { storeActor } from "../../../src/features/store/storeActor";
import StoreScreen from "../../../src/screens/store/StoreScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; navigate: (to: string) => void; working: "create" | "read" | null };

const packs = [
  { dPackId: "p100", diamonds: 100, priceCents: 99, currency: "USD" },
  { dPackId: "p2500", diamonds: 2500, priceCents: 1999, currency: "USD" },
];
const page = { data: [], page: 1, pages: 0, count: 0 };
const CREATE = "/api/diamonds/transactions/external";
const READ = /^\/api\/diamonds\/transactions\/SBX-\d$/;

/** The purchase at work stops: its held call fails as the network does (the outcome: Try Again and Close). */
async function stopWorking(world: World) {
  if (world.working === "create") await world.api.answer("POST", CREATE, "network");
  if (world.working === "read") await world.api.answer("GET", READ, "network");
  world.working = null;
  await screen.findByTestId("purchase-outcome");
}

const processing = (text: string) =>
  expect.poll(() => screen.queryAllByRole("dialog").some((d) => d.textContent?.includes(text))).toBe(true);

export const storeDriver: ViewDriver<World> = {
  machine: storeMachine,

  async arrange() {
    await signInForTest();
    const api = heldApi((call) => {
      if (call.path === "/api/diamonds/packs") return ok(packs);
      if (call.path === "/api/diamonds/transactions" && call.method === "GET") return ok(page);
      if (call.path === "/api/diamonds/user/history") return ok(page);
      if (call.path === "/api/diamonds/user/balance") return ok({ balance: "100" });
      if ((call.path === CREATE && call.method === "POST") || (READ.test(call.path) && call.method === "GET"))
        return "hold";
      return undefined;
    });
    const { memory } = renderWithApp(
      <>
        <StoreScreen />
        <ModalHost />
      </>,
      { path: "/shop" },
    );
    await screen.findByRole("list", { name: "Diamond packs" });
    return { api, navigate: (to) => memory.navigate(to), working: null };
  },

  act: {
    async "store.buy"({ world, index }: Step<World>) {
      if (index > 0) await stopWorking(world);
      const list = screen.getByRole("list", { name: "Diamond packs" });
      fireEvent.click(
        within(list).getByRole("button", {
          name: index > 0 ? "Buy 2,500 diamonds for $19.99" : "Buy 100 diamonds for $0.99",
        }),
      );
      world.working = "create";
    },
    // Back from the provider's page: its return link, with the order's token, opened in this tab.
    async "store.return"({ world, index }) {
      if (index > 0) await stopWorking(world);
      world.navigate(`/shop?token=SBX-${index + 1}`);
      world.working = "read";
    },
    async "store.dismiss"({ world }) {
      await stopWorking(world);
      fireEvent.click(within(screen.getByTestId("purchase-outcome")).getByRole("button", { name: "Close" }));
    },
  },

  shows: {
    async buying({ world }) {
      await processing(world.working === "create" ? "Creating your order…" : "Checking your payment…");
      expect(screen.queryByTestId("purchase-outcome")).toBeNull();
    },
    async idle() {
      await expect.poll(() => screen.queryByTestId("purchase-outcome")).toBeNull();
      expect(screen.queryByRole("dialog")).toBeNull();
      const buy = within(screen.getByRole("list", { name: "Diamond packs" })).getAllByRole<HTMLButtonElement>("button");
      expect(buy.map((b) => b.disabled)).toEqual([false, false]);
    },
  },

  // The owner is the app's, made once: the next path starts with no purchase.
  cleanup: () => void storeActor.send({ type: "store.dismiss" }),
};
