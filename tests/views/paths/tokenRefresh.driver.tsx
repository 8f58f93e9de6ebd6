// The tokenRefresh machine's driver: it has no view of its own, so it is played on the real API client
// (src/api/client.ts) under a signed-in player's header and Store screen. Both the header's balance and the Store's
// packs are held; answering one 401 is the call that asks the app's shared refresh (the other, answered 401 while the
// refresh runs or waits, joins it). The refresh call is held too and answered as the path says: new tokens (the
// waiting calls are retried with them), the server refusing the refresh token (the app signs the player out) or no
// answer (the tokens are kept and the refresh is tried again after the backoff, on the fake clock). The answer
// decides the guards (`refused`); how many tries failed before decides `retriesLeft`.
import { act, screen } from "@testing-library/react";
import { expect, vi } from "vitest";
import { REFRESH_RETRY_DELAYS_MS, tokenRefreshMachine } from "../../../machines/tokenRefresh.machine";
import type { PathStep, QaPath } from "../../../scripts/paths";
import { readTokens } from "../../../src/api/tokens";
import { Header } from "../../../src/app/layout/Header";
import { tokenRefreshActor } from "../../../src/runtime/appActor";
import StoreScreen from "../../../src/screens/store/StoreScreen";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { poll } from "./authSupport";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; refreshed: boolean; tries: number };

const REFRESH = "/api/auth/refresh";
const BALANCE = "/api/diamonds/user/balance";
const PACKS = "/api/diamonds/packs";
const BACKOFF = "xstate.after.backoff.tokenRefresh.waiting";
const fresh = { accessToken: "access-2", refreshToken: "refresh-2" };
const packs = [{ dPackId: "p100", diamonds: 100, priceCents: 99, currency: "USD" }];
const page = { data: [], page: 1, pages: 0, count: 0 };

const callsTo = (world: World, path: string) => world.api.calls.filter((c) => c.path === path);
const hasWaiting = (path: QaPath) => path.steps.some((s) => s.state === "waiting");

/** Still signed in: the header shows the player's points and no "Log in". */
async function signedIn() {
  expect(await screen.findByText("Earned points")).toBeTruthy();
  expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
}

/** No refresh has given new tokens: the calls that met the 401 wait, nothing retried, the tokens are the old ones. */
async function stillWaitingFor(world: World) {
  await poll(() => callsTo(world, REFRESH).length).toBe(world.tries);
  expect(
    callsTo(world, REFRESH).every((c) => JSON.stringify(c.body) === JSON.stringify({ refreshToken: "refresh" })),
  ).toBe(true);
  expect(readTokens()).toEqual({ accessToken: "access", refreshToken: "refresh" });
  expect(callsTo(world, BALANCE)).toHaveLength(1);
  expect(screen.queryByTestId("header-balance")).toBeNull();
  await signedIn();
}

