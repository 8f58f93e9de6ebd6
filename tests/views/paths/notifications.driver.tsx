// The notifications machine's driver: the app's own notifications actor behind the real header's bell and its panel
// (src/app/layout/notifications/NotificationsBell.tsx), with the app's live module on an in-memory socket.io server
// (./shellSupport.tsx) that takes every connect and pushes what the server would, and the stored list held until the
// path's step answers it. The player signs in (the list starts loading) and out from the account menu, opens the
// panel (it marks the unread read), deletes one notice or all. The server pushes a new notice, echoes another tab's
// read or deletes, and drops the connection (the reconnect reads the list again). The bell deletes one notice at a
// time, so the guard `several` is never true from the view.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { Notification } from "../../../contract/notifications";
import { notificationsMachine } from "../../../machines/notifications.machine";
import type { QaPath } from "../../../scripts/paths";
import { ModalHost } from "../../../src/app/ModalHost";
import { Header } from "../../../src/app/layout/Header";
import { authActor } from "../../../src/runtime/appActor";
import { profileFixture } from "../fixtures";
import { renderWithApp } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import { patiently, server } from "./shellSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

/** What the panel lists, newest first: each notice's text and whether it is read. */
type Shown = { id: string; text: string; isRead: boolean };
type World = { api: HeldApi; items: Shown[]; loads: number };

const LIST = "/api/notifications";
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const league = { id: "L1", name: "Tifosi" };
/** Stored before the sign-in. */
const stored: Notification = {
  id: "n1",
  type: "RACE_STARTED",
  value: { raceName: "Gran Premio d'Italia" },
  createdAt: minutesAgo(60),
  isRead: false,
};
/** Pushed by the server while the player is in. */
const pushed: Notification = {
  id: "n2",
  type: "MEMBERSHIP_REQUESTED",
  value: { league, user: { id: "u3", name: "Pecco" } },
  createdAt: minutesAgo(0),
  isRead: false,
};
const texts: Record<string, string> = {
  n1: "Gran Premio d'Italia has started",
  n2: "Pecco asks to join your league Tifosi",
};
const shown = (n: Notification): Shown => ({ id: n.id, text: texts[n.id]!, isRead: n.isRead });

const bell = () => screen.getByRole("button", { name: /^Notifications/ });
const panelOpen = () =>
  screen.queryByRole("button", { name: /^Notifications/ })?.getAttribute("aria-expanded") === "true";
/** Opening the panel marks every unread notice read. */
const openPanel = (world: World) => {
  if (panelOpen()) return;
  world.items = world.items.map((n) => ({ ...n, isRead: true }));
  fireEvent.click(bell());
};
const listed = () =>
  screen.queryAllByTestId("notification").map((li) => li.querySelector("a > span")?.textContent ?? "");
const loadCalls = (world: World) => world.api.calls.filter((c) => c.method === "GET" && c.path === LIST).length;
/** What the app sent about the notifications, over the socket (it is connected, so REST is not used). */
const commands = () => (server.last()?.sent ?? []).filter((c) => c.event !== "subscribe");

/**
 * Answers the stored list's load. A connect reads the list again, so the load the sign-in started may have been
 * superseded by the connect's: every load still held gets the answer, and the machine hears the one it waits for.
 */
async function answerLoads(world: World, response: () => Response) {
  await vi.waitFor(() => expect(bell().getAttribute("data-live")).toBe("connected"), patiently);
  await act(() => new Promise((r) => setTimeout(r, 20)));
  const held = world.api.held.filter((h) => h.call.method === "GET" && h.call.path === LIST);
  expect(held.length).toBeGreaterThan(0);
  for (const _ of held) await world.api.answer("GET", LIST, response());
}

async function pushFromServer(event: string, payload?: unknown) {
  await vi.waitFor(() => expect(server.last()?.connected).toBe(true), patiently);
  await server.last()!.push(event, payload);
}

/** The bell's name (its unread count), and the panel's list when it is open. */
async function showsList(world: World) {
  const unread = world.items.filter((n) => !n.isRead).length;
  await expect
    .poll(() => bell().getAttribute("aria-label"), patiently)
    .toBe(unread ? `Notifications, unread: ${unread}` : "Notifications");
  if (panelOpen() && world.items.length > 0)
    await expect.poll(listed, patiently).toEqual(world.items.map((n) => n.text));
}

