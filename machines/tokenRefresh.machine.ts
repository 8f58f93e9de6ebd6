import { emit, fromPromise, setup } from "xstate";
import type { Tokens } from "../contract/auth";

export type TokenRefreshEvent = { type: "refresh.request" };
export type TokenRefreshEmitted = { type: "refresh.done"; tokens: Tokens } | { type: "refresh.failed"; error: unknown };

/**
 * One refresh at a time, shared by every caller (spec: "Token refresh: one request at a time, shared by
 * callers"). Callers listen for the emitted result, so a request that arrives mid-flight simply waits
 * for the refresh already running.
 */
export const tokenRefreshMachine = setup({
  types: {
    events: {} as TokenRefreshEvent,
    emitted: {} as TokenRefreshEmitted,
  },
  actors: {
    refresh: fromPromise<Tokens, void>(async () => {
      throw new Error("refresh not provided");
    }),
  },
  actions: {
    storeTokens: (_args, _params: { tokens: Tokens }) => {},
    clearTokens: () => {},
  },
}).createMachine({
  id: "tokenRefresh",
  description: "Refreshes the tokens one request at a time, shared by every caller; stores new tokens or clears them on failure.",
  initial: "idle",
  states: {
    idle: {
      on: { "refresh.request": "refreshing" },
    },
    refreshing: {
      invoke: {
        id: "refresh",
        src: "refresh",
        onDone: {
          target: "idle",
          actions: [
            { type: "storeTokens", params: ({ event }) => ({ tokens: event.output }) },
            emit(({ event }) => ({ type: "refresh.done" as const, tokens: event.output })),
          ],
        },
        onError: {
          target: "idle",
          actions: ["clearTokens", emit(({ event }) => ({ type: "refresh.failed" as const, error: event.error }))],
        },
      },
      // Absorbed on purpose: the caller already awaits the emitted result of the refresh in flight.
      on: { "refresh.request": {} },
    },
  },
});
