import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from "xstate";
import { ROOT_STATE, type ReportedTransition } from "../contract/analytics";

// The names a transition is counted under: the browser reports them, the server accepts only
// names some machine declares, and the staff page lays the counts on the same machine's chart.

export type FlowKey = Omit<ReportedTransition, "count">;

/** A state node's dotted path ("ready.outside"); the machine's root is ROOT_STATE. */
export const stateName = (node: AnyStateNode): string => (node.path.length ? node.path.join(".") : ROOT_STATE);

/** One key per target of the transition; a targetless one stays in its source. */
export function flowKeysOf(t: AnyTransitionDefinition): FlowKey[] {
  const source = t.source;
  const machine = source.machine.id;
  const event = t.eventType || "always";
  const targets = (t.target as AnyStateNode[] | undefined) ?? [source];
  return targets.map((target) => ({ machine, from: stateName(source), event, to: stateName(target) }));
}

const allOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
  ...(Object.values(node.states) as AnyStateNode[]).flatMap(allOf),
];

/** Every key the machine can report. */
export const machineFlowKeys = (machine: AnyStateMachine): FlowKey[] => allOf(machine.root).flatMap(flowKeysOf);

export const flowKeyString = (k: FlowKey) => `${k.machine}|${k.from}|${k.event}|${k.to}`;
