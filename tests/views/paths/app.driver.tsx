// The app machine's driver: the app's root actor itself, on a fresh app per path (./appSupport.tsx): the header, the
// runtime's chunk and modal host once the first screen has painted, the router bridge, and the live socket replaced by
// the in-memory one. Before the runtime arrives the session is a stored one being restored (its calls held), so the
// server's answers make what the app hears: the loading sweep, a refresh, a refused session, a 418, the live channel,
// the first notifications; a guest opening Bets is sent home. Once it has arrived the page is a landing link (e-mail
// confirmation, recovery, the social provider's window), or a guest who signs in through the provider's window (new
// or returning, with a remembered page, or one who must change their password), or a signed-in player who signs out
// or hears of new results and an injured rider. What the app shows, where it goes and the calls it makes are the
// states; the page views the network receives tell a wired app (analytics runs) from a deferred one.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import { Route } from "wouter";
import type { Notification } from "../../../contract/notifications";
import type { Profile } from "../../../contract/users";
import { appMachine } from "../../../machines/app.machine";
import type { QaPath } from "../../../scripts/paths";
import { live, push } from "../liveMock";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import { freshApp, pageViews, poll, profileWith, PROFILE, SETTINGS, storeSession, type FreshApp } from "./appSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  app: FreshApp;
  /** Where the page was opened. */
  start: string;
  profile: Profile;
  notices: Notification[];
  /** The next profile call waits for the step that answers it. */
  holdProfile: boolean;
  /** The header's balance call finds the access token refused. */
  balanceRefused: boolean;
  close: ReturnType<typeof vi.spyOn> | null;
};

const REFRESH = "/api/auth/refresh";
const CONFIRM = "/api/auth/sign-up/confirm";
const NOTICES = "/api/notifications";
const BALANCE = "/api/diamonds/user/balance";
const INVALID = "This link is invalid or has expired";
const unauthorized = () => refusal(401, "unauthorized", "Unauthorized");

const notice = (id: string, type: string): Notification => ({
  id,
  type,
  value: { riderId: "r1", riderName: "Luca Ferri", raceName: "Czech Grand Prix", refunded: 30 },
  createdAt: "2026-06-01T09:00:00.000Z",
  isRead: false,
});

const events = (path: QaPath) => path.steps.map((s) => s.event);
const ends = (path: QaPath, event: string) => path.steps.at(-1)!.event === event;
const wired = (path: QaPath) => events(path).includes("app.runtime.arrived");
/** A signed-in player's page, restored at once before the runtime arrives. */
const signedInFirst = (path: QaPath) =>
  ["app.signedOut", "app.results.published", "app.injuries.reported"].some((e) => ends(path, e));

/** The landing link a path opens the page with. */
function landing(path: QaPath): string {
  if (ends(path, "app.link.confirm")) return "token=abc123";
  if (ends(path, "app.confirmation.failed")) return "token=dead";
  if (ends(path, "app.link.recovery")) return "state=recovery&email=marco%40example.com";
  if (ends(path, "app.link.social")) return "accessToken=a1&refreshToken=r1&isNew=true";
  return "";
}

const here = (world: World) => world.app.location() ?? "";
const settle = () => act(() => new Promise((r) => setTimeout(r, 100)));
const modalTop = (world: World) => world.app.modalActor.getSnapshot().context.stack.at(-1);

/** The provider's window hands the tokens of a social sign-in over, through storage (what the browser tells this tab). */
function handOver(isNew: boolean) {
  const value = JSON.stringify({ accessToken: "a2", refreshToken: "r2", isNew });
  localStorage.setItem("social", value);
  act(() => {
    window.dispatchEvent(new StorageEvent("storage", { key: "social", newValue: value }));
  });
}

/** A guarded screen (src/app/routes.tsx wraps them so): Bets, for the guest who opens it. */
async function guardedBets() {
  const { RequireAuth } = await import("../../../src/app/RequireAuth");
  return function Bets() {
    return (
      <Route path="/bets">
        <RequireAuth>
          <p>Bets</p>
        </RequireAuth>
      </Route>
    );
  };
}

