import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import { navigate as browserNavigate } from "wouter/use-browser-location";
import { paths, queryKeys, stateValues } from "../config/paths";

// Navigation for the app's actors: machines decide, the app navigates. The app's Router follows the browser's
// location (src/app/App.tsx), so the actors read and move that same location here and the Router follows; nothing
// needs handing over. A Router on another location (the views tests' memory location) hands over its own with
// `useNavigationBridge()`.

type Navigate = (path: string, options?: { replace?: boolean }) => void;
/** Where the app is: the path and the query without its `?`. */
export type AppLocation = { path: string; search: string };

let bridged: { location: AppLocation; navigate: Navigate } | null = null;
const listeners = new Set<(location: AppLocation) => void>();

const browserLocation = (): AppLocation => ({ path: location.pathname, search: location.search.replace(/^\?/, "") });

/** Where the app is now. */
export const currentLocation = (): AppLocation => bridged?.location ?? browserLocation();

/** Goes to `path` through the app's router. */
export const navigateTo: Navigate = (path, options) => (bridged?.navigate ?? browserNavigate)(path, options);

function notify() {
  const now = currentLocation();
  for (const listener of listeners) listener(now);
}

// wouter's browser location announces pushState and replaceState as events of those names (it patches history).
const LOCATION_EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const;

/** Calls `listener` with the location after every move; returns how to stop. */
export function followLocation(listener: (location: AppLocation) => void): () => void {
  if (listeners.size === 0) for (const type of LOCATION_EVENTS) addEventListener(type, notifyFromBrowser);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) for (const type of LOCATION_EVENTS) removeEventListener(type, notifyFromBrowser);
  };
}

function notifyFromBrowser() {
  if (!bridged) notify();
}

/** Hands a Router's own location and navigate to the app's actors while it is mounted (a Router not on the browser's location). */
export function useNavigationBridge() {
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    bridged = { location: { path, search }, navigate };
    notify();
  }, [path, search, navigate]);
  useEffect(
    () => () => {
      bridged = null;
      notify();
    },
    [],
  );
}

/** Where a fresh sign-in lands: the remembered page, else the profile for `state=profile`, else predictions. */
export function signedInDestination(
  redirectTo: string | null,
  search: string,
  profileId: string | null | undefined,
): string {
  if (redirectTo) return redirectTo;
  const state = new URLSearchParams(search).get(queryKeys.state);
  if (state === stateValues.profile && profileId)
    return `${paths.profile}?${queryKeys.userId}=${encodeURIComponent(profileId)}`;
  return paths.predictions;
}
