import type { AnyStateMachine } from "xstate";
import { toDirectedGraph, type DirectedGraphNode } from "xstate/graph";
import { transitionKey } from "../../scripts/paths";

export { transitionKey };

// What 100% transition coverage is measured against: the QA catalogue (scripts/paths.ts), the chart check and every
// walk on a view count the same transitions under the same names.

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