export const notificationsDriver: ViewDriver<World> = {
  machine: notificationsMachine,

  async arrange() {
    server.reset();
    const world: World = { api: null as never, items: [], loads: 0 };
    world.api = heldApi((call) => {
      if (call.method === "GET" && call.path === LIST) return "hold";
      if (call.path === "/api/diamonds/user/balance") return ok({ balance: "100" });
      return undefined;
    });
    renderWithApp(
      <>
        <Header />
        <ModalHost />
      </>,
    );
    await screen.findByRole("button", { name: "Log in" });
    return world;
  },

  act: {
    // The player signs in as the social sign-in's hand-over does it (the app sends it from the returning link).
    async "notifications.start"() {
      authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
      await screen.findByRole("button", { name: /^Notifications/ });
    },
    async "notifications.stop"() {
      fireEvent.click(screen.getByRole("button", { name: `Account menu for ${profileFixture.name}` }));
      fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
      fireEvent.click(await screen.findByRole("button", { name: "Yes I'm sure" }));
    },
    // The connection drops; the app connects again after its backoff, and a connect reads the list again.
    async "notifications.reload"({ world }) {
      await vi.waitFor(() => expect(server.last()?.connected).toBe(true), patiently);
      world.loads = loadCalls(world);
      await server.last()!.drop("transport close");
    },
    async "notifications.received"({ world }) {
      world.items.unshift(shown(pushed));
      await pushFromServer("notifications", [pushed]);
    },
    "notifications.read": ({ world }) => openPanel(world),
    "notifications.delete": ({ world }) => {
      openPanel(world);
      fireEvent.click(screen.getByRole("button", { name: `Delete: ${texts.n2}` }));
      world.items = world.items.filter((n) => n.id !== "n2");
    },
    "notifications.deleteAll": ({ world }) => {
      openPanel(world);
      fireEvent.click(screen.getByRole("button", { name: "Delete all" }));
      world.items = [];
    },
    // Another tab read or deleted: the server echoes it.
    async "notifications.remote.read"({ world }) {
      world.items = world.items.map((n) => (n.id === "n2" ? { ...n, isRead: true } : n));
      await pushFromServer("read-notification", { ids: ["n2"] });
    },
    async "notifications.remote.deleted"({ world }) {
      world.items = world.items.filter((n) => n.id !== "n2");
      await pushFromServer("delete-notification", { ids: ["n2"] });
    },
    async "notifications.remote.deletedAll"({ world }) {
      world.items = [];
      await pushFromServer("delete-all-notification");
    },
    async "done load"({ world }) {
      // Anything pushed meanwhile is newer than the stored notice.
      world.items = [...world.items, shown(stored)];
      await answerLoads(world, () => ok([stored]));
    },
    async "error load"({ world }) {
      await answerLoads(world, () => refusal(500, "somethingWentWrong", "Something went wrong."));
    },
  },

  shows: {
    async signedOut() {
      expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: /^Notifications/ })).toBeNull();
      expect(server.last()?.closed).toBe(true);
    },
    async "active.loading"({ world, step }: Step<World>) {
      if (step.event === "notifications.start") {
        await vi.waitFor(() => expect(loadCalls(world)).toBeGreaterThan(0), patiently);
        openPanel(world);
        expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading…");
        fireEvent.click(bell());
      }
      if (step.event === "notifications.reload") {
        await vi.waitFor(() => expect(server.last()?.connected).toBe(true), patiently);
        await vi.waitFor(() => expect(loadCalls(world)).toBe(world.loads + 1), patiently);
        expect(server.sockets.filter((s) => s.closed)).toHaveLength(server.sockets.length - 1);
      }
      await showsList(world);
      if (step.event === "notifications.read") {
        await expect.poll(commands, patiently).toEqual([{ event: "read-notification", payload: { ids: ["n2"] } }]);
        // Read at the opening, still marked new until the panel closes.
        expect(within(screen.getByTestId("notification")).getByText("New")).toBeTruthy();
      }
      if (step.event === "notifications.delete")
        await expect
          .poll(() => commands().at(-1), patiently)
          .toEqual({ event: "delete-notification", payload: { ids: ["n2"] } });
      if (step.event === "notifications.deleteAll")
        await expect
          .poll(() => commands().at(-1), patiently)
          .toEqual({ event: "delete-all-notification", payload: {} });
      if (step.event === "notifications.deleteAll" || step.event === "notifications.remote.deletedAll") {
        openPanel(world);
        // Emptied while the stored list still loads: the panel waits for it rather than say it is empty.
        expect(await screen.findByRole("status")).toHaveProperty("textContent", "Loading…");
        expect(screen.queryByTestId("notification")).toBeNull();
        expect(screen.getByRole<HTMLButtonElement>("button", { name: "Delete all" }).disabled).toBe(true);
      }
      if (step.event === "notifications.delete" || step.event === "notifications.remote.deleted") {
        openPanel(world);
        expect(screen.queryByText(texts.n2!)).toBeNull();
      }
    },
    async "active.ready"({ world }) {
      await showsList(world);
      openPanel(world);
      await expect.poll(listed, patiently).toEqual(world.items.map((n) => n.text));
    },
    async "active.failed"({ world }) {
      openPanel(world);
      const alert = await screen.findByRole("alert");
      expect(alert.textContent).toContain("Could not load your notifications.");
      expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
    },
  },

  unplayable(path) {
    const last = path.steps.at(-1)!;
    return last.event === "notifications.delete" && last.guard === "several"
      ? "the bell deletes one notice at a time (its ✕); no view sends several ids, Delete all is its own event"
      : null;
  },

  // A push while the list loads is the loading state's own (it is kept to merge into the stored list): the list-wide
  // one is played once the list is in. The player's and the other tab's changes need a notice to act on: one is
  // pushed while the list loads.
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    const pushedWhileLoading = all.find(
      (p) => p.steps.length === 2 && p.steps[1]!.event === "notifications.received" && fromLoading(p.steps[1]!),
    )!;
    if (last.event === "notifications.received" && !fromLoading(last)) {
      const loaded = all.find((p) => p.steps.length === 2 && p.steps[1]!.event === "done load")!;
      return { ...path, steps: [...loaded.steps, { ...last, state: "active.ready" }] };
    }
    const needsOne = [
      "notifications.read",
      "notifications.delete",
      "notifications.deleteAll",
      "notifications.remote.read",
      "notifications.remote.deleted",
      "notifications.remote.deletedAll",
    ];
    return needsOne.includes(last.event) ? { ...path, steps: [...pushedWhileLoading.steps, last] } : null;
  },
};

const fromLoading = (step: QaPath["steps"][number]) => step.transition.source.key === "loading";
