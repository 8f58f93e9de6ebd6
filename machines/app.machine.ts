import { assign, fromCallback, sendTo, setup, spawnChild, type AnyActorRef } from "xstate";
import type { ErrorBody } from "../contract/common";
import { authMachine } from "./auth.machine";
import { liveSocketMachine } from "./liveSocket.machine";
import { modalMachine, type ModalEvent } from "./modal.machine";
import { notificationsMachine } from "./notifications.machine";
import { tokenRefreshMachine } from "./tokenRefresh.machine";

/** Spec "Global state: loading flag, modal open flag with options, last application error"; the modal part lives in `modal`. */
export type AppContext = { loading: number; lastError: ErrorBody | null; redirectTo: string | null };

export type AppEvent =
  | { type: "app.request.started" }
  | { type: "app.request.finished" }
  | { type: "app.error"; error: ErrorBody }
  | { type: "app.error.clear" }
  | { type: "app.raceStarted" }
  | { type: "app.redirect.remember"; path: string }
  | { type: "app.redirect.clear" }
  /** From the children, through `followChildren`: who is signed in, a refreshed token, the socket (re)connected. */
  | { type: "app.session.changed"; profileId: string | null }
  | { type: "app.token.refreshed"; token: string }
  | { type: "app.live.connected" };

/**
 * Turns what the long-lived children do into events of the app: the profile signed in or out (auth), a refreshed
 * access token (token refresh), each (re)connection of the live socket. Reaches them through the system, so the
 * children stay unaware of each other.
 */
const followChildren = fromCallback<AppEvent>(({ system, sendBack }) => {
  const get = (id: string) => system.get(id) as AnyActorRef;
  let profileId: string | null | undefined;
  const auth = get("auth").subscribe((s: { context: { profile: { id: string } | null } }) => {
    const id = s.context.profile?.id ?? null;
    if (id === profileId) return;
    const first = profileId === undefined;
    profileId = id;
    if (!first || id !== null) sendBack({ type: "app.session.changed", profileId: id });
  });
  const refreshed = get("tokenRefresh").on("refresh.done", (e: { tokens: { accessToken: string } }) => sendBack({ type: "app.token.refreshed", token: e.tokens.accessToken }));
  let connected = false;
  const live = get("liveSocket").subscribe((s: { hasTag(tag: string): boolean }) => {
    const now = s.hasTag("connected");
    if (now && !connected) sendBack({ type: "app.live.connected" });
    connected = now;
  });
  return () => {
    auth.unsubscribe();
    refreshed.unsubscribe();
    live.unsubscribe();
  };
});

/** Spec (418): "a modal with the 'race started' text, no button". */
export const raceStartedModal: ModalEvent = {
  type: "modal.open",
  kind: "ImageAndTitle",
  props: { textKey: "raceStarted" },
  options: { showClose: false },
};

/**
 * The root actor, created once: it owns the long-lived actors (reachable through the system by their
 * systemId) and the little global state the spec names.
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: { authMachine, tokenRefreshMachine, modalMachine, liveSocketMachine, notificationsMachine, followChildren },
  guards: {
    signedIn: ({ event }) => event.type === "app.session.changed" && event.profileId !== null,
  },
  actions: {
    openRaceStartedModal: sendTo(({ system }) => system.get("modal"), raceStartedModal),
    /** The live channel opens for the signed-in player with the stored access token (the app reads it). */
    connectLive: (_args, _params: { profileId: string }) => {},
    disconnectLive: sendTo(({ system }) => system.get("liveSocket"), { type: "live.signedOut" }),
    startNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.start" }),
    stopNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.stop" }),
    /** Every (re)connect: load what came while the socket was down. */
    reloadNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.reload" }),
    /** Every (re)connect: read again what the live channel keeps current (the balance), as pushes may have been missed. */
    refreshLiveData: () => {},
    passToken: sendTo(({ system }) => system.get("liveSocket"), ({ event }) => ({ type: "live.tokenRefreshed" as const, token: event.type === "app.token.refreshed" ? event.token : "" })),
    /** Spec section 3 stores the redirect-to location: it survives an e-mail link opening a new page. The app stores it. */
    storeRedirect: (_args, _params: { path: string | null }) => {},
  },
}).createMachine({
  id: "app",
  description:
    "The root actor: spawns auth, token refresh, modals, the live socket and notifications once, wires them by events (the session opens and closes the live channel and the notifications, a refreshed token reaches the socket, a reconnect reloads the notifications), and holds the loading counter, last error and redirect-to location.",
  context: { loading: 0, lastError: null, redirectTo: null },
  entry: [
    spawnChild("authMachine", { id: "auth", systemId: "auth" }),
    spawnChild("tokenRefreshMachine", { id: "tokenRefresh", systemId: "tokenRefresh" }),
    spawnChild("modalMachine", { id: "modal", systemId: "modal" }),
    spawnChild("liveSocketMachine", { id: "liveSocket", systemId: "liveSocket", input: {} }),
    spawnChild("notificationsMachine", { id: "notifications", systemId: "notifications" }),
  ],
  invoke: { id: "followChildren", src: "followChildren" },
  initial: "running",
  states: {
    running: {
      on: {
        "app.request.started": { actions: assign({ loading: ({ context }) => context.loading + 1 }) },
        // Never below zero: a late "finished" after a reset must not hide the next request's spinner.
        "app.request.finished": { actions: assign({ loading: ({ context }) => Math.max(0, context.loading - 1) }) },
        "app.error": { actions: assign({ lastError: ({ event }) => event.error }) },
        "app.error.clear": { actions: assign({ lastError: null }) },
        "app.raceStarted": { actions: "openRaceStartedModal" },
        "app.redirect.remember": {
          actions: [assign({ redirectTo: ({ event }) => event.path }), { type: "storeRedirect", params: ({ event }) => ({ path: event.path }) }],
        },
        "app.redirect.clear": { actions: [assign({ redirectTo: null }), { type: "storeRedirect", params: { path: null } }] },
        // The live channel and the notifications follow the session: open while a player is signed in.
        "app.session.changed": [
          { guard: "signedIn", actions: [{ type: "connectLive", params: ({ event }) => ({ profileId: event.profileId! }) }, "startNotifications"] },
          { actions: ["disconnectLive", "stopNotifications"] },
        ],
        "app.token.refreshed": { actions: "passToken" },
        "app.live.connected": { actions: ["reloadNotifications", "refreshLiveData"] },
      },
    },
  },
});

/** Spec: the loading flag is on while any request runs. */
export const isLoading = (context: AppContext) => context.loading > 0;
