import { assign, transition, type AnyActor, type AnyStateMachine, type InspectionEvent } from "xstate";
import { EVENTS_PER_ACTOR, REDACTED, redact, type RecordedActor, type RecordedStep } from "../contract/diagnostics";

// What support needs to replay a player's problem. `createRecorder` listens to XState's `inspect`
// stream and keeps, for every machine actor, its start (state and context), the last EVENTS_PER_ACTOR events it
// took with the state after each, all redacted; `replayActor` runs the recorded events through the same machine
// with xstate's pure `transition` (no service runs: invoked actors "answer" with their recorded done/error
// events) and reports each state.

type Live = {
  ref: AnyActor;
  id: string;
  systemId?: string;
  machine: string;
  initial: RecordedActor["initial"];
  steps: RecordedStep[];
  dropped: boolean;
};

const machineOf = (ref: AnyActor): AnyStateMachine | null => {
  const logic: unknown = ref.logic;
  return typeof logic === "object" && logic !== null && "root" in logic && "getStateNodeById" in logic
    ? (logic as AnyStateMachine)
    : null;
};

/** A machine that reads the clock (its `readClock` action) keeps the time read in `context.now`. */
const clockOf = (context: unknown): { now?: number } => {
  const now = typeof context === "object" && context !== null && "now" in context ? context.now : undefined;
  return typeof now === "number" ? { now } : {};
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
          ...(ref.systemId ? { systemId: ref.systemId } : {}),
          machine: machine.id,
          initial: { value: redact(snapshot.value), context: redact(snapshot.context) },
          steps: [],
          // Seen first after its start: the recording cannot be replayed from the start.
          dropped: event.event.type !== "xstate.init",
        });
        if (event.event.type === "xstate.init") return;
      }
      const live = actors.get(key)!;
      live.steps.push({ event: redact(event.event), value: redact(snapshot.value), ...clockOf(snapshot.context) });
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
          ...(a.systemId ? { systemId: a.systemId } : {}),
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
export type ReplayResult = {
  actor: string;
  machine: string;
  steps: ReplayStep[];
  finalValue: unknown;
  recordedFinal: unknown;
  matches: boolean;
  /** The step the machine could not take (it threw), e.g. on a value the recording redacted; null if none. */
  error: string | null;
};

/** JSON with object keys sorted: parallel regions may list their states in any order. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).toSorted(([a], [b]) => a.localeCompare(b)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Whether the recording holds values `redact` replaced: a machine reading them cannot be replayed. */
export const isRedacted = (recorded: RecordedActor) =>
  JSON.stringify([recorded.initial, recorded.steps]).includes(JSON.stringify(REDACTED));

/**
 * Replays one recorded actor through its machine, from its recorded start, step by step. The clock is a
 * service too: a machine's `readClock` reads, at each step, the time the player's machine read then.
 */
export function replayActor(machine: AnyStateMachine, recorded: RecordedActor): ReplayResult {
  if (!recorded.complete)
    throw new Error(`${recorded.id}: the recording does not start at the actor's start (events were dropped)`);
  const initialNow = clockOf(recorded.initial.context).now;
  let clock = initialNow ?? 0;
  const replayed =
    initialNow !== undefined && machine.implementations.actions.readClock
      ? machine.provide({ actions: { readClock: assign({ now: () => clock }) } })
      : machine;
  let snapshot = replayed.resolveState({
    value: recorded.initial.value as never,
    context: recorded.initial.context as never,
  });
  const steps: ReplayStep[] = [];
  let error: string | null = null;
  for (const step of recorded.steps) {
    const event = step.event as { type: string };
    clock = step.now ?? clock;
    try {
      [snapshot] = transition(replayed, snapshot, event as never);
    } catch (e) {
      error = `${event.type}: ${e instanceof Error ? e.message : String(e)}`;
      break;
    }
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
    matches: error === null && steps.every((s) => s.matches) && same(finalValue, recorded.current.value),
    error,
  };
}
