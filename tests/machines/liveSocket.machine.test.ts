import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock, type AnyStateMachine } from "xstate";
import { LIVE_RECONNECT } from "../../contract/live";
import { liveSocketMachine, reconnectDelay, type LiveSocketContext } from "../../machines/liveSocket.machine";
import {
  allTransitions,
  coverageLine,
  missing,
  promiseStubs,
  settle,
  transitionKey,
  transitionPaths,
  type WalkPath,
} from "./modelWalk";
import { expect as vexpect } from "vitest";

const CONNECTING = "xstate.after.connectTimeout.liveSocket.active.connecting";
const RETRY = "xstate.after.retry.liveSocket.active.reconnecting";
const noRandom = () => 0.5;
const strip = (c: unknown) => {
  const { random: _r, ...rest } = c as LiveSocketContext;
  return rest;
};

/**
 * Like modelWalk's runPath, but time is a SimulatedClock: a path's `xstate.after.*` step is not sent,
 * the clock moves by exactly the delay the machine asked for (one ms less first: nothing may happen yet).
 */
async function runTimedPath(
  path: WalkPath,
  build: () => { machine: AnyStateMachine; pending: ReturnType<typeof promiseStubs>["pending"] },
): Promise<Set<string>> {
  const taken = new Set<string>();
  const clock = new SimulatedClock();
  const { machine, pending } = build();
  const actor = createActor(machine, {
    clock,
    input: { random: noRandom },
    inspect: (ev) => {
      // oxlint-disable-next-line no-underscore-dangle -- xstate's inspection API names it so
      if (ev.type === "@xstate.microstep") for (const t of ev._transitions) taken.add(transitionKey(t));
    },
  });
  actor.start();
  await settle();
  for (const step of path.steps) {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
    if (step.event.type === CONNECTING || step.event.type === RETRY) {
      const before = actor.getSnapshot();
      const delay =
        step.event.type === CONNECTING
          ? LIVE_RECONNECT.timeoutMs
          : reconnectDelay((before.context as LiveSocketContext).attempt, 0.5);
      clock.increment(delay - 1);
      vexpect(actor.getSnapshot().value, `still waiting 1 ms before ${step.event.type}`).toEqual(before.value);
      clock.increment(1);
    } else if (outcome) {
      const [, kind, id] = outcome;
      const call = pending.get(id!);
      expect(call, `${id} should be in flight`).toBeDefined();
      pending.delete(id!);
      if (kind === "done") call!.resolve((step.event as { output?: unknown }).output);
      else call!.reject((step.event as { error?: unknown }).error);
    } else {
      actor.send(step.event as never);
    }
    await settle();
    expect(actor.getSnapshot().value, `after ${step.event.type}`).toEqual(step.value);
    expect(strip(actor.getSnapshot().context), `context after ${step.event.type}`).toEqual(strip(step.context));
  }
  actor.stop();
  return taken;
}

// Attempts beyond 2 behave alike (the delay is capped), so the walk stops counting there.
const serializeState = (s: { value: unknown; context: LiveSocketContext }) =>
  JSON.stringify([s.value, Math.min(s.context.attempt, 2), s.context.token, s.context.profileId]);

describe("liveSocket.machine: every transition, walked on a real actor with a simulated clock", () => {
  const events = [
    { type: "live.signedIn", token: "t1", profileId: "p1" },
    { type: "live.signedOut" },
    { type: "live.tokenRefreshed", token: "t2" },
    { type: "socket.connected" },
    { type: "socket.failed" },
    { type: "socket.rejected" },
    { type: "socket.disconnected", byServer: true },
    { type: "socket.disconnected", byServer: false },
    { type: CONNECTING },
    { type: RETRY },
    { type: "xstate.done.actor.refresh", output: "t3" },
    { type: "xstate.error.actor.refresh", error: new Error("refresh failed") },
  ];
  const paths = transitionPaths(liveSocketMachine, { events, serializeState: serializeState as never });
  const all = allTransitions(liveSocketMachine);
  const covered = new Set<string>();

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_n, path) => {
    const taken = await runTimedPath(path, () => {
      const stubs = promiseStubs(["refresh"]);
      return { machine: liveSocketMachine.provide({ actors: stubs.actors }), pending: stubs.pending };
    });
    taken.forEach((k) => covered.add(k));
  });

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("liveSocket.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

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
