import { useEffect, useState } from "react";
import { timeLeft } from "../../../contract/questionRules";
import { MAX_TIMER_MS } from "../../../machines/predictionChange.machine";
import { serverClock } from "../../api/serverClock";

/** The server-aligned time, re-read every second until `until` has passed (a question's countdown). */
export function useClockUntil(until: number): number {
  const [now, setNow] = useState(serverClock.now);
  useEffect(() => {
    if (now >= until) return;
    const id = setTimeout(
      () => setNow(serverClock.now()),
      Math.min(1000, MAX_TIMER_MS, Math.max(0, until - serverClock.now())),
    );
    return () => clearTimeout(id);
  }, [until, now]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Days and the rest as hh:mm:ss left to answer (contract/questionRules.ts `timeLeft`). */
export function timeLeftParts(until: number, now: number) {
  const total = Math.floor(timeLeft(now, until) / 1000);
  const rest = total % 86_400;
  return {
    days: Math.floor(total / 86_400),
    hms: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`,
  };
}
