// The one socket.io connection of the live channel. The liveSocket machine decides when to open and
// close it; this module turns socket.io's callbacks into that machine's events and fans server events
// out to whoever listens (`onLiveEvent`).
import type { Socket } from "socket.io-client";
import {
  LIVE_NAMESPACE,
  LIVE_RECONNECT,
  LiveCommand,
  type LiveEventName,
  type LivePayloads,
} from "../../contract/live";
import type { LiveSocketEvent } from "../../machines/liveSocket.machine";

let socket: Socket | null = null;
const listeners = new Map<string, Set<(payload: unknown) => void>>();

function dispatch(event: string, payload: unknown) {
  // A copy: a handler may unsubscribe while the event is dispatched.
  for (const handler of Array.from(listeners.get(event) ?? [])) {
    try {
      handler(payload);
    } catch (err) {
      console.error(`[live] handler of ${event} failed`, err);
    }
  }
}

// socket.io-client loads on first use: guests never download it and the entry chunk stays small. It is not held
// back until the first screen has painted: a push sent between the page's reads and the connect would be lost
// (the league path suite caught that).
let client: Promise<typeof import("socket.io-client")> | null = null;
let generation = 0;

/** Opens a new connection with this access token (closing any previous one, silently). */
export function openSocket(token: string, sink: (event: LiveSocketEvent) => void, url = ""): void {
  closeSocket();
  const mine = ++generation;
  client ??= import("socket.io-client");
  client.then(
    ({ io }) => {
      if (mine !== generation) return; // closed (or reopened) while the library loaded
      // WebSocket only: no long-polling, so several instances behind a load balancer need no sticky sessions.
      const s = io(`${url}${LIVE_NAMESPACE}`, {
        transports: ["websocket"],
        reconnection: false,
        forceNew: true,
        timeout: LIVE_RECONNECT.timeoutMs,
        auth: { token },
      });
      s.on("connect", () => sink({ type: "socket.connected" }));
      s.on("connect_error", (err: Error & { data?: { code?: string } }) => {
        const refused = err.data?.code === "unauthorized" || err.message === "unauthorized";
        sink(refused ? { type: "socket.rejected" } : { type: "socket.failed" });
      });
      s.on("disconnect", (reason) =>
        sink({ type: "socket.disconnected", byServer: reason === "io server disconnect" }),
      );
      s.onAny((event: string, payload: unknown) => dispatch(event, payload));
      socket = s;
    },
    (err: unknown) => {
      client = null;
      console.warn("[live] socket.io-client failed to load", err);
      if (mine === generation) sink({ type: "socket.failed" });
    },
  );
}

export function closeSocket(): void {
  generation++;
  if (!socket) return;
  const s = socket;
  socket = null;
  s.removeAllListeners();
  s.offAny();
  s.disconnect();
}

/** Spec: "The client sends its profile id to subscribe". */
export function subscribeProfile(profileId: string): void {
  socket?.emit(LiveCommand.subscribe, profileId);
}

export const isConnected = () => socket?.connected ?? false;

/** Sends a command over the socket; resolves false when not connected or not acknowledged in time. */
export async function sendCommand(command: string, payload: unknown, timeoutMs = 5000): Promise<boolean> {
  if (!socket?.connected) return false;
  try {
    const ack = (await socket.timeout(timeoutMs).emitWithAck(command, payload)) as { ok?: boolean };
    return ack?.ok === true;
  } catch {
    return false;
  }
}

/** Listens to one server event; returns the unsubscribe function. */
export function onLiveEvent<E extends LiveEventName>(
  event: E,
  handler: (payload: LivePayloads[E]) => void,
): () => void {
  const set = listeners.get(event) ?? new Set();
  set.add(handler as (payload: unknown) => void);
  listeners.set(event, set);
  return () => void set.delete(handler as (payload: unknown) => void);
}