export const appDriver: ViewDriver<World> = {
  machine: appMachine,

  async arrange(path) {
    const search = landing(path);
    const remembers = ends(path, "app.redirect.remember");
    // A page before this one kept a session, restored as this one loads (off the landing, so going home is seen).
    const restored = wired(path) ? signedInFirst(path) : !remembers;
    const world: World = {
      api: null as never,
      app: null as never,
      start: restored ? "/leagues" : "/",
      profile: profileWith(),
      notices: [],
      holdProfile: !wired(path),
      balanceRefused: events(path).at(-1) === "app.session.changed" && path.steps.at(-1)!.otherwise,
      close: null,
    };
    world.api = heldApi((call) => {
      if (call.path === PROFILE && call.method === "GET") {
        if (!world.holdProfile) return ok(world.profile);
        world.holdProfile = false;
        return "hold";
      }
      if (call.path === REFRESH || call.path === CONFIRM) return "hold";
      if (call.path === SETTINGS && call.method === "GET") return ok({ optedOut: false });
      if (call.path === NOTICES && call.method === "GET") return ok(world.notices);
      if (call.path === BALANCE) return world.balanceRefused ? unauthorized() : ok({ balance: "50" });
      return undefined;
    });
    if (restored) storeSession();
    // A guarded page opened earlier, to go to after the sign-in.
    if (ends(path, "app.signedIn") && path.steps.at(-1)!.otherwise) localStorage.setItem("redirectTo", "/bets");
    // The provider's window closes itself once it has handed the tokens over.
    if (search.startsWith("accessToken")) world.close = vi.spyOn(window, "close").mockImplementation(() => {});
    world.app = await freshApp({ path: world.start, search, page: remembers ? guardedBets : undefined });
    if (signedInFirst(path)) await screen.findByRole("button", { name: "Account menu for Marco Rossi" });
    if (ends(path, "app.results.published") || ends(path, "app.injuries.reported"))
      await poll(() => live.listeners.get("notifications")?.size ?? 0).toBeGreaterThan(0);
    return world;
  },

  act: {
    // The restored session's calls, answered by the server.
    async "app.request.started"({ world }) {
      await world.api.answer("GET", PROFILE, unauthorized());
    },
    async "app.request.finished"({ world }) {
      await world.api.answer("GET", PROFILE, ok(world.profile));
    },
    async "app.error"({ world }) {
      await world.api.answer("GET", PROFILE, unauthorized());
      await world.api.answer("POST", REFRESH, refusal(401, "refreshTokenNotExists", "Session expired"));
    },
    async "app.raceStarted"({ world }) {
      await world.api.answer("GET", PROFILE, refusal(418, "raceStarted", "Race has already started"));
    },
    async "app.token.refreshed"({ world }) {
      await world.api.answer("GET", PROFILE, unauthorized());
      await world.api.answer("POST", REFRESH, ok({ accessToken: "fresh", refreshToken: "r2" }));
    },
    async "app.session.changed"({ world, step }) {
      await world.api.answer("GET", PROFILE, ok(world.profile));
      // Signed in, then the header's balance call finds the token refused and the refresh is refused too.
      if (step.otherwise)
        await world.api.answer("POST", REFRESH, refusal(401, "refreshTokenNotExists", "Session expired"));
    },
    async "app.live.connected"({ world }) {
      await world.api.answer("GET", PROFILE, ok(world.profile));
    },
    async "app.notices.firstLoad"({ world }) {
      world.notices = [notice("n1", "LEAGUE_INVITATION")];
      await world.api.answer("GET", PROFILE, ok(world.profile));
    },
    // A guest follows the header's Bets link.
    "app.redirect.remember": () => fireEvent.click(screen.getAllByRole("link", { name: "Bets" })[0]!),
    // The first screen has painted: the runtime's chunk arrives.
    "app.runtime.arrived": ({ world }) => world.app.arrive(),
    async "app.confirmation.failed"({ world }) {
      await world.api.answer("POST", CONFIRM, refusal(400, "invalidToken", INVALID));
    },
    "app.social.received": () => handOver(false),
    "app.signedIn": ({ step }) => handOver(step.guard === "newPlayer"),
    "app.password.mustChange": ({ world }) => {
      world.profile = profileWith({ mustChangePassword: true });
      handOver(false);
    },
    async "app.signedOut"() {
      fireEvent.click(screen.getByRole("button", { name: "Account menu for Marco Rossi" }));
      fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
      const ask = await screen.findByRole("dialog");
      fireEvent.click(await within(ask).findByRole("button", { name: "Yes I'm sure" }));
    },
    // The server's pushes on the live channel.
    async "app.results.published"({ world }) {
      world.profile = profileWith({ stat: { ...world.profile.stat, points: 140 } });
      await push("notifications", [notice("n2", "RESULTS_PUBLISHED")]);
    },
    async "app.injuries.reported"() {
      await push("notifications", [notice("n3", "INJURED_RIDER_BOTH")]);
    },
  },

  // The landing's links are read from the address as the runtime arrives.
  sentWithStepBefore: ["app.link.confirm", "app.link.recovery", "app.link.social"],

  shows: {
    async "running.deferred"(s: Step<World>) {
      const { world, step } = s;
      await settle();
      // Nothing answers yet: no page view (analytics waits for the runtime), no navigation, no modal host.
      expect(pageViews(world.api.calls)).toEqual([]);
      expect(screen.queryByRole("dialog")).toBeNull();
      if (step.event !== "app.redirect.remember") expect(here(world)).toBe(world.start);
      await deferredShows[step.event]?.(s);
    },
    async "running.wired"(s: Step<World>) {
      const { world, step } = s;
      // The analytics child runs: the page shown is counted.
      await poll(() => pageViews(world.api.calls).at(-1)).toBe(here(world).split("?")[0]);
      await wiredShows[step.event]?.(s);
    },
  },

  unplayable(path) {
    if (ends(path, "app.error.clear"))
      return "nothing in the app sends it: the last error is only ever replaced by the next one";
    if (ends(path, "app.redirect.clear"))
      return "nothing in the app sends it: the remembered page is forgotten by the sign-in that uses it";
    return null;
  },

  cleanup(world) {
    world.app.stop();
    world.close?.mockRestore();
  },
};

