import { expect } from "vitest";
import {
  createActor,
  fromPromise,
  initialTransition,
  transition,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from "xstate";
import { serializeSnapshot, toDirectedGraph, type DirectedGraphNode } from "xstate/graph";

/**
 * Model-based walking for machines with invoked promises. `xstate/graph`'s createTestModel refuses
 * `invoke`, so paths are generated from the machine with `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` events standing in for promise outcomes; on the real actor those steps
 * settle the matching stub promise instead of being sent. Coverage is measured against the edges of
 * `toDirectedGraph`, from the transitions the real actor reports taking.
 */

type AnySnapshot = ReturnType<AnyStateMachine["getInitialSnapshot"]>;
export type WalkStep = { event: EventObject; value: unknown; context: unknown };
export type WalkPath = { name: string; steps: WalkStep[] };

/** A transition's identity that survives `machine.provide()` (which rebuilds the state nodes). */
export function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list: AnyTransitionDefinition[] =
    t.eventType === "" ? (source.always ?? []) : (source.transitions.get(t.eventType) ?? []);
  const index = list.indexOf(t);
  const targets = t.target?.map((n) => n.id).join(",") ?? "(self)";
  return `${source.id} --${t.eventType || "always"}#${index}--> ${targets}`;
}

/** Every transition of the machine: the edges of `toDirectedGraph` plus eventless (`always`) ones, which it omits. */
export function allTransitions(machine: AnyStateMachine): Set<string> {
  const keys = new Set<string>();
  const visit = (node: DirectedGraphNode) => {
    for (const edge of node.edges) keys.add(transitionKey(edge.transition));
    for (const t of node.stateNode.always ?? []) keys.add(transitionKey(t));
    node.children.forEach(visit);
  };
  visit(toDirectedGraph(machine));
  return keys;
}

type TraversalOptions = {
  events: EventObject[];
  /** What makes two snapshots "the same state" for the walk; defaults to value + context. */
  serializeState?: (snapshot: AnySnapshot) => string;
  filterEvents?: (snapshot: AnySnapshot, event: EventObject) => boolean;
};

/**
 * One path per reachable (state, event) pair: the shortest path to the state (breadth first), then the
 * event. Every transition enabled by the listed events is therefore taken at least once.
 *
 * The breadth-first search is done here with xstate's pure `transition()` rather than
 * `getShortestPaths` + `getAdjacencyMap`: with a coarse `serializeState` those return steps computed
 * from a representative snapshot, which need not be the snapshot the path's own events reach, and the
 * walk compares the real actor against every step.
 */
export function transitionPaths(machine: AnyStateMachine, options: TraversalOptions): WalkPath[] {
  const serializeState = options.serializeState ?? ((s: AnySnapshot) => serializeSnapshot(s));
  // Only events some transition takes (guards included): an ignored event teaches the walk nothing.
  // Not `snapshot.can()`, which calls a deliberate do-nothing transition "cannot".
  const enabled = (snapshot: AnySnapshot) =>
    options.events.filter(
      (e) =>
        (machine.getTransitionData(snapshot as never, e as never) ?? []).length > 0 &&
        (options.filterEvents?.(snapshot, e) ?? true),
    );
  const [initial] = initialTransition(machine);
  const seen = new Set([serializeState(initial)]);
  const queue: Array<{ snapshot: AnySnapshot; steps: WalkStep[] }> = [{ snapshot: initial, steps: [] }];
  const paths: WalkPath[] = [];
  while (queue.length > 0) {
    const { snapshot, steps: prefix } = queue.shift()!;
    for (const event of enabled(snapshot)) {
      const [next] = transition(machine, snapshot as never, event as never);
      const steps = [...prefix, { event, value: next.value, context: next.context }];
      paths.push({ name: steps.map((s) => describeEvent(s.event)).join(" → "), steps });
      const key = serializeState(next);
      if (!seen.has(key)) {
        seen.add(key);
        queue.push({ snapshot: next, steps });
      }
    }
  }
  return paths;
}

function describeEvent(event: EventObject): string {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const payload = JSON.stringify(rest, (_k, v: unknown) => (v instanceof Error ? `Error(${v.message})` : v));
  return payload === "{}" ? type : `${type} ${payload}`;
}

/** Promise actors whose outcome each walk step decides, keyed by the invoke id (`self.id`). */
export function promiseStubs<const TNames extends string>(names: readonly TNames[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  const inputs: Array<{ id: string; input: unknown }> = [];
  const actors = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input, self }) =>
          new Promise((resolve, reject) => {
            inputs.push({ id: self.id, input });
            pending.set(self.id, { resolve, reject });
          }),
      ),
    ]),
    // Outputs come from the path's events, so one untyped stub stands in for any promise actor.
  ) as Record<TNames, never>;
  return { actors, pending, inputs };
}

export const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Runs the path on a real actor built by `build` (which provides the stubs), asserting state value
 * and context after every step; returns the keys of the transitions the actor actually took.
 */
export async function runPath(
  path: WalkPath,
  build: () => { machine: AnyStateMachine; pending: ReturnType<typeof promiseStubs>["pending"] },
  compareContext: (context: unknown) => unknown = (c) => c,
): Promise<Set<string>> {
  const taken = new Set<string>();
  const { machine, pending } = build();
  const actor = createActor(machine, {
    inspect: (ev) => {
      // oxlint-disable-next-line no-underscore-dangle -- xstate's inspection API names it so
      if (ev.type === "@xstate.microstep") for (const t of ev._transitions) taken.add(transitionKey(t));
    },
  });
  actor.start();
  await settle();
  for (const step of path.steps) {
    const outcome = /^xstate\.(done|error)\.actor\.(.+)$/.exec(step.event.type);
    if (outcome) {
      const [, kind, id] = outcome;
      const call = pending.get(id!);
      expect(call, `${id} should be in flight before ${step.event.type}`).toBeDefined();
      pending.delete(id!);
      if (kind === "done") call!.resolve((step.event as { output?: unknown }).output);
      else call!.reject((step.event as { error?: unknown }).error);
    } else {
      actor.send(step.event);
    }
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value, `after ${step.event.type}`).toEqual(step.value);
    expect(compareContext(snapshot.context), `context after ${step.event.type}`).toEqual(compareContext(step.context));
  }
  actor.stop();
  return taken;
}

export function coverageLine(name: string, all: Set<string>, covered: Set<string>): string {
  const hit = [...all].filter((k) => covered.has(k)).length;
  return `${name}: ${hit}/${all.size} transitions covered`;
}

export const missing = (all: Set<string>, covered: Set<string>) => [...all].filter((k) => !covered.has(k));
