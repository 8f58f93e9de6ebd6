import { useEffect } from "react";
import { useLocation } from "wouter";

// Navigation for the app's actors: machines decide, the app navigates. Provided actions call `navigateTo`;
// `useNavigationBridge()`, mounted once inside the router, points it at the router's own navigate.

type Navigate = (path: string, options?: { replace?: boolean }) => void;
let current: Navigate | null = null;

/** Goes to `path` through the app's router (a no-op before the router is mounted). */
export const navigateTo: Navigate = (path, options) => current?.(path, options);

export function useNavigationBridge() {
  const [, navigate] = useLocation();
  useEffect(() => {
    current = navigate;
    return () => {
      if (current === navigate) current = null;
    };
  }, [navigate]);
}
