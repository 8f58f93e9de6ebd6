import { assign, fromCallback, fromPromise, setup } from "xstate";
import type { Notification } from "../contract/notifications";

/** Spec section 4: "new ones are merged and sorted newest first" (by id, the newer copy wins). */
export function mergeNotifications(
  current: readonly Notification[],
  incoming: readonly Notification[],
): Notification[] {
  const byId = new Map(current.map((n) => [n.id, n]));
  for (const n of incoming)
    byId.set(n.id, { ...byId.get(n.id), ...n, isRead: n.isRead || (byId.get(n.id)?.isRead ?? false) });
  return [...byId.values()].toSorted((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1,
  );
}

export const unreadCount = (items: readonly Notification[]) => items.filter((n) => !n.isRead).length;

const markRead = (items: readonly Notification[], ids: readonly string[]) => {
  const set = new Set(ids);
  return items.map((n) => (set.has(n.id) && !n.isRead ? { ...n, isRead: true } : n));
};
const without = (items: readonly Notification[], ids: readonly string[]) => {
  const set = new Set(ids);
  return items.filter((n) => !set.has(n.id));
};

export type NotificationsContext = {
  items: Notification[];
  error: unknown;
  /** Pushes received while the list loads. */ arrived: Notification[];
};

export type NotificationsEvent =
  | { type: "notifications.start" }
  | { type: "notifications.stop" }
  /** Load the stored list again (after a reconnect: what came while offline). */
  | { type: "notifications.reload" }
  /** Pushed by the server (`notifications`). */
  | { type: "notifications.received"; items: Notification[] }
  /** The player's own commands. */
  | { type: "notifications.read"; ids: string[] }
  | { type: "notifications.delete"; ids: string[] }
  | { type: "notifications.deleteAll" }
  /** Changes made in another tab, echoed by the server. */
  | { type: "notifications.remote.read"; ids: string[] }
  | { type: "notifications.remote.deleted"; ids: string[] }
  | { type: "notifications.remote.deletedAll" };

/**
 * The player's notifications list (spec section 4): merged newest first; read marks one; delete removes
 * one and several ids clear all; delete-all empties it. Changes show at once and go to the server
 * through the `sendRead`, `sendDelete`, `sendDeleteAll` actions.
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    tags: {} as "signedOut" | "loading" | "failed" | "ready",
  },
  actors: {
    load: fromPromise<Notification[], void>(async () => {
      throw new Error("load not provided");
    }),
    /** The live channel's notification events for the signed-in player, sent in as this machine's events. */
    listen: fromCallback<NotificationsEvent>(() => () => {}),
  },
  actions: {
    sendRead: (_args, _params: { ids: string[] }) => {},
    sendDelete: (_args, _params: { ids: string[] }) => {},
    sendDeleteAll: () => {},
  },
  guards: {
    several: ({ event }) => event.type === "notifications.delete" && event.ids.length > 1,
    hasUnread: ({ context, event }) =>
      event.type === "notifications.read" &&
      event.ids.some((id) => context.items.some((n) => n.id === id && !n.isRead)),
  },
}).createMachine({
  id: "notifications",
  description:
    "The player's notifications: loaded on sign-in and after every reconnect, merged newest first, read, deleted one by one or all at once.",
  context: { items: [], error: null, arrived: [] },
  initial: "signedOut",
  states: {
    signedOut: {
      tags: "signedOut",
      on: { "notifications.start": "active" },
    },
    active: {
      invoke: { id: "listen", src: "listen" },
      initial: "loading",
      on: {
        "notifications.stop": { target: "signedOut", actions: assign({ items: [], error: null, arrived: [] }) },
        "notifications.reload": ".loading",
        "notifications.received": {
          actions: assign({ items: ({ context, event }) => mergeNotifications(context.items, event.items) }),
        },
        "notifications.read": {
          guard: "hasUnread",
          actions: [
            assign({ items: ({ context, event }) => markRead(context.items, event.ids) }),
            { type: "sendRead", params: ({ event }) => ({ ids: event.ids }) },
          ],
        },
        "notifications.delete": [
          {
            guard: "several",
            actions: [assign({ items: [] }), { type: "sendDelete", params: ({ event }) => ({ ids: event.ids }) }],
          },
          {
            actions: [
              assign({ items: ({ context, event }) => without(context.items, event.ids) }),
              { type: "sendDelete", params: ({ event }) => ({ ids: event.ids }) },
            ],
          },
        ],
        "notifications.deleteAll": { actions: [assign({ items: [] }), "sendDeleteAll"] },
        "notifications.remote.read": {
          actions: assign({ items: ({ context, event }) => markRead(context.items, event.ids) }),
        },
        "notifications.remote.deleted": {
          actions: assign({ items: ({ context, event }) => without(context.items, event.ids) }),
        },
        "notifications.remote.deletedAll": { actions: assign({ items: [] }) },
      },
      states: {
        loading: {
          tags: "loading",
          entry: assign({ arrived: [] }),
          invoke: {
            id: "load",
            src: "load",
            // The stored list is the truth; only pushes that raced the load are merged into it.
            onDone: {
              target: "ready",
              actions: assign({
                items: ({ context, event }) => mergeNotifications(event.output, context.arrived),
                arrived: [],
                error: null,
              }),
            },
            onError: { target: "failed", actions: assign({ error: ({ event }) => event.error, arrived: [] }) },
          },
          on: {
            "notifications.received": {
              actions: assign({
                items: ({ context, event }) => mergeNotifications(context.items, event.items),
                arrived: ({ context, event }) => [...context.arrived, ...event.items],
              }),
            },
          },
        },
        ready: { tags: "ready" },
        failed: { tags: "failed" },
      },
    },
  },
});
