// The analytics machine's driver: the app's own analytics child, on a fresh app (./appSupport.tsx) with the header's
// navigation and the profile's privacy choice (src/screens/profile/AnalyticsChoice.tsx) under it. Every path starts
// on a page that restores a stored session, its profile call held, so the choice is unknown when the runtime
// arrives; the player went from Leagues to Bets before that. What the session turns into decides the guards: a guest
// (the stored session turned out dead) is granted, a signed-in player's settings say granted or refused, and ticking
// "Don't share usage statistics" refuses. The page views the network receives are what each state shows.
import { act, fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import { analyticsMachine } from "../../../machines/analytics.machine";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import { freshApp, pageViews, poll, profileWith, PROFILE, SETTINGS, storeSession, type FreshApp } from "./appSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  app: FreshApp;
  /** The signed-in player's setting as the server keeps it. */
  optedOut: boolean;
  /** Page views the network had received when the step began. */
  viewsBefore: number;
  /** The next profile call waits for the step that answers it (a session being restored or signed in). */
  holdProfile: boolean;
};

const optOut = () => screen.getByRole<HTMLInputElement>("checkbox", { name: "Don't share usage statistics" });
const nav = (name: string) => screen.getAllByRole("link", { name })[0]!;
const settle = () => act(() => new Promise((r) => setTimeout(r, 100)));
const here = (world: World) => world.app.location()?.split("?")[0];
const before = ({ world }: Step<World>) => {
  world.viewsBefore = pageViews(world.api.calls).length;
};
/** The state the step leaves. */
const from = ({ path, index }: Step<World>) => (index === 0 ? "unknown" : path.steps[index - 1]!.state);

/** The profile's privacy choice, for the signed-in player (as their profile screen shows it). */
async function privacy() {
  const { AnalyticsChoice } = await import("../../../src/screens/profile/AnalyticsChoice");
  const { useProfile } = await import("../../../src/runtime/hooks");
  return function OwnPrivacy() {
    const me = useProfile();
    return me ? <AnalyticsChoice userId={me.id} /> : null;
  };
}

export const analyticsDriver: ViewDriver<World> = {
  machine: analyticsMachine,

  async arrange() {
    const world: World = { api: null as never, app: null as never, optedOut: false, viewsBefore: 0, holdProfile: true };
    world.api = heldApi((call) => {
      if (call.path === PROFILE && world.holdProfile) {
        world.holdProfile = false;
        return "hold";
      }
      if (call.path === SETTINGS && call.method === "GET") return ok({ optedOut: world.optedOut });
      if (call.path === SETTINGS && call.method === "PUT") {
        world.optedOut = (call.body as { optedOut: boolean }).optedOut;
        return ok({ optedOut: world.optedOut });
      }
      if (call.path === PROFILE && call.method === "GET") return ok(profileWith());
      if (call.path === "/api/auth/refresh") return refusal(401, "refreshTokenNotExists", "Session expired");
      return undefined;
    });
    storeSession();
    world.app = await freshApp({ path: "/leagues", page: privacy });
    fireEvent.click(nav("Bets"));
    await world.app.arrive();
    await poll(() => world.app.appActor.getSnapshot().children.analytics).toBeTruthy();
    return world;
  },

  act: {
    // The player follows another of the header's links.
    "analytics.page": (step) => {
      before(step);
      fireEvent.click(nav(here(step.world) === "/results" ? "Leagues" : "Results"));
    },
    async "analytics.consent"(step) {
      before(step);
      const { world, step: s, next } = step;
      if (from(step) === "unknown") {
        // The stored session: a dead one leaves a guest (granted, who may then sign in), else the player's settings.
        world.optedOut = s.guard === "refused";
        const dead = next?.event === "analytics.consent" && next.guard === "unknown";
        await world.api.answer("GET", PROFILE, dead ? refusal(401, "unauthorized", "Unauthorized") : ok(profileWith()));
      } else if (s.guard === "unknown") {
        // The guest signs in with a social account: the provider's window hands the tokens over, the profile is held.
        world.holdProfile = true;
        const signingIn = world.api.calls.length;
        const value = JSON.stringify({ accessToken: "a2", refreshToken: "r2", isNew: false });
        localStorage.setItem("social", value);
        act(() => {
          window.dispatchEvent(new StorageEvent("storage", { key: "social", newValue: value }));
        });
        await poll(() => world.api.calls.slice(signingIn).some((c) => c.path === PROFILE)).toBe(true);
      } else {
        fireEvent.click(optOut());
      }
    },
  },

  shows: {
    async unknown({ world }) {
      // Nothing is sent while the choice is unknown, and the privacy choice waits for the profile.
      await settle();
      expect(pageViews(world.api.calls).length).toBe(world.viewsBefore);
      expect(screen.queryByRole("checkbox")).toBeNull();
    },
    async granted({ world, step, index }) {
      // Each page once: the pages shown before the choice was known (Leagues, then Bets), then every page shown (a
      // dead session sends the guest home).
      await poll(() => pageViews(world.api.calls).at(-1)).toBe(here(world));
      const views = pageViews(world.api.calls);
      expect(views.filter((p, i) => p === views[i - 1])).toEqual([]);
      if (index === 0) expect(views.slice(0, 2)).toEqual(["/leagues", "/bets"]);
      if (world.app.authActor.getSnapshot().context.profile) await poll(() => optOut().checked).toBe(false);
      if (step.event === "analytics.page") expect(views.length).toBe(world.viewsBefore + 1);
    },
    async refused({ world, index }) {
      await poll(() => optOut().checked).toBe(true);
      await settle();
      expect(pageViews(world.api.calls).length).toBe(world.viewsBefore);
      // Refused at once: the pages shown before are dropped too.
      if (index === 0) expect(pageViews(world.api.calls)).toEqual([]);
    },
  },

  unplayable(path) {
    const last = path.steps.at(-1)!;
    if (last.event === "analytics.page" && last.otherwise)
      return "a page is announced only when the path shown changes, and while granted every page shown is sent at once, so a page event always names another page than the last one sent";
    if (last.event === "analytics.consent" && last.guard === "unknown" && path.steps.at(-2)?.state === "refused")
      return "a refusal is a signed-in player's settings; the session ends through a guest (granted) before another one loads, and nothing forgets the settings meanwhile";
    return null;
  },

  cleanup: (world) => world.app.stop(),
};
