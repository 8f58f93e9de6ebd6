import { transition, type AnyActor, type AnyStateMachine, type InspectionEvent } from "xstate";
import { EVENTS_PER_ACTOR, redact, type RecordedActor, type RecordedStep } from "../contract/diagnostics";

// Issue 16: what support needs to replay a player's problem. `createRecorder` listens to XState's `inspect`
// stream and keeps, for every machine actor, its start (state and context), the last EVENTS_PER_ACTOR events it
// took with the state after each, all redacted; `replayActor` runs the recorded events through the same machine
// with xstate's pure `transition` (no service runs: invoked actors "answer" with their recorded done/error
// events) and reports each state.

type Live = { ref: AnyActor; id: string; machine: string; initial: RecordedActor["initial"]; steps: RecordedStep[]; dropped: boolean };

const machineOf = (ref: AnyActor): AnyStateMachine | null => {
  const logic: unknown = ref.logic;
  return typeof logic === "object" && logic !== null && "root" in logic && "getStateNodeById" in logic ? (logic as AnyStateMachine) : null;
};

export function createRecorder(limit = EVENTS_PER_ACTOR) {
  const actors = new Map<string, Live>();
  return {
    /** Pass as (or call from) the actor's `inspect` option. */
    inspect(event: InspectionEvent): void {
      if (event.type !== "@xstate.snapshot") return;
      // Snapshot events come from real actors; the inspection type names only what every actor-like has.
      const ref = event.actorRef as AnyActor;
      const machine = machineOf(ref);
      if (!machine) return;
      const snapshot = event.snapshot as { value?: unknown; context?: unknown };
      const key = ref.sessionId;
      if (event.event.type === "xstate.init" || !actors.has(key)) {
        actors.set(key, {
          ref,
          id: ref.id,
          machine: machine.id,
          initial: { value: redact(snapshot.value), context: redact(snapshot.context) },
          steps: [],
          // Seen first after its start: the recording cannot be replayed from the start.
          dropped: event.event.type !== "xstate.init",
        });
        if (event.event.type === "xstate.init") return;
      }
      const live = actors.get(key)!;
      live.steps.push({ event: redact(event.event), value: redact(snapshot.value) });
      if (live.steps.length > limit) {
        live.steps.shift();
        live.dropped = true;
      }
    },
    /** Every machine actor seen, with its current snapshot. */
    actors(): RecordedActor[] {
      return [...actors.values()].map((a) => {
        const now = a.ref.getSnapshot() as { value?: unknown; context?: unknown; status?: unknown };
        return {
          id: a.id,
          machine: a.machine,
          initial: a.initial,
          steps: [...a.steps],
          complete: !a.dropped,
          current: { value: redact(now.value), context: redact(now.context), status: String(now.status ?? "") },
        };
      });
    },
  };
}

export type ReplayStep = { event: string; value: unknown; recorded: unknown; matches: boolean };
export type ReplayResult = { actor: string; machine: string; steps: ReplayStep[]; finalValue: unknown; recordedFinal: unknown; matches: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Replays one recorded actor through its machine, from its recorded start, step by step. */
export function replayActor(machine: AnyStateMachine, recorded: RecordedActor): ReplayResult {
  if (!recorded.complete) throw new Error(`${recorded.id}: the recording does not start at the actor's start (events were dropped)`);
  let snapshot = machine.resolveState({ value: recorded.initial.value as never, context: recorded.initial.context as never });
  const steps: ReplayStep[] = [];
  for (const step of recorded.steps) {
    const event = step.event as { type: string };
    [snapshot] = transition(machine, snapshot, event as never);
    const value = redact(snapshot.value);
    steps.push({ event: event.type, value, recorded: step.value, matches: same(value, step.value) });
  }
  const finalValue = redact(snapshot.value);
  return {
    actor: recorded.id,
    machine: recorded.machine,
    steps,
    finalValue,
    recordedFinal: recorded.current.value,
    matches: steps.every((s) => s.matches) && same(finalValue, recorded.current.value),
  };
}
