// Issue 12: what the first screen does not need waits until that screen has painted. The page's first
// content (the screen inside the layout) marks the moment once; once it is on screen, everything deferred
// starts loading: the app's long-lived actors and effects, the header and footer, the landing's data sections
// and the translation namespaces other screens use. A guest's landing thus paints with React, i18next
// and its own chunk only.
import { startTransition, useEffect, useState } from "react";

let painted = false;
let scheduled = false;
const listeners = new Set<() => void>();

function markPainted() {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
}

const supportsLcp = () =>
  typeof PerformanceObserver !== "undefined" && (PerformanceObserver.supportedEntryTypes ?? []).includes("largest-contentful-paint");

/**
 * Called once the first screen has committed. On the landing the flag flips once the browser reports that
 * screen painted (its largest-contentful-paint entry, at presentation); where there is no such report, two
 * frames later, and after a second at most (a tab opened in the background paints nothing). Any other first
 * page flips it at once: its screen needs the deferred parts anyway.
 */
export function firstScreenCommitted() {
  if (scheduled) return;
  scheduled = true;
  if (location.pathname !== "/") {
    markPainted();
    return;
  }
  const committedAt = performance.now();
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    observer?.disconnect();
    setTimeout(markPainted, 0);
  };
  if (supportsLcp()) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= committedAt)) finish();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    setTimeout(finish, 1000);
  } else {
    requestAnimationFrame(() => requestAnimationFrame(finish));
    setTimeout(finish, 1000);
  }
}

/**
 * True once the first screen is on screen; components that may wait render only then. The switch is a
 * transition: React renders what joins in slices, between which the page stays responsive.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let live = true;
    afterFirstPaint(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}

/** Runs `run` once, after the first screen has painted (at once when it already has). */
export function afterFirstPaint(run: () => void) {
  if (painted) {
    queueMicrotask(run);
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