export const tokenRefreshDriver: ViewDriver<World> = {
  machine: tokenRefreshMachine,

  async arrange() {
    await signInForTest();
    // The sign-in's own refresh of the live balances settles before the screen asks for them.
    await act(() => new Promise((r) => setTimeout(r, 100)));
    const world: World = { api: null as never, refreshed: false, tries: 0 };
    world.api = heldApi((call) => {
      if (call.path === BALANCE) return world.refreshed ? ok({ balance: "100" }) : "hold";
      if (call.path === PACKS) return world.refreshed ? ok(packs) : "hold";
      if (call.path === REFRESH) return "hold";
      if (call.path === "/api/diamonds/transactions" || call.path === "/api/diamonds/user/history") return ok(page);
      return undefined;
    });
    renderWithApp(
      <>
        <Header />
        <StoreScreen />
      </>,
      { path: "/shop" },
    );
    await vi.waitFor(() => {
      if (callsTo(world, BALANCE).length === 0 || callsTo(world, PACKS).length === 0) throw new Error("no calls yet");
    });
    return world;
  },

  act: {
    // A call answered 401 with the player's tokens still stored: the client asks the app's refresh. The first is the
    // header's balance; a later one (while a refresh runs or waits) the Store's packs.
    async "refresh.request"({ world, index }) {
      if (index === 0) world.tries = 1;
      await world.api.answer(
        "GET",
        index === 0 ? BALANCE : PACKS,
        refusal(401, "unauthorized", "Please sign in again"),
      );
    },
    async "done refresh"({ world }) {
      world.refreshed = true;
      await world.api.answer("POST", REFRESH, ok(fresh));
    },
    async "error refresh"({ world, step }) {
      await world.api.answer(
        "POST",
        REFRESH,
        step.guard === "refused" ? refusal(401, "refreshTokenNotExists", "Refresh token not exists") : "network",
      );
    },
    // The backoff passes on the fake clock (it may already have passed with real time; then nothing is left to run).
    async [BACKOFF]({ world }) {
      const delay = REFRESH_RETRY_DELAYS_MS[world.tries - 1]!;
      world.tries += 1;
      await act(() => vi.advanceTimersByTimeAsync(delay));
    },
  },

  shows: {
    async refreshing({ world }) {
      // One refresh call per try however many calls wait, with the stored refresh token.
      await poll(() => world.api.held.filter((h) => h.call.path === REFRESH).length).toBe(1);
      await stillWaitingFor(world);
    },
    async waiting({ world }) {
      expect(world.api.held.filter((h) => h.call.path === REFRESH)).toEqual([]);
      await stillWaitingFor(world);
    },
    async idle({ world, step }) {
      if (step.event === "done refresh") {
        // The new tokens are stored and the call that met the 401 is sent again: the balance shows.
        await poll(() => screen.queryByTestId("header-balance")?.textContent).toBe("100");
        expect(readTokens()).toEqual(fresh);
        expect(callsTo(world, BALANCE)).toHaveLength(2);
        expect(callsTo(world, REFRESH)).toHaveLength(1);
        await signedIn();
      } else if (step.guard === "refused") {
        // The server refused the refresh token: the tokens are gone and the player is signed out.
        expect(await screen.findByRole("button", { name: "Log in" })).toBeTruthy();
        expect(screen.queryByText("Earned points")).toBeNull();
        expect(readTokens()).toEqual({ accessToken: null, refreshToken: null });
        expect(callsTo(world, BALANCE)).toHaveLength(1);
      } else {
        // Every retry failed to reach the server: the call fails, the tokens are kept and the player stays in.
        await poll(() => callsTo(world, REFRESH).length).toBe(REFRESH_RETRY_DELAYS_MS.length + 1);
        expect(world.api.held.filter((h) => h.call.path === REFRESH)).toEqual([]);
        expect(readTokens()).toEqual({ accessToken: "access", refreshToken: "refresh" });
        expect(callsTo(world, BALANCE)).toHaveLength(1);
        expect(screen.queryByTestId("header-balance")).toBeNull();
        await signedIn();
      }
    },
  },

  fakeClockAt: (path) => (hasWaiting(path) ? Date.now() : null),

  // The generated walks try once: the retries run out only after six failed tries, and the first backoff (1 s) is
  // shorter than a loaded machine may take to show the wait, so a call joins the third, 4 s one (not later: the held
  // call would meet the client's own 10 s timeout on the fake clock first).
  reroute(path, all) {
    const last = path.steps.at(-1)!;
    const retry = all.find((p) => p.steps.at(-1)!.event === BACKOFF)!.steps;
    const [request, failed, backoff] = retry as [PathStep, PathStep, PathStep];
    const tries = (n: number) => Array.from({ length: n }, () => [failed, backoff]).flat();
    if (last.event === "error refresh" && last.otherwise)
      return { ...path, steps: [request, ...tries(REFRESH_RETRY_DELAYS_MS.length), last] };
    if (last.event === "refresh.request" && last.state === "waiting")
      return { ...path, steps: [request, ...tries(2), failed, last] };
    return null;
  },

  // The refresh is the app's, made once: the next path starts with none in flight (a refused one ends it).
  async cleanup(world) {
    while (!tokenRefreshActor.getSnapshot().matches("idle")) {
      if (tokenRefreshActor.getSnapshot().matches("waiting")) await act(() => vi.advanceTimersByTimeAsync(15_000));
      else await world.api.answer("POST", REFRESH, refusal(401, "refreshTokenNotExists", "Refresh token not exists"));
    }
  },
};
