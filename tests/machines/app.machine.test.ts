import { describe, expect, it } from "vitest";
import { createActor, fromCallback, fromPromise, type AnyActorRef } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { Notification } from "../../contract/notifications";
import type { Profile } from "../../contract/users";
import { appMachine, injuryModals, isLoading, type AppEvent } from "../../machines/app.machine";
import { authMachine } from "../../machines/auth.machine";
import type { ModalContext } from "../../machines/modal.machine";
import { tokenRefreshMachine } from "../../machines/tokenRefresh.machine";

// The app's paths are walked on a fresh app's header, runtime and modal host (tests/views/paths/app.paths.test.tsx),
// with the coverage of every transition; these are the rules those paths do not spell out.

const serverDown: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

describe("Global state: loading flag", () => {
  it("is on while any request runs and off when all have finished", () => {
    const app = createActor(appMachine).start();
    const loading = () => isLoading(app.getSnapshot().context);
    expect(loading()).toBe(false);
    app.send({ type: "app.request.started" });
    app.send({ type: "app.request.started" });
    app.send({ type: "app.request.finished" });
    expect(loading()).toBe(true);
    app.send({ type: "app.request.finished" });
    expect(loading()).toBe(false);
  });

  it("never counts below zero, so a stray 'finished' cannot hide the next request", () => {
    const app = createActor(appMachine).start();
    app.send({ type: "app.request.finished" });
    app.send({ type: "app.request.started" });
    expect(app.getSnapshot().context.loading).toBe(1);
  });
});

describe("Global state: last application error", () => {
  it("keeps the latest error until cleared", () => {
    const app = createActor(appMachine).start();
    app.send({ type: "app.error", error: { ...serverDown, statusCode: 502 } });
    app.send({ type: "app.error", error: serverDown });
    expect(app.getSnapshot().context.lastError).toEqual(serverDown);
    app.send({ type: "app.error.clear" });
    expect(app.getSnapshot().context.lastError).toBeNull();
  });
});

describe("Stored: saved redirect-to location", () => {
  it("remembers the page to return to after sign-in, and forgets it", () => {
    const app = createActor(appMachine).start();
    app.send({ type: "app.redirect.remember", path: "/bets" });
    expect(app.getSnapshot().context.redirectTo).toBe("/bets");
    app.send({ type: "app.redirect.clear" });
    expect(app.getSnapshot().context.redirectTo).toBeNull();
  });
});

describe("418: a modal with the 'race started' text, no button", () => {
  it("opens an ImageAndTitle modal with the raceStarted text and no close button on the modal actor", () => {
    const app = createActor(appMachine).start();
    app.send({ type: "app.raceStarted" });
    const modal = app.system.get("modal");
    expect(modal.getSnapshot().value).toBe("open");
    const stack = (modal.getSnapshot().context as ModalContext).stack;
    expect(stack).toHaveLength(1);
    expect(stack[0]).toMatchObject({
      kind: "ImageAndTitle",
      props: { textKey: "raceStarted" },
      options: { showClose: false },
    });
  });
});

describe("The root spawns the long-lived actors once, reachable by systemId", () => {
  it("starts auth, tokenRefresh, modal, liveSocket and notifications as its children", () => {
    const app = createActor(appMachine).start();
    for (const id of ["auth", "tokenRefresh", "modal", "liveSocket", "notifications"]) {
      expect(app.system.get(id), id).toBeDefined();
      expect(app.getSnapshot().children[id], id).toBe(app.system.get(id));
    }
  });

  it("runs the implementations the app provides for its children", async () => {
    const app = createActor(
      appMachine.provide({
        actors: {
          authMachine: authMachine.provide({ guards: { hasSession: () => true } }),
          tokenRefreshMachine: tokenRefreshMachine.provide({
            actors: { refresh: fromPromise(async () => ({ accessToken: "a", refreshToken: "r" })) },
          }),
        },
      }),
    ).start();
    expect(app.system.get("auth").getSnapshot().value).toBe("loadingProfile");
    const refresh = app.system.get("tokenRefresh");
    const done = new Promise((resolve) => refresh.on("refresh.done", resolve));
    refresh.send({ type: "refresh.request" });
    await expect(done).resolves.toEqual({ type: "refresh.done", tokens: { accessToken: "a", refreshToken: "r" } });
  });
});

