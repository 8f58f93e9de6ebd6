import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Notification } from "../../contract/notifications";
import { mergeNotifications, notificationsMachine, unreadCount } from "../../machines/notifications.machine";
import { settle } from "./stubs";

// The notifications' paths are walked on the header's bell (tests/views/paths/notifications.paths.test.tsx), with
// the coverage of every transition; these are the rules the bell's paths do not spell out.

const n = (id: string, minute: number, isRead = false): Notification => ({
  id,
  type: "LEAGUE_INVITATION",
  value: { league: { id: "L1", name: "Tifosi" } },
  createdAt: new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString(),
  isRead,
});
const a = n("a", 1);
const b = n("b", 2);
const c = n("c", 3, true);

function start(load: () => Promise<Notification[]> = async () => [a, c]) {
  const sent: string[] = [];
  const actor = createActor(
    notificationsMachine.provide({
      actors: { load: fromPromise(load) },
      actions: {
        sendRead: (_x, p) => void sent.push(`read ${p.ids.join(",")}`),
        sendDelete: (_x, p) => void sent.push(`delete ${p.ids.join(",")}`),
        sendDeleteAll: () => void sent.push("deleteAll"),
      },
    }),
  ).start();
  const ids = () => actor.getSnapshot().context.items.map((i) => i.id);
  return { actor, sent, ids };
}

describe("Notifications (spec section 4)", () => {
  it("merges new ones and sorts them newest first, without duplicates", () => {
    expect(mergeNotifications([a, c], [b, a]).map((i) => i.id)).toEqual(["c", "b", "a"]);
    expect(mergeNotifications([{ ...a, isRead: true }], [a])[0]!.isRead).toBe(true);
  });

  it("loads on start, merges pushes, and counts the unread", async () => {
    const { actor, ids } = start();
    actor.send({ type: "notifications.start" });
    await settle();
    actor.send({ type: "notifications.received", items: [b] });
    expect(ids()).toEqual(["c", "b", "a"]);
    expect(unreadCount(actor.getSnapshot().context.items)).toBe(2);
  });

  it("read marks one as read and tells the server; reading a read one sends nothing", async () => {
    const { actor, sent } = start();
    actor.send({ type: "notifications.start" });
    await settle();
    actor.send({ type: "notifications.read", ids: ["a"] });
    actor.send({ type: "notifications.read", ids: ["a"] });
    expect(unreadCount(actor.getSnapshot().context.items)).toBe(0);
    expect(sent).toEqual(["read a"]);
  });

  it("delete removes one; several ids clear all; delete-all empties", async () => {
    const { actor, sent, ids } = start(async () => [a, b, c]);
    actor.send({ type: "notifications.start" });
    await settle();
    actor.send({ type: "notifications.delete", ids: ["b"] });
    expect(ids()).toEqual(["c", "a"]);
    actor.send({ type: "notifications.delete", ids: ["a", "c"] });
    expect(ids()).toEqual([]);
    actor.send({ type: "notifications.received", items: [a] });
    actor.send({ type: "notifications.deleteAll" });
    expect(ids()).toEqual([]);
    expect(sent).toEqual(["delete b", "delete a,c", "deleteAll"]);
  });

  it("a reload replaces the list with the stored one, keeping pushes that raced it", async () => {
    let release!: (v: Notification[]) => void;
    const { actor, ids } = start(() => new Promise((r) => (release = r)));
    actor.send({ type: "notifications.start" });
    release([a]);
    await settle();
    actor.send({ type: "notifications.received", items: [c] });
    actor.send({ type: "notifications.reload" });
    actor.send({ type: "notifications.received", items: [b] });
    release([a]); // c was deleted in another tab while we were away
    await settle();
    expect(ids()).toEqual(["b", "a"]);
  });

  it("sign-out empties the list", async () => {
    const { actor, ids } = start();
    actor.send({ type: "notifications.start" });
    await settle();
    actor.send({ type: "notifications.stop" });
    expect(ids()).toEqual([]);
    expect(actor.getSnapshot().value).toBe("signedOut");
  });
});
