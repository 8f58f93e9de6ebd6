import { useEffect, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { appActor, modalActor } from "./appActor";
import { modals, useIsSignedIn, useSessionPending } from "./hooks";
import { paths } from "./paths";
import { RouteFallback } from "./RouteFallback";

function openSignInOnce() {
  const top = modalActor.getSnapshot().context.stack.at(-1);
  if (top?.kind !== "SignIn") modals.open("SignIn");
}

/**
 * Spec: "Unauthenticated users are sent home and the sign-in modal opens"; the page is remembered so
 * sign-in returns there.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useIsSignedIn();
  const pending = useSessionPending();
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    // Home itself is never guarded; after the redirect this effect sees it and must not remember it.
    if (signedIn || pending || location === paths.home) return;
    appActor.send({ type: "app.redirect.remember", path: search ? `${location}?${search}` : location });
    navigate(paths.home, { replace: true });
    openSignInOnce();
  }, [signedIn, pending, location, search, navigate]);

  if (signedIn) return <>{children}</>;
  return <RouteFallback />;
}
