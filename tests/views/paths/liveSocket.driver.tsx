// The liveSocket machine's driver: the app's own live channel (the `liveSocket` actor with src/api/live.ts) against an
// in-memory socket.io server (./shellSupport.tsx) that the path plays, under the real header, whose bell carries the
// channel's state (`data-live`: connecting, connected or reconnecting). The player signs in (the channel opens with the
// stored access token) and out from the account menu. The server takes, fails or refuses a connect, closes a
// connection or loses it; the token refresh the channel asks for (or a call's 401 asks for) is held until the path's
// step answers it; the fake clock runs out a connect's 20 s, a retry's backoff and the refresh's own retries. What
// the socket is asked (its token, the subscribe, the disconnect) and what the player sees decide each state; the
// server's close reason decides the disconnect's guard.
import { act, fireEvent, screen } from "@testing-library/react";
import { expect, vi } from "vitest";
import { LIVE_NAMESPACE, LIVE_RECONNECT } from "../../../contract/live";
import { liveSocketMachine } from "../../../machines/liveSocket.machine";
import { REFRESH_RETRY_DELAYS_MS } from "../../../machines/tokenRefresh.machine";
import type { QaPath } from "../../../scripts/paths";
import { ModalHost } from "../../../src/app/ModalHost";
import { Header } from "../../../src/app/layout/Header";
import { authActor } from "../../../src/runtime/appActor";
import { profileFixture } from "../fixtures";
import { renderWithApp } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import { patiently, server } from "./shellSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

/** `token`: the access token the channel must connect with now. */
type World = { api: HeldApi; token: string; holdLoad: boolean };

const LIST = "/api/notifications";
const REFRESH = "/api/auth/refresh";
const FRESH = { accessToken: "access-2", refreshToken: "refresh-2" };
/** The longest first retry: 1000 ms moved by up to half of itself. */
const FIRST_RETRY_MAX = LIVE_RECONNECT.delayMs * (1 + LIVE_RECONNECT.jitter);

const live = () => screen.getByRole("button", { name: /^Notifications/ }).getAttribute("data-live");
const last = () => server.last()!;
const refreshCalls = (world: World) => world.api.calls.filter((c) => c.path === REFRESH).length;

/** The connection the app has open now (every older one disconnected), with the options the spec asks for. */
async function connectsWith(token: string) {
  await vi.waitFor(() => expect(server.last()?.options.auth?.token).toBe(token), patiently);
  expect(last().closed).toBe(false);
  expect(last().url).toBe(LIVE_NAMESPACE);
  expect(last().options).toMatchObject({ transports: ["websocket"], reconnection: false });
  expect(server.sockets.slice(0, -1).every((s) => s.closed)).toBe(true);
}

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

export const liveSocketDriver: ViewDriver<World> = {
  machine: liveSocketMachine,

  async arrange(path) {
    // Every connect waits for the path's answer.
    server.reset(false);
    const world: World = { api: null as never, token: "access", holdLoad: false };
    // The refresh a call's 401 asks for: the notifications' first load is refused with the old token.
    world.holdLoad = path.steps.some((s) => s.event === "live.tokenRefreshed" && s.transition.source.key === "active");
    world.api = heldApi((call) => {
      if (call.path === REFRESH) return "hold";
      if (call.path === LIST && call.method === "GET") return world.holdLoad ? "hold" : ok([]);
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
    async "live.signedIn"() {
      authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
      await screen.findByRole("button", { name: /^Notifications/ });
    },
    async "live.signedOut"() {
      fireEvent.click(screen.getByRole("button", { name: `Account menu for ${profileFixture.name}` }));
      fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
      fireEvent.click(await screen.findByRole("button", { name: "Yes I'm sure" }));
    },
    async "live.tokenRefreshed"({ world, step }) {
      world.token = FRESH.accessToken;
      if (step.transition.source.key === "active") {
        // The access token expired: a call is refused, the app refreshes the tokens and the channel follows.
        world.holdLoad = false;
        await world.api.answer("GET", LIST, refusal(401, "unauthorized", "Unauthorized"));
      }
      // The channel's own refresh (or the call's) is answered; the channel hears the new token either way.
      await world.api.answer("POST", REFRESH, ok(FRESH));
    },
    "socket.connected": () => last().accept(),
    "socket.failed": () => last().fail(),
    "socket.rejected": () => last().refuse(),
    "socket.disconnected": ({ step }) => last().drop(step.otherwise ? "transport close" : "io server disconnect"),
    "xstate.after.connectTimeout.liveSocket.active.connecting": () => advance(LIVE_RECONNECT.timeoutMs),
    "xstate.after.retry.liveSocket.active.reconnecting": () => advance(FIRST_RETRY_MAX),
    "done refresh": async ({ world }) => {
      world.token = FRESH.accessToken;
      await world.api.answer("POST", REFRESH, ok(FRESH));
    },
    // The server cannot be reached: the refresh is tried again after each backoff, then given up with the tokens
    // kept. (A refused refresh token ends the session instead, and the channel closes with it.)
    "error refresh": async ({ world }) => {
      for (const wait of [...REFRESH_RETRY_DELAYS_MS, 0]) {
        await world.api.answer("POST", REFRESH, "network");
        if (wait) await advance(wait);
      }
    },
  },

  shows: {
    async signedOut() {
      expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
      expect(screen.queryByRole("button", { name: /^Notifications/ })).toBeNull();
      expect(server.sockets.every((s) => s.closed)).toBe(true);
    },
    async "active.connecting"({ world }: Step<World>) {
      await connectsWith(world.token);
      await expect.poll(live, patiently).toBe("connecting");
    },
    async "active.connected"({ world }) {
      await expect.poll(live, patiently).toBe("connected");
      expect(last().sent).toContainEqual({ event: "subscribe", payload: profileFixture.id });
      // A connect reads again what the channel keeps current: pushes may have been missed meanwhile.
      await vi.waitFor(
        () => expect(world.api.calls.filter((c) => c.path === LIST).length).toBeGreaterThan(1),
        patiently,
      );
    },
    async "active.reconnecting"({ world, step }) {
      await expect.poll(live, patiently).toBe("reconnecting");
      expect(last().closed).toBe(true);
      if (step.event === "error refresh") expect(refreshCalls(world)).toBe(REFRESH_RETRY_DELAYS_MS.length + 1);
    },
    async "active.refreshing"({ world, step }) {
      if (step.event === "live.tokenRefreshed") {
        // The token refreshed meanwhile is the one the next connect uses.
        await connectsWith(world.token);
        return;
      }
      await expect.poll(live, patiently).toBe("reconnecting");
      expect(last().closed).toBe(true);
      await vi.waitFor(() => expect(refreshCalls(world)).toBe(1), patiently);
    },
  },

  unplayable(path) {
    const [, second] = path.steps;
    return path.steps.length === 2 && second!.event === "live.signedIn"
      ? "a signed-in player changes only through a sign-out: the session takes no sign-in while one is in, so the app never hands an open channel a second player"
      : null;
  },

  // A refresh left held would keep the app's shared refresh busy for the next path: it is refused, as a server
  // does with a session it ends.
  async cleanup(world) {
    while (world.api.held.some((h) => h.call.path === REFRESH))
      await world.api.answer("POST", REFRESH, refusal(401, "unauthorized", "Unauthorized"));
  },

  fakeClockAt: (path: QaPath) =>
    path.steps.some((s) => s.event.startsWith("xstate.after.") || s.event === "error refresh") ? Date.now() : null,
};