describe("The live channel and the notifications follow the session (events between the app's actors)", () => {
  it("a player signed in opens the live channel and starts the notifications; signed out stops both", () => {
    const opened: string[] = [];
    const app = createActor(
      appMachine.provide({ actions: { connectLive: (_args, { profileId }) => void opened.push(profileId) } }),
    ).start();
    const notifications = app.system.get("notifications");
    app.send({ type: "app.session.changed", profileId: "p1" });
    expect(opened).toEqual(["p1"]);
    expect(notifications.getSnapshot().hasTag("loading")).toBe(true);
    app.send({ type: "app.session.changed", profileId: null });
    expect(notifications.getSnapshot().hasTag("signedOut")).toBe(true);
    expect(app.system.get("liveSocket").getSnapshot().hasTag("signedOut")).toBe(true);
  });

  it("a refreshed token reaches the socket, and a reconnect reloads the notifications and the live-kept data", () => {
    let refreshed = 0;
    const app = createActor(appMachine.provide({ actions: { refreshLiveData: () => void refreshed++ } })).start();
    const live = app.system.get("liveSocket");
    live.send({ type: "live.signedIn", token: "old", profileId: "p1" });
    app.send({ type: "app.token.refreshed", token: "fresh" });
    expect(live.getSnapshot().context.token).toBe("fresh");
    app.send({ type: "app.session.changed", profileId: "p1" });
    app.system.get("notifications").send({ type: "xstate.done.actor.load", output: [] });
    app.send({ type: "app.live.connected" });
    expect(app.system.get("notifications").getSnapshot().hasTag("loading")).toBe(true);
    expect(refreshed).toBe(1);
  });
});

const profile = { id: "p1", mustChangePassword: false } as Profile;
const modalKinds = (app: AnyActorRef) =>
  (app.system.get("modal").getSnapshot().context as ModalContext).stack.map((m) => m.kind);

