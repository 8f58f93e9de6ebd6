// An in-memory socket.io server for the app shell's walks (liveSocket, notifications): the app's own live module
// (src/api/live.ts) runs as it is, and only socket.io-client's `io` is replaced, so what the module asks of the socket
// (its options, the token, the subscribe, the commands, the disconnect) and how it turns the socket's callbacks into
// the live machine's events are under test. The test plays the server: it accepts, refuses or fails a connect, drops
// a connection and pushes events.
// Use: vi.mock("socket.io-client", () => import("./shellSupport").then((m) => m.socketIoModule));
import { act } from "@testing-library/react";

/** How long a walk waits for the view: the cores are shared, and a screen's first render loads its modules. */
export const patiently = { timeout: 4000 } as const;

type Handler = (...args: never[]) => void;

export class FakeSocket {
  connected = false;
  /** The app called disconnect(). */
  closed = false;
  /** What the app sent: the subscribe and the notification commands, with their payload. */
  readonly sent: Array<{ event: string; payload: unknown }> = [];
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly any = new Set<Handler>();

  constructor(
    readonly url: string,
    readonly options: { auth?: { token?: string }; reconnection?: boolean; transports?: string[] },
  ) {}

  on(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }
  onAny(handler: Handler) {
    this.any.add(handler);
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  offAny() {
    this.any.clear();
    return this;
  }
  disconnect() {
    this.closed = true;
    this.connected = false;
    return this;
  }
  emit(event: string, payload?: unknown) {
    this.sent.push({ event, payload });
    return this;
  }
  /** The server acknowledges every command of a connected socket. */
  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.sent.push({ event, payload });
        return { ok: true };
      },
    };
  }

  private fire(event: string, ...args: unknown[]) {
    // A copy: a handler may remove listeners while the event is delivered.
    for (const h of Array.from(this.handlers.get(event) ?? [])) (h as (...a: unknown[]) => void)(...args);
  }

  /** The server takes the handshake. */
  accept = () =>
    act(() => {
      this.connected = true;
      this.fire("connect");
    });
  /** The server refuses the token (its middleware's `unauthorized`). */
  refuse = () =>
    act(() => this.fire("connect_error", Object.assign(new Error("unauthorized"), { data: { code: "unauthorized" } })));
  /** The connect fails on the wire. */
  fail = () => act(() => this.fire("connect_error", new Error("websocket error")));
  /** The connection ends: `io server disconnect` when the server closed it, `transport close` when the network did. */
  drop = (reason: "io server disconnect" | "transport close") =>
    act(() => {
      this.connected = false;
      this.fire("disconnect", reason);
    });
  /** A server event on this connection. */
  push = (event: string, payload?: unknown) =>
    act(() => {
      for (const h of Array.from(this.any)) (h as (...a: unknown[]) => void)(event, payload);
    });
}

export const server = {
  sockets: [] as FakeSocket[],
  /** Accept every handshake at once (a server that is up and takes the token). */
  autoAccept: true,
  reset(autoAccept = true) {
    this.sockets.length = 0;
    this.autoAccept = autoAccept;
  },
  /** The connection the app opened last. */
  last(): FakeSocket | undefined {
    return this.sockets.at(-1);
  },
};

export const socketIoModule = {
  io(url: string, options: FakeSocket["options"]) {
    const socket = new FakeSocket(url, options);
    server.sockets.push(socket);
    if (server.autoAccept) queueMicrotask(() => void (socket.closed || socket.accept()));
    return socket;
  },
};
