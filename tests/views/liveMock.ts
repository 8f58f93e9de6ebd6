// An in-memory stand-in for src/api/live (the socket): tests play the server's pushes with `push`.
// Use: vi.mock("<path to>/src/api/live", () => import("<path to>/liveMock").then((m) => m.liveModule));
import { act } from "@testing-library/react";

export const live = {
  listeners: new Map<string, Set<(p: unknown) => void>>(),
  opened: [] as string[],
  subscribed: [] as string[],
};

export const liveModule = {
  openSocket: (token: string, sink: (e: { type: string }) => void) => {
    live.opened.push(token);
    queueMicrotask(() => sink({ type: "socket.connected" }));
  },
  closeSocket: () => {},
  subscribeProfile: (id: string) => void live.subscribed.push(id),
  isConnected: () => true,
  sendCommand: async () => false,
  onLiveEvent: (event: string, handler: (p: unknown) => void) => {
    const set = live.listeners.get(event) ?? new Set();
    set.add(handler);
    live.listeners.set(event, set);
    return () => set.delete(handler);
  },
};

/** Delivers `payload` as the server's `event` to every listener. */
export const push = (event: string, payload: unknown) =>
  act(() => live.listeners.get(event)?.forEach((h) => h(payload)));
