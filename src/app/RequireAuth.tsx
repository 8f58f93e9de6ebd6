import { useEffect, type ReactNode } from "react";
import { useLocation, useSearch } from "wouter";
import { appActor, modalActor } from "../runtime/appActor";
import { modals, useIsSignedIn, useServerUnreachable, useSessionPending } from "../runtime/hooks";
import { paths } from "../config/paths";
import { RouteFallback } from "../ui/RouteFallback";

function openSignInOnce() {
  const top = modalActor.getSnapshot().context.stack.at(-1);
  if (top?.kind !== "SignIn") modals.open("SignIn");
}

/**
 * Spec: "Unauthenticated users are sent home and the sign-in modal opens"; the page is remembered so
 * sign-in returns there.
 *
 * `whileRestoring`: a screen that renders without the profile is shown while a stored session
 * is being restored, instead of the spinner: its data calls carry the stored token anyway, so its first
 * paint does not wait for the profile's round trip. If the session turns out invalid, the player is sent
 * to sign-in exactly as before.
 */
export function RequireAuth({ children, whileRestoring = false }: { children: ReactNode; whileRestoring?: boolean }) {
  const signedIn = useIsSignedIn();
  const pending = useSessionPending();
  const unreachable = useServerUnreachable();
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    // Home itself is never guarded; after the redirect this effect sees it and must not remember it.
    if (signedIn || pending || location === paths.home) return;
    appActor.send({ type: "app.redirect.remember", path: search ? `${location}?${search}` : location });
    navigate(paths.home, { replace: true });
    openSignInOnce();
  }, [signedIn, pending, location, search, navigate]);

  if (signedIn || (whileRestoring && pending)) return <>{children}</>;
  return <RouteFallback unreachable={unreachable} />;
}
