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

// A guest on the landing (no stored session, no link parameters) has nothing for the app actor to restore
// or answer: its chunk (session, live socket, notifications, modal host, effects) then waits for the
// guest's first interaction, which comes before any sign-in or navigation.
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "focusin", "wheel", "scroll"] as const;
let interacted = false;
const interactionListeners = new Set<() => void>();

function hasSessionHint(): boolean {
  const keys = ["accessToken", "refreshToken"];
  try {
    if (keys.some((key) => sessionStorage.getItem(key))) return true;
  } catch {
    // storage blocked: cookies below
  }
  return document.cookie.split(";").some((part) => keys.includes(part.trim().split("=")[0] ?? ""));
}

const guestOnLanding =
  typeof location !== "undefined" && location.pathname === "/" && location.search === "" && !hasSessionHint();

if (guestOnLanding) {
  const onInteraction = () => {
    for (const type of INTERACTIONS) removeEventListener(type, onInteraction, true);
    interacted = true;
    for (const listener of interactionListeners) listener();
    interactionListeners.clear();
  };
  for (const type of INTERACTIONS) addEventListener(type, onInteraction, { capture: true, passive: true });
}

/** True once the app actor and its effects should run: after the first paint, and for a guest on the landing after an interaction. */
export function useRuntimeWanted(): boolean {
  const onScreen = useAfterFirstPaint();
  const [wanted, setWanted] = useState(!guestOnLanding || interacted);
  useEffect(() => {
    if (wanted) return;
    let live = true;
    const listener = () => {
      if (live) startTransition(() => setWanted(true));
    };
    if (interacted) queueMicrotask(listener);
    else interactionListeners.add(listener);
    return () => {
      live = false;
      interactionListeners.delete(listener);
    };
  }, [wanted]);
  return onScreen && wanted;
}
