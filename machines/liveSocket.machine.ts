import { assign, fromPromise, setup } from "xstate";
import { LIVE_RECONNECT } from "../contract/live";

/**
 * Spec section 7: "Reconnect delay starts at 1000 ms, max 5000 ms, jitter 0.5, unlimited attempts."
 * Attempt n waits base·2ⁿ, moved by up to ±jitter of itself (`random` in [0, 1): 0.5 = no move), capped at max.
 */
export function reconnectDelay(
  attempt: number,
  random: number,
  o: { delayMs: number; maxDelayMs: number; jitter: number } = LIVE_RECONNECT,
): number {
  const base = Math.min(o.delayMs * 2 ** Math.min(attempt, 30), o.maxDelayMs);
  return Math.round(Math.min(o.maxDelayMs, Math.max(0, base * (1 + o.jitter * (2 * random - 1)))));
}

export type LiveSocketContext = {
  token: string | null;
  profileId: string | null;
  /** Failed connects in a row; reset on a successful connect. */
  attempt: number;
  random: () => number;
};

export type LiveSocketEvent =
  /** The session has a profile: connect (or reconnect) as this player. */
  | { type: "live.signedIn"; token: string; profileId: string }
  | { type: "live.signedOut" }
  /** The tokens were refreshed elsewhere: re-authenticate with the new access token. */
  | { type: "live.tokenRefreshed"; token: string }
  | { type: "socket.connected" }
  /** A network failure on connect (server down, timeout on the wire). */
  | { type: "socket.failed" }
  /** The server refused the handshake (missing, expired or revoked token). */
  | { type: "socket.rejected" }
  /** `byServer`: the server closed it (socket.io does not reconnect then), else the transport dropped. */
  | { type: "socket.disconnected"; byServer: boolean };

/**
 * The live channel's connection. The socket is outside (actions `open`, `close`, `subscribe`); this
 * machine decides when to connect, how long to wait between attempts, and when the token must be
 * refreshed first. socket.io's own reconnection stays off so the spec's delays apply exactly once.
 */
export const liveSocketMachine = setup({
  types: {
    context: {} as LiveSocketContext,
    events: {} as LiveSocketEvent,
    input: {} as { random?: () => number } | undefined,
    tags: {} as "signedOut" | "connecting" | "connected" | "reconnecting",
  },
  actors: {
    /** Refreshes the tokens; resolves to the new access token. */
    refresh: fromPromise<string, void>(async () => {
      throw new Error("refresh not provided");
    }),
  },
  actions: {
    open: (_args, _params: { token: string }) => {},
    close: () => {},
    subscribe: (_args, _params: { profileId: string }) => {},
  },
  delays: {
    connectTimeout: LIVE_RECONNECT.timeoutMs,
    retry: ({ context }) => reconnectDelay(context.attempt, context.random()),
  },
}).createMachine({
  id: "liveSocket",
  description:
    "The live channel connection: connects while signed in, retries with the spec's backoff (1000 ms doubling to 5000 ms, jitter 0.5, unlimited), refreshes the token when the server refuses it, re-authenticates after a refresh, and disconnects on sign-out.",
  context: ({ input }) => ({ token: null, profileId: null, attempt: 0, random: input?.random ?? Math.random }),
  initial: "signedOut",
  states: {
    signedOut: {
      tags: "signedOut",
      description: "Paused: no socket while nobody is signed in.",
      on: {
        "live.signedIn": {
          target: "active",
          actions: assign({ token: ({ event }) => event.token, profileId: ({ event }) => event.profileId, attempt: 0 }),
        },
      },
    },
    active: {
      initial: "connecting",
      exit: "close",
      on: {
        "live.signedOut": { target: "signedOut", actions: assign({ token: null, profileId: null, attempt: 0 }) },
        "live.signedIn": {
          target: ".connecting",
          reenter: true,
          actions: assign({ token: ({ event }) => event.token, profileId: ({ event }) => event.profileId, attempt: 0 }),
        },
        // Re-entering `active` closes the old socket (exit) before the new one opens.
        "live.tokenRefreshed": {
          target: ".connecting",
          reenter: true,
          actions: assign({ token: ({ event }) => event.token }),
        },
      },
      states: {
        connecting: {
          tags: "connecting",
          entry: { type: "open", params: ({ context }) => ({ token: context.token ?? "" }) },
          after: { connectTimeout: { target: "reconnecting", actions: "close" } },
          on: {
            "socket.connected": "connected",
            "socket.failed": { target: "reconnecting", actions: "close" },
            "socket.rejected": { target: "refreshing", actions: "close" },
          },
        },
        connected: {
          tags: "connected",
          entry: [
            assign({ attempt: 0 }),
            { type: "subscribe", params: ({ context }) => ({ profileId: context.profileId ?? "" }) },
          ],
          on: {
            "socket.disconnected": [
              { guard: ({ event }) => event.byServer, target: "refreshing", actions: "close" },
              { target: "reconnecting", actions: "close" },
            ],
          },
        },
        reconnecting: {
          tags: "reconnecting",
          after: {
            retry: { target: "connecting", actions: assign({ attempt: ({ context }) => context.attempt + 1 }) },
          },
        },
        refreshing: {
          tags: "reconnecting",
          description:
            "The server refused the token: a server-side refusal is not retried by socket.io, so refresh, then connect again.",
          invoke: {
            id: "refresh",
            src: "refresh",
            onDone: { target: "connecting", actions: assign({ token: ({ event }) => event.output }) },
            onError: { target: "reconnecting" },
          },
          on: { "live.tokenRefreshed": { actions: assign({ token: ({ event }) => event.token }) } },
        },
      },
    },
  },
});
