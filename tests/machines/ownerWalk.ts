import { expect } from "vitest";
import { createActor, SimulatedClock, type AnyActorRef, type AnyStateMachine } from "xstate";
import { transitionKey } from "./modelWalk";

/**
 * Model-based walking for machines that own children (spawned flows, invoked callbacks and promises). The pure
 * `transition()` of the plain walk cannot see a child's outcome, so this walk runs on real actors: breadth first
 * from the initial state, every path is replayed on a fresh actor and each step is tried after it; a step that
 * takes no transition is not a move, a move to a state not seen yet extends the frontier. What a step does is
 * up to the test: send an event to the owner, to one of its children, settle a stubbed promise, or move the
 * fake clock. Coverage is the transitions the owner itself reports taking.
 */

/** What a step acts on: the owner's actor, its stubbed promises and the fake clock. */
export type Harness = {
  actor: ReturnType<typeof createActor<AnyStateMachine>>;
  pending: Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>;
  clock: SimulatedClock;
};
/** One move of the walk; `run` answers false when it cannot be made here (no such child, nothing in flight). */
export type OwnerStep = { name: string; run: (h: Harness) => boolean };

export type OwnerWalk = { paths: string[][]; covered: Set<string> };

/** Lets promise outcomes and the events they cause run to completion. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise<void>((r) => setTimeout(r, 0));
};

export async function walkOwner(options: {
  /** The owner with its stubs; the fake clock is the one its delays run on (its clock service may read it). */
  build: (clock: SimulatedClock) => { machine: AnyStateMachine; pending: Harness["pending"] };
  /** Where the fake clock starts (epoch ms). */
  startAt?: number;
  steps: readonly OwnerStep[];
  /** What makes two snapshots the same state of the walk. */
  key: (actor: Harness["actor"]) => string;
  /** Longest path tried (the frontier stops growing past it). */
  maxDepth?: number;
}): Promise<OwnerWalk> {
  const maxDepth = options.maxDepth ?? 8;
  const covered = new Set<string>();
  const paths: string[][] = [];

  async function replay(path: readonly number[], extra?: number): Promise<{ h: Harness; moved: boolean } | null> {
    const clock = new SimulatedClock();
    clock.set(options.startAt ?? 0);
    const taken = new Set<string>();
    const { machine, pending } = options.build(clock);
    const actor = createActor(machine, {
      clock,
      inspect: (ev) => {
        if (ev.type !== "@xstate.microstep" || ev.actorRef !== actor) return;
        // oxlint-disable-next-line no-underscore-dangle -- xstate's inspection API names it so
        for (const t of ev._transitions) taken.add(transitionKey(t));
      },
    });
    const h: Harness = { actor, pending, clock };
    actor.start();
    await flush();
    for (const index of path) {
      if (!options.steps[index]!.run(h)) return null;
      await flush();
    }
    if (extra === undefined) return { h, moved: true };
    taken.clear();
    if (!options.steps[extra]!.run(h)) return { h, moved: false };
    await flush();
    for (const k of taken) covered.add(k);
    return { h, moved: taken.size > 0 };
  }

  const initial = await replay([]);
  const seen = new Set([options.key(initial!.h.actor)]);
  initial!.h.actor.stop();
  let frontier: number[][] = [[]];
  for (let depth = 0; depth < maxDepth && frontier.length > 0; depth++) {
    const next: number[][] = [];
    for (const path of frontier) {
      for (let i = 0; i < options.steps.length; i++) {
        const result = await replay(path, i);
        if (!result) continue;
        const { h, moved } = result;
        const key = options.key(h.actor);
        h.actor.stop();
        if (!moved) continue;
        paths.push([...path, i].map((s) => options.steps[s]!.name));
        if (!seen.has(key)) {
          seen.add(key);
          next.push([...path, i]);
        }
      }
    }
    frontier = next;
  }
  return { paths, covered };
}

/** A step that sends `event` to the owner. */
export const toOwner = (name: string, event: { type: string; [k: string]: unknown }): OwnerStep => ({
  name,
  run: ({ actor }) => {
    if (actor.getSnapshot().status !== "active") return false;
    actor.send(event);
    return true;
  },
});

/** A step that sends `event` to the child the owner keeps in `context[slot]` (absent or finished: no move). */
export const toChild = (name: string, slot: string, event: { type: string; [k: string]: unknown }): OwnerStep => ({
  name,
  run: ({ actor }) => {
    const ref = (actor.getSnapshot().context as Record<string, AnyActorRef | null>)[slot];
    if (!ref || ref.getSnapshot().status !== "active") return false;
    ref.send(event);
    return true;
  },
});

/** A step that settles the stubbed promise `id` (nothing in flight: no move). */
export const settlePromise = (
  name: string,
  id: string,
  outcome: { output?: unknown } | { error: unknown },
): OwnerStep => ({
  name,
  run: ({ pending }) => {
    const call = pending.get(id);
    if (!call) return false;
    pending.delete(id);
    if ("error" in outcome) call.reject(outcome.error);
    else call.resolve(outcome.output);
    return true;
  },
});

/** A step that moves the fake clock by `ms`, firing the owner's due delays. */
export const advance = (name: string, ms: number): OwnerStep => ({
  name,
  run: ({ clock }) => {
    clock.increment(ms);
    return true;
  },
});

export const expectFull = (name: string, all: Set<string>, covered: Set<string>) => {
  const missed = [...all].filter((k) => !covered.has(k));
  console.log(`${name}: ${all.size - missed.length}/${all.size} transitions covered`);
  expect(missed).toEqual([]);
};
