import { useEffect, useState } from "react";

/**
 * The server's clock, ticking every second: `now` is the server's time when the timeline was read, and the tab's
 * own clock only measures the time since (a tab whose clock is off still counts down to the server's start).
 */
export function useServerNow(now: string): number {
  const [serverNow, setServerNow] = useState(() => Date.parse(now));
  useEffect(() => {
    const readAt = Date.now();
    const update = () => setServerNow(Date.parse(now) + (Date.now() - readAt));
    const first = setTimeout(update, 0);
    const id = setInterval(update, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [now]);
  return serverNow;
}

/** Whole days, hours, minutes and seconds until `target` (0 once passed). */
export function countdownParts(target: number, now: number) {
  const total = Math.max(0, Math.floor((target - now) / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}