const sweep = () => screen.queryByTestId("global-loading");
const logIn = () => screen.findByRole("button", { name: "Log in" });

/** What each event leaves on the page before the runtime has arrived. */
const deferredShows: Record<string, (s: Step<World>) => Promise<void>> = {
  // The refresh the refused profile call asked for is in flight: the header's loading sweep runs.
  async "app.request.started"() {
    await poll(sweep).not.toBeNull();
  },
  async "app.request.finished"() {
    expect(await screen.findByRole("button", { name: "Account menu for Marco Rossi" })).toBeTruthy();
    await poll(sweep).toBeNull();
  },
  async "app.error"() {
    expect(await logIn()).toBeTruthy();
    expect(sessionStorage.getItem("accessToken")).toBeNull();
  },
  // The race-started modal, without a close button, waits for the host the runtime brings.
  async "app.raceStarted"({ world }) {
    expect(modalTop(world)).toMatchObject({ kind: "ImageAndTitle", props: { textKey: "raceStarted" } });
    expect(modalTop(world)?.options.showClose).toBe(false);
  },
  // Sent home with the sign-in asked for; the page is remembered for after it.
  async "app.redirect.remember"({ world }) {
    expect(here(world)).toBe("/");
    expect(localStorage.getItem("redirectTo")).toBe("/bets");
    expect(modalTop(world)?.kind).toBe("SignIn");
  },
  async "app.session.changed"({ world, step }) {
    if (step.otherwise) {
      expect(await logIn()).toBeTruthy();
      await poll(() => world.app.liveSocketActor.getSnapshot().hasTag("signedOut")).toBe(true);
    } else {
      expect(await screen.findByRole("button", { name: "Account menu for Marco Rossi" })).toBeTruthy();
      expect(live.opened.at(-1)).toBe("access");
      await poll(() => world.api.calls.some((c) => c.path === NOTICES)).toBe(true);
    }
  },
  async "app.token.refreshed"() {
    await poll(() => sessionStorage.getItem("accessToken")).toBe("fresh");
    expect(await screen.findByRole("button", { name: "Account menu for Marco Rossi" })).toBeTruthy();
  },
  // The bell shows the live channel up; what came while it was down is read again.
  async "app.live.connected"({ world }) {
    await poll(() => screen.queryByRole("button", { name: "Notifications" })?.getAttribute("data-live")).toBe(
      "connected",
    );
    await poll(() => world.api.calls.filter((c) => c.path === NOTICES).length).toBeGreaterThan(1);
  },
  async "app.notices.firstLoad"() {
    expect(await screen.findByRole("button", { name: "Notifications, unread: 1" })).toBeTruthy();
  },
};

