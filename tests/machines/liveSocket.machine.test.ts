import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import { liveSocketMachine, reconnectDelay } from "../../machines/liveSocket.machine";
import { settle } from "./stubs";

// The live channel's paths are walked on the app's own live module against an in-memory socket.io server, under the
// header (tests/views/paths/liveSocket.paths.test.tsx), with the coverage of every transition; these are the rules
// its paths do not spell out (the exact delays, the order of what the socket is asked).

const noRandom = () => 0.5;

describe("Reconnect delay starts at 1000 ms, max 5000 ms, jitter 0.5, unlimited attempts", () => {
  it("doubles from 1000 ms to the 5000 ms cap without jitter", () => {
    expect([0, 1, 2, 3, 4, 50].map((n) => reconnectDelay(n, 0.5))).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });
  it("moves each delay by up to half of itself, never above the cap", () => {
    expect(reconnectDelay(0, 0)).toBe(500);
    expect(reconnectDelay(0, 0.999999)).toBe(1500);
    expect(reconnectDelay(1, 0)).toBe(1000);
    expect(reconnectDelay(2, 0.999999)).toBe(5000);
    for (let i = 0; i < 200; i++) {
      const d = reconnectDelay(i % 8, Math.random());
      expect(d).toBeGreaterThanOrEqual(500);
      expect(d).toBeLessThanOrEqual(5000);
    }
  });
});

function start(refresh: () => Promise<string> = async () => "fresh") {
  const clock = new SimulatedClock();
  const calls: string[] = [];
  const actor = createActor(
    liveSocketMachine.provide({
      actors: { refresh: fromPromise(refresh) },
      actions: {
        open: (_a, p) => void calls.push(`open ${p.token}`),
        close: () => void calls.push("close"),
        subscribe: (_a, p) => void calls.push(`subscribe ${p.profileId}`),
      },
    }),
    { clock, input: { random: noRandom } },
  ).start();
  return { actor, clock, calls, state: () => JSON.stringify(actor.getSnapshot().value) };
}

describe("The live channel follows the session", () => {
  it("pauses while signed out, connects on sign-in, subscribes with the profile id, disconnects on sign-out", () => {
    const { actor, calls, state } = start();
    expect(state()).toBe('"signedOut"');
    actor.send({ type: "socket.connected" });
    expect(calls).toEqual([]);
    actor.send({ type: "live.signedIn", token: "t1", profileId: "p1" });
    actor.send({ type: "socket.connected" });
    expect(state()).toBe('{"active":"connected"}');
    actor.send({ type: "live.signedOut" });
    expect(state()).toBe('"signedOut"');
    expect(calls).toEqual(["open t1", "subscribe p1", "close"]);
  });

  it("keeps retrying with growing delays, unlimited, and starts over at 1000 ms after a success", () => {
    const { actor, clock, calls, state } = start();
    actor.send({ type: "live.signedIn", token: "t1", profileId: "p1" });
    const waits = [1000, 2000, 4000, 5000, 5000, 5000, 5000, 5000];
    for (const wait of waits) {
      actor.send({ type: "socket.failed" });
      clock.increment(wait - 1);
      expect(state()).toBe('{"active":"reconnecting"}');
      clock.increment(1);
      expect(state()).toBe('{"active":"connecting"}');
    }
    expect(calls.filter((c) => c.startsWith("open"))).toHaveLength(waits.length + 1);
    actor.send({ type: "socket.connected" });
    actor.send({ type: "socket.disconnected", byServer: false });
    clock.increment(999);
    expect(state()).toBe('{"active":"reconnecting"}');
    clock.increment(1);
    expect(state()).toBe('{"active":"connecting"}');
  });

  it("gives up a connect after 20000 ms and retries", () => {
    const { actor, clock, state } = start();
    actor.send({ type: "live.signedIn", token: "t1", profileId: "p1" });
    clock.increment(19_999);
    expect(state()).toBe('{"active":"connecting"}');
    clock.increment(1);
    expect(state()).toBe('{"active":"reconnecting"}');
  });

  it("a refusal by the server refreshes the token and connects with the new one", async () => {
    const { actor, calls, state } = start(async () => "t-new");
    actor.send({ type: "live.signedIn", token: "t-old", profileId: "p1" });
    actor.send({ type: "socket.rejected" });
    expect(state()).toBe('{"active":"refreshing"}');
    await settle();
    expect(state()).toBe('{"active":"connecting"}');
    expect(calls).toEqual(["open t-old", "close", "open t-new"]);
  });

  it("re-authenticates after a token refresh elsewhere", () => {
    const { actor, calls } = start();
    actor.send({ type: "live.signedIn", token: "t1", profileId: "p1" });
    actor.send({ type: "socket.connected" });
    actor.send({ type: "live.tokenRefreshed", token: "t2" });
    expect(calls).toEqual(["open t1", "subscribe p1", "close", "open t2"]);
  });
});
