import { assign, emit, fromPromise, setup } from "xstate";
import type { Tokens } from "../contract/auth";
import { isRefusal } from "./serviceErrors";

export type TokenRefreshEvent = { type: "refresh.request" };
export type TokenRefreshEmitted =
  | { type: "refresh.done"; tokens: Tokens }
  /** `refused`: the server refused the refresh token and the tokens are gone; else it could not be reached and they are kept. */
  | { type: "refresh.failed"; error: unknown; refused: boolean };

export type TokenRefreshContext = {
  /** Retries after a failure to reach the server, within the refresh in flight. */
  attempt: number;
};

/**
 * Waits between the retries of one refresh: 1 s doubling to 15 s, six retries (about 45 s in all), long enough for
 * a server restart. Then the waiting callers get the failure, the tokens stay, and the next call tries again.
 */
export const REFRESH_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000, 15_000] as const;

/**
 * One refresh at a time, shared by every caller (spec: "Token refresh: one request at a time, shared by
 * callers"). Callers listen for the emitted result, so a request that arrives mid-flight simply waits
 * for the refresh already running, through its retries.
 */
export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
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
  guards: {
    refused: ({ event }) => isRefusal((event as { error?: unknown }).error),
    retriesLeft: ({ context }) => context.attempt < REFRESH_RETRY_DELAYS_MS.length,
  },
  delays: {
    backoff: ({ context }) => REFRESH_RETRY_DELAYS_MS[Math.min(context.attempt, REFRESH_RETRY_DELAYS_MS.length - 1)]!,
  },
}).createMachine({
  id: "tokenRefresh",
  description:
    "Refreshes the tokens one request at a time, shared by every caller; stores new tokens, clears them only when the server refuses the refresh token, and retries with backoff (1 s doubling to 15 s, six retries) while the server cannot be reached or fails, keeping the tokens.",
  context: { attempt: 0 },
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
            assign({ attempt: 0 }),
            { type: "storeTokens", params: ({ event }) => ({ tokens: event.output }) },
            emit(({ event }) => ({ type: "refresh.done" as const, tokens: event.output })),
          ],
        },
        onError: [
          {
            guard: "refused",
            target: "idle",
            actions: [
              assign({ attempt: 0 }),
              "clearTokens",
              emit(({ event }) => ({ type: "refresh.failed" as const, error: event.error, refused: true })),
            ],
          },
          { guard: "retriesLeft", target: "waiting" },
          {
            target: "idle",
            actions: [
              assign({ attempt: 0 }),
              emit(({ event }) => ({ type: "refresh.failed" as const, error: event.error, refused: false })),
            ],
          },
        ],
      },
      // Absorbed on purpose: the caller already awaits the emitted result of the refresh in flight.
      on: { "refresh.request": {} },
    },
    waiting: {
      description:
        "The server could not be reached or failed: the tokens are kept, and the refresh is tried again after the backoff.",
      after: { backoff: { target: "refreshing", actions: assign({ attempt: ({ context }) => context.attempt + 1 }) } },
      // Absorbed: the caller waits for the retry's result with the others.
      on: { "refresh.request": {} },
    },
  },
});
