// What the first screen does not need waits until that screen has painted, so it paints sooner. The page's first
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
  typeof PerformanceObserver !== "undefined" &&
  (PerformanceObserver.supportedEntryTypes ?? []).includes("largest-contentful-paint");

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
  whenPaintReported(performance.now(), 1000, () => setTimeout(markPainted, 0));
}

/**
 * Runs `done` once, when the browser reports a largest paint from `since` (`performance.now()`) on (its
 * largest-contentful-paint entry, at presentation); where there is no such report, two frames later; `capMs` after
 * the call at most (a tab opened in the background paints nothing).
 */
function whenPaintReported(since: number, capMs: number, done: () => void) {
  let observer: PerformanceObserver | undefined;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(cap);
    observer?.disconnect();
    done();
  };
  const cap = setTimeout(finish, capMs);
  if (supportsLcp()) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= since)) finish();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
  } else {
    requestAnimationFrame(() => requestAnimationFrame(finish));
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

// Any other first page (a deep link) holds the runtime's chunk and the footer until its first screen's largest paint
// has settled (firstScreenSettled below), so neither competes with the screen's own files and calls. Both come at
// once when the player interacts, and the runtime (which draws modals) as soon as a modal is opened: a screen may
// open one before the runtime would arrive (an invalid invite's Retry).
const deepLink = typeof location !== "undefined" && location.pathname !== "/";

// What may wait past the first screen's largest paint (the runtime's chunk, the footer and its links call) waits for
// it to settle: after the window's load event (the page's preloaded files and calls are in), once no larger paint was
// reported for QUIET_MS, SETTLE_CAP_MS after load at most, and LOAD_CAP_MS after the first ask whatever happens (a
// request that hangs holds the load event back).
const QUIET_MS = 500;
const SETTLE_CAP_MS = 3000;
const LOAD_CAP_MS = 8000;
let settled: Promise<void> | null = null;
let settledNow = false;

/** Resolves once the first page's largest paint has settled (at once later on). */
export function firstScreenSettled(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    if (typeof document === "undefined" || typeof window === "undefined") {
      resolve();
      return;
    }
    const afterLoad = () => {
      if (!supportsLcp()) {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        return;
      }
      let quiet = setTimeout(done, QUIET_MS);
      const cap = setTimeout(done, SETTLE_CAP_MS);
      const observer = new PerformanceObserver(() => {
        clearTimeout(quiet);
        quiet = setTimeout(done, QUIET_MS);
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
      function done() {
        clearTimeout(quiet);
        clearTimeout(cap);
        observer.disconnect();
        resolve();
      }
    };
    setTimeout(resolve, LOAD_CAP_MS);
    if (document.readyState === "complete") afterLoad();
    else window.addEventListener("load", afterLoad, { once: true });
  }).then(() => {
    settledNow = true;
  });
  return settled;
}

function wantNow() {
  if (interacted) return;
  interacted = true;
  for (const listener of interactionListeners) listener();
  interactionListeners.clear();
}

if (guestOnLanding || deepLink) {
  const onInteraction = () => {
    for (const type of INTERACTIONS) removeEventListener(type, onInteraction, true);
    wantNow();
  };
  for (const type of INTERACTIONS) addEventListener(type, onInteraction, { capture: true, passive: true });
}

/** A modal was opened: the runtime, which draws it, is wanted now (called by the app actor). */
export function runtimeNeeded() {
  wantNow();
}

/** Runs `listener` once the player interacted or a modal opened; returns how to stop waiting. */
function whenWanted(listener: () => void): () => void {
  if (interacted) {
    queueMicrotask(listener);
    return () => undefined;
  }
  interactionListeners.add(listener);
  return () => interactionListeners.delete(listener);
}

/** Runs `listener` once the first screen settled, the player interacted or a modal opened (the first of them). */
function whenSettledOrWanted(listener: () => void): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    listener();
  };
  const stop = whenWanted(once);
  void firstScreenSettled().then(once);
  return () => {
    done = true;
    stop();
  };
}

/** `false` until `subscribe` reports, then `true` (set in a transition). */
function useReady(initial: boolean, subscribe: (listener: () => void) => () => void): boolean {
  const [ready, setReady] = useState(initial);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const stop = subscribe(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
      stop();
    };
  }, [ready, subscribe]);
  return ready;
}

/**
 * True once the app actor's effects and modal host should run: on the landing after the first paint (for a guest,
 * after an interaction too); on any other first page once its first screen settled, the player interacted or a
 * modal opened.
 */
export function useRuntimeWanted(): boolean {
  const onScreen = useAfterFirstPaint();
  const wanted = useReady(
    deepLink ? settledNow : !guestOnLanding || interacted,
    deepLink ? whenSettledOrWanted : whenWanted,
  );
  return onScreen && wanted;
}

/** True once the footer should join: on the landing after the first paint; on any other first page as the runtime. */
export function useFooterWanted(): boolean {
  const onScreen = useAfterFirstPaint();
  const wanted = useReady(!deepLink || settledNow, deepLink ? whenSettledOrWanted : whenWanted);
  return onScreen && wanted;
}

// A screen that paints while a stored session is restored (`restoringScreens` in paths.ts, the
// predictions screen) is the page's first content on such a deep link. The session's profile call waits until that
// content is on screen (its largest-contentful-paint entry reported), CONTENT_CAP_MS at most, so the profile and what
// it starts (the live socket's library, the notifications, the balance and links calls) no longer end before the
// page's largest paint: Lighthouse's simulation puts every call that ended before that paint, with the work that
// started it, on the paint's path. The screen's own calls carry the stored token meanwhile; the
// socket still connects as soon as the profile is in, before the screen's player-specific reads (which wait for the
// profile too).
const CONTENT_CAP_MS = 2000;
/** How long a screen's content waits for its paint to be reported (it may not be the largest paint so far). */
const PAINT_REPORT_CAP_MS = 500;
let contentReported = false;
let showContent: () => void = () => undefined;
const contentShown = new Promise<void>((resolve) => {
  showContent = resolve;
});

/**
 * The first screen's content committed at `committedAt` (`performance.now()`): once the browser reports a largest
 * paint from then on (PAINT_REPORT_CAP_MS at most, or two frames without the report), the profile call may go.
 */
export function firstContentShown(committedAt: number) {
  if (contentReported) return;
  contentReported = true;
  whenPaintReported(committedAt, PAINT_REPORT_CAP_MS, showContent);
}

/** Resolves once the first screen's content is on screen (`firstContentShown`), CONTENT_CAP_MS after the first ask at most. */
export function firstContentOnScreen(): Promise<void> {
  return Promise.race([contentShown, new Promise<void>((resolve) => setTimeout(resolve, CONTENT_CAP_MS))]);
}
