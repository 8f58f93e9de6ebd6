import { assign, sendTo, setup, spawnChild } from "xstate";
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
  | { type: "app.redirect.clear" };

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
  actors: { authMachine, tokenRefreshMachine, modalMachine, liveSocketMachine, notificationsMachine },
  actions: {
    openRaceStartedModal: sendTo(({ system }) => system.get("modal"), raceStartedModal),
  },
}).createMachine({
  id: "app",
  description:
    "The root actor: spawns auth, token refresh, modals, the live socket and notifications once, and holds the loading counter, last error and redirect-to location.",
  context: { loading: 0, lastError: null, redirectTo: null },
  entry: [
    spawnChild("authMachine", { id: "auth", systemId: "auth" }),
    spawnChild("tokenRefreshMachine", { id: "tokenRefresh", systemId: "tokenRefresh" }),
    spawnChild("modalMachine", { id: "modal", systemId: "modal" }),
    spawnChild("liveSocketMachine", { id: "liveSocket", systemId: "liveSocket", input: {} }),
    spawnChild("notificationsMachine", { id: "notifications", systemId: "notifications" }),
  ],
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
        "app.redirect.remember": { actions: assign({ redirectTo: ({ event }) => event.path }) },
        "app.redirect.clear": { actions: assign({ redirectTo: null }) },
      },
    },
  },
});

/** Spec: the loading flag is on while any request runs. */
export const isLoading = (context: AppContext) => context.loading > 0;