/** The app with every action the app provides recorded, and an auth that answers at once. */
function wiredApp({ answers = {} as { confirm?: () => Promise<unknown>; profile?: Profile }, arrive = true } = {}) {
  const done: Array<{ action: string; params?: unknown }> = [];
  const record = (action: string) => (_: unknown, params?: unknown) =>
    void done.push(params === undefined ? { action } : { action, params });
  let links: ((event: AppEvent) => void) | null = null;
  const app = createActor(
    appMachine.provide({
      actors: {
        authMachine: authMachine.provide({
          actors: {
            confirm: fromPromise(
              () =>
                (answers.confirm ?? (async () => ({ accessToken: "a", refreshToken: "r", isNew: true })))() as never,
            ),
            loadProfile: fromPromise(async () => answers.profile ?? profile),
          },
        }),
        followLinks: fromCallback<AppEvent>(({ sendBack }) => {
          links = sendBack;
          return () => void (links = null);
        }),
      },
      actions: Object.fromEntries(
        [
          "goHome",
          "goAfterSignIn",
          "welcomeNewPlayer",
          "tellConfirmationFailed",
          "handOverSocial",
          "refreshResults",
          "reloadOwnPoints",
          "storeRedirect",
        ].map((name) => [name, record(name)]),
      ),
    }),
  ).start();
  if (arrive) app.send({ type: "app.runtime.arrived" });
  const link = (event: AppEvent) => {
    if (!links) throw new Error("the app does not follow links yet");
    links(event);
  };
  const names = () => done.map((d) => d.action);
  return { app, done, names, link };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("The runtime's arrival: before it, the app answers no link, sign-in or notice", () => {
  it("follows links and opens nothing until app.runtime.arrived", () => {
    const { app, names } = wiredApp({ arrive: false });
    expect(app.getSnapshot().matches({ running: "deferred" })).toBe(true);
    app.send({ type: "app.link.recovery", email: "marco@example.com" });
    app.send({ type: "app.signedOut" });
    expect(names()).toEqual([]);
    expect(modalKinds(app)).toEqual([]);
    app.send({ type: "app.runtime.arrived" });
    expect(app.getSnapshot().matches({ running: "wired" })).toBe(true);
  });
});

describe("The landing's links (spec section 2)", () => {
  it("token: confirms the e-mail and drops the query from the address", async () => {
    const { app, done, link } = wiredApp();
    link({ type: "app.link.confirm", token: "abc123" });
    expect(done).toContainEqual({ action: "goHome", params: { replace: true } });
    await settled();
    await settled();
    expect(app.system.get("auth").getSnapshot().value).toBe("signedIn");
  });

  it("a dead link tells the player why, once the confirmation failed", async () => {
    const invalid: ErrorBody = {
      statusCode: 400,
      code: "invalidToken",
      message: "This link is invalid or has expired",
    };
    const { done, link } = wiredApp({
      answers: { confirm: () => Promise.reject(Object.assign(new Error(invalid.message), { body: invalid })) },
    });
    link({ type: "app.link.confirm", token: "dead" });
    await settled();
    expect(done).toContainEqual({ action: "tellConfirmationFailed", params: { error: invalid } });
  });

  it("state=recovery opens RecoveryPassword with the e-mail, once, and drops the query", () => {
    const { app, done, link } = wiredApp();
    link({ type: "app.link.recovery", email: "marco@example.com" });
    link({ type: "app.link.recovery", email: "marco@example.com" });
    const stack = (app.system.get("modal").getSnapshot().context as ModalContext).stack;
    expect(stack.map((m) => [m.kind, m.props])).toEqual([["RecoveryPassword", { email: "marco@example.com" }]]);
    expect(done.filter((d) => d.action === "goHome")).toEqual([
      { action: "goHome", params: { replace: true } },
      { action: "goHome", params: { replace: true } },
    ]);
  });

  it("the social provider's window hands its result over; the opener signs in with it", async () => {
    const { app, done, link } = wiredApp();
    link({ type: "app.link.social", accessToken: "a1", refreshToken: "r1", isNew: true });
    expect(done).toEqual([
      { action: "handOverSocial", params: { accessToken: "a1", refreshToken: "r1", isNew: true } },
    ]);
    link({ type: "app.social.received", accessToken: "a2", refreshToken: "r2", isNew: false });
    await settled();
    expect(app.system.get("auth").getSnapshot().value).toBe("signedIn");
  });
});

describe("Signing in and out: the sign-in modals close and the player goes on", () => {
  it("a fresh sign-in goes to the remembered page, forgets it and welcomes a new player", async () => {
    const { app, done, link } = wiredApp();
    app.send({ type: "app.redirect.remember", path: "/bets" });
    app.system.get("modal").send({ type: "modal.open", kind: "SignIn" });
    link({ type: "app.social.received", accessToken: "a", refreshToken: "r", isNew: true });
    await settled();
    expect(done.slice(1)).toEqual([
      { action: "goAfterSignIn", params: { redirectTo: "/bets", profileId: "p1" } },
      { action: "storeRedirect", params: { path: null } },
      { action: "welcomeNewPlayer" },
    ]);
    expect(app.getSnapshot().context.redirectTo).toBeNull();
    expect(modalKinds(app)).toEqual([]);
  });

  it("a returning player is not welcomed; a sign-out closes the modals and goes home", async () => {
    const { app, names, done, link } = wiredApp();
    link({ type: "app.social.received", accessToken: "a", refreshToken: "r", isNew: false });
    await settled();
    expect(names()).toEqual(["goAfterSignIn", "storeRedirect"]);
    app.system
      .get("modal")
      .send({ type: "modal.open", kind: "Invite", props: { leagueId: "L1", leagueName: "Tifosi" } });
    app.system.get("auth").send({ type: "auth.session.expired" });
    expect(done.at(-1)).toEqual({ action: "goHome", params: { replace: false } });
    expect(modalKinds(app)).toEqual([]);
  });
});

describe("A forced password change opens ChangePassword, which cannot be dismissed", () => {
  const forced = { ...profile, mustChangePassword: true };

  it("opens when the profile asks for it, and only once", async () => {
    const { app, link } = wiredApp({ answers: { profile: forced } });
    link({ type: "app.social.received", accessToken: "a", refreshToken: "r", isNew: false });
    await settled();
    app.send({ type: "app.password.mustChange" });
    const stack = (app.system.get("modal").getSnapshot().context as ModalContext).stack;
    expect(stack.map((m) => m.kind)).toEqual(["ChangePassword"]);
    expect(stack[0]).toMatchObject({ props: { forced: true }, options: { closeOnOutside: false, showClose: false } });
  });

  it("a profile that asked before the runtime arrived gets it on arrival", async () => {
    const { app } = wiredApp({ answers: { profile: forced }, arrive: false });
    app.system.get("auth").send({ type: "auth.social", accessToken: "a", refreshToken: "r", isNew: false });
    await settled();
    expect(modalKinds(app)).toEqual([]);
    app.send({ type: "app.runtime.arrived" });
    expect(modalKinds(app)).toEqual(["ChangePassword"]);
  });
});

const notice = (id: string, type: string, riderId?: string): Notification => ({
  id,
  type,
  value: { riderId, riderName: "Luca Ferri", raceName: "Czech Grand Prix", refunded: 30 },
  createdAt: "2026-06-01T09:00:00.000Z",
  isRead: false,
});

/** The notifications' first load after a sign-in, answered with `items`. */
function firstLoad(app: AnyActorRef, items: Notification[]) {
  app.send({ type: "app.session.changed", profileId: "p1" });
  app.system.get("notifications").send({ type: "xstate.done.actor.load", output: items });
}
const pushed = (app: AnyActorRef, items: Notification[]) =>
  app.system.get("notifications").send({ type: "notifications.received", items });

describe("Notices on any screen: new results and injured riders", () => {
  it("new results refresh the results and the header's points; those listed at the first load do not", () => {
    const { app, names } = wiredApp();
    firstLoad(app, [notice("n1", "RESULTS_PUBLISHED")]);
    expect(names()).toEqual([]);
    pushed(app, [notice("n2", "RESULTS_PUBLISHED"), notice("n3", "LEAGUE_INVITATION")]);
    expect(names()).toEqual(["refreshResults", "reloadOwnPoints"]);
  });

  it("a result pushed after the first load but before the runtime arrived still counts", () => {
    const { app, names } = wiredApp({ arrive: false });
    firstLoad(app, [notice("n1", "RESULTS_PUBLISHED")]);
    pushed(app, [notice("n2", "RESULTS_PUBLISHED")]);
    expect(names()).toEqual([]);
    app.send({ type: "app.runtime.arrived" });
    expect(names()).toEqual(["refreshResults", "reloadOwnPoints"]);
    // After a sign-out, the next sign-in's first load is the baseline again.
    app.send({ type: "app.session.changed", profileId: null });
    firstLoad(app, [
      notice("n1", "RESULTS_PUBLISHED"),
      notice("n2", "RESULTS_PUBLISHED"),
      notice("n4", "RESULTS_PUBLISHED"),
    ]);
    expect(names()).toEqual(["refreshResults", "reloadOwnPoints"]);
  });

  it("injured-rider notices open 'Rider has been Injured', one each, the newest on top", () => {
    const { app } = wiredApp();
    firstLoad(app, []);
    pushed(app, [
      notice("n2", "INJURED_RIDER_BETS", "r2"),
      notice("n1", "INJURED_RIDER_BOTH", "r1"),
      notice("n0", "INJURED_RIDER_PREDICTIONS"),
    ]);
    const stack = (app.system.get("modal").getSnapshot().context as ModalContext).stack;
    expect(stack.map((m) => [m.kind, m.props])).toEqual([
      [
        "NotificationWithImage",
        { kind: "both", riderId: "r1", riderName: "Luca Ferri", raceName: "Czech Grand Prix", refunded: 30 },
      ],
      [
        "NotificationWithImage",
        { kind: "bets", riderId: "r2", riderName: "Luca Ferri", raceName: "Czech Grand Prix", refunded: 30 },
      ],
    ]);
    expect(injuryModals([notice("x", "RESULTS_PUBLISHED", "r1")])).toEqual([]);
  });
});