/** What each event leaves on the page once the runtime has arrived. */
const wiredShows: Record<string, (s: Step<World>) => Promise<void>> = {
  async "app.link.confirm"({ world }) {
    expect(here(world)).toBe("/");
    await poll(() => world.api.calls.find((c) => c.path === CONFIRM)?.body).toEqual({ token: "abc123" });
  },
  async "app.link.recovery"({ world }) {
    const dialog = await screen.findByRole("dialog", { name: "Password recovery" });
    expect(within(dialog).getByDisplayValue("marco@example.com")).toBeTruthy();
    expect(here(world)).toBe("/");
  },
  async "app.link.social"({ world }) {
    expect(JSON.parse(localStorage.getItem("social") ?? "null")).toEqual({
      accessToken: "a1",
      refreshToken: "r1",
      isNew: true,
    });
    expect(world.close).toHaveBeenCalled();
  },
  // Signed in with the tokens handed over: the profile is read and the player goes on to predictions.
  async "app.social.received"({ world }) {
    expect(await screen.findByRole("button", { name: "Account menu for Marco Rossi" })).toBeTruthy();
    expect(world.api.calls.filter((c) => c.path === PROFILE)).toHaveLength(1);
    await poll(() => here(world)).toBe("/predictions");
  },
  async "app.confirmation.failed"() {
    const dialog = await screen.findByRole("dialog");
    expect(await within(dialog).findByText(INVALID)).toBeTruthy();
  },
  async "app.signedIn"({ world, step }) {
    if (step.guard === "newPlayer") {
      expect(await screen.findByRole("dialog", { name: "Welcome to the paddock!" })).toBeTruthy();
      expect(here(world)).toBe("/predictions");
    } else {
      // The page remembered before is the one to go to, once.
      await poll(() => here(world)).toBe("/bets");
      expect(localStorage.getItem("redirectTo")).toBeNull();
      await settle();
      expect(screen.queryByRole("dialog")).toBeNull();
    }
  },
  async "app.signedOut"({ world }) {
    expect(await logIn()).toBeTruthy();
    expect(here(world)).toBe("/");
    await poll(() => screen.queryByRole("dialog")).toBeNull();
  },
  // The forced change cannot be dismissed.
  async "app.password.mustChange"() {
    const dialog = await screen.findByRole("dialog", { name: "Change password" });
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
  },
  // The header's points are the profile's, read again.
  async "app.results.published"({ world }) {
    await poll(() => world.api.calls.filter((c) => c.path === PROFILE).length).toBe(2);
    expect(await screen.findByText("140")).toBeTruthy();
  },
  async "app.injuries.reported"() {
    expect(await screen.findByRole("dialog", { name: "Rider has been Injured" })).toBeTruthy();
  },
};
