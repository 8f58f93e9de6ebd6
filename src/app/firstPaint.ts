// Issue 12: what the first screen does not need waits until that screen has painted. The page's first
// content (the screen inside the layout) marks the moment once; a frame later, everything deferred starts
// loading: the app's long-lived actors and effects, the header and footer, the landing's data sections
// and the translation namespaces other screens use. A guest's landing thus paints with React, i18next
// and its own chunk only.
import { useEffect, useSyncExternalStore } from "react";

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

/** Called once the first screen has committed: the flag flips after the browser has painted it. */
export function firstScreenCommitted() {
  if (scheduled) return;
  scheduled = true;
  // rAF runs before the next paint; the timeout after it runs once that frame is on screen.
  requestAnimationFrame(() => setTimeout(markPainted, 0));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** True once the first screen is on screen; components that may wait render only then. */
export function useAfterFirstPaint(): boolean {
  return useSyncExternalStore(subscribe, () => painted, () => false);
}

/** Runs `run` once, after the first screen has painted (at once when it already has). */
export function afterFirstPaint(run: () => void) {
  if (painted) {
    run();
    return;
  }
  const listener = () => {
    listeners.delete(listener);
    run();
  };
  listeners.add(listener);
}

/** Marks the first paint when it commits: the layout wraps every screen in it. */
export function FirstPaintMark() {
  useEffect(firstScreenCommitted, []);
  return null;
}
