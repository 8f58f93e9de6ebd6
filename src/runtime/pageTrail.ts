import { useEffect } from "react";
import { useLocation } from "wouter";

// The pages shown before the app runtime arrives (it loads after the first screen settled, src/lib/firstPaint.ts):
// the app machine's analytics child sends their page views once the player's analytics choice is known, so a page
// left before then still counts. Kept here, outside the runtime's chunk, because it must run from the first render.

const shown: string[] = [];
let listening = true;

/** Records each page shown while nobody takes them yet (mounted with the routes, from the first render). */
export function usePageTrail(): void {
  const [location] = useLocation();
  useEffect(() => {
    if (listening && shown.at(-1) !== location) shown.push(location);
  }, [location]);
}

/** The pages shown so far, in order; from now on the caller follows the location itself. */
export function takePageTrail(): string[] {
  listening = false;
  return shown.splice(0);
}
