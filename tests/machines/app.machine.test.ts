import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { appMachine, isLoading, type AppContext } from "../../machines/app.machine";
import { authMachine } from "../../machines/auth.machine";
import type { ModalContext } from "../../machines/modal.machine";
import { tokenRefreshMachine } from "../../machines/tokenRefresh.machine";
import { allTransitions, coverageLine, missing, runPath, transitionPaths } from "./modelWalk";

const serverDown: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

// Two requests in flight are enough to tell "still loading" from "done".
const filterEvents = (s: { context: AppContext }, e: { type: string }) =>
  !(e.type === "app.request.started" && s.context.loading >= 2);

describe("app.machine: every transition, walked on a real actor", () => {
  const events = [
    { type: "app.request.started" },
    { type: "app.request.finished" },
    { type: "app.error", error: serverDown },
    { type: "app.error.clear" },
    { type: "app.raceStarted" },
    { type: "app.redirect.remember", path: "/leagues" },
    { type: "app.redirect.clear" },
    { type: "app.session.changed", profileId: "p1" },
    { type: "app.session.changed", profileId: null },
    { type: "app.token.refreshed", token: "fresh" },
    { type: "app.live.connected" },
  ];
  const paths = transitionPaths(appMachine, { events, filterEvents: filterEvents as never });
  const all = allTransitions(appMachine);
  const covered = new Set<string>();

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    const taken = await runPath(path, () => ({ machine: appMachine, pending: new Map() }));
    taken.forEach((k) => covered.add(k));
  });

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("app.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

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
    expect(stack[0]).toMatchObject({ kind: "ImageAndTitle", props: { textKey: "raceStarted" }, options: { showClose: false } });
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
    const app = createActor(appMachine.provide({ actions: { connectLive: (_args, { profileId }) => void opened.push(profileId) } })).start();
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
