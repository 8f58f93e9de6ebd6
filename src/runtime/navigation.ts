import { useEffect } from "react";
import { useLocation } from "wouter";
import { navigate as browserNavigate } from "wouter/use-browser-location";

// Navigation for the app's actors: machines decide, the app navigates. Provided actions call `navigateTo`;
// `useNavigationBridge()`, mounted once inside the router, points it at the router's own navigate.

type Navigate = (path: string, options?: { replace?: boolean }) => void;
let current: Navigate | null = null;

/**
 * Goes to `path` through the app's router. The bridge mounts with the deferred runtime (src/lib/firstPaint.ts), after
 * the first screen's calls may have answered (an invite link used on a fresh load): until then the router's own
 * browser location takes the same step, which the router follows.
 */
export const navigateTo: Navigate = (path, options) => (current ?? browserNavigate)(path, options);

export function useNavigationBridge() {
  const [, navigate] = useLocation();
  useEffect(() => {
    current = navigate;
    return () => {
      if (current === navigate) current = null;
    };
  }, [navigate]);
}
