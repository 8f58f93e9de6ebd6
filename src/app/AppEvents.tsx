import { useEffect } from "react";
import { useLocation } from "wouter";
import { appActor, authActor, modalActor } from "../runtime/appActor";
import { modals } from "../runtime/hooks";
import { i18n } from "../i18n/i18n";
import { useNavigationBridge } from "../runtime/navigation";
import { paths, queryKeys, stateValues } from "../config/paths";

/** Where a fresh sign-in lands: the remembered page, else the profile for `state=profile`, else predictions. */
export function signedInDestination(redirectTo: string | null, search: string, profileId: string | undefined): string {
  if (redirectTo) return redirectTo;
  const state = new URLSearchParams(search).get(queryKeys.state);
  if (state === stateValues.profile && profileId) return `${paths.profile}?${queryKeys.userId}=${encodeURIComponent(profileId)}`;
  return paths.predictions;
}

/**
 * The machines decide, the app navigates: this component turns the auth actor's emitted events into
 * navigation and closes the sign-in modals that led there.
 */
export function AppEvents() {
  useNavigationBridge();
  const [, navigate] = useLocation();
  useEffect(() => {
    const signedIn = authActor.on("auth.signedIn", ({ isNew }) => {
      const redirectTo = appActor.getSnapshot().context.redirectTo;
      const profileId = authActor.getSnapshot().context.profile?.id;
      modalActor.send({ type: "modal.closeAll" });
      appActor.send({ type: "app.redirect.clear" });
      navigate(signedInDestination(redirectTo, window.location.search, profileId));
      // A first-time player (just confirmed): the FirstModal's welcome.
      if (isNew) modals.open("FirstModal", {}, { title: i18n.t("news:first.title") });
    });
    const signedOut = authActor.on("auth.signedOut", () => {
      modalActor.send({ type: "modal.closeAll" });
      navigate(paths.home);
    });
    return () => {
      signedIn.unsubscribe();
      signedOut.unsubscribe();
    };
  }, [navigate]);
  return null;
}
