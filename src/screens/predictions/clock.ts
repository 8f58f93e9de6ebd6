import { useEffect, useState } from "react";
import { MAX_TIMER_MS } from "../../../machines/predictionChange.machine";
import { serverClock } from "../../api/serverClock";

/** The server-aligned time, re-read every `everyMs` (countdowns). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(serverClock.now);
  useEffect(() => {
    const id = setInterval(() => setNow(serverClock.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}

/**
 * The server-aligned time, re-read only when the next of `moments` passes (a card locks at its session's
 * start, a change tier opens or closes): the cards do not re-render every second.
 */
export function useNowAt(moments: readonly number[]): number {
  const [, setTick] = useState(0);
  const now = serverClock.now();
  const next = moments.filter((m) => m > now).reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // One timer to the next moment (capped); the render it causes arms the one after.
    const id = setTimeout(
      () => setTick((t) => t + 1),
      Math.min(MAX_TIMER_MS, Math.max(0, next - serverClock.now()) + 50),
    );
    return () => clearTimeout(id);
  }, [next]);
  return now;
}
