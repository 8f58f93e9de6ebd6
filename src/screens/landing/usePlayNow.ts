import { useLocation } from "wouter";
import { paths } from "../../app/paths";
import { useIsSignedIn, useModal } from "../../app/hooks";

/** Spec: 'Play now' starts login; a player who is already signed in goes straight to predictions. */
export function usePlayNow() {
  const signedIn = useIsSignedIn();
  const modal = useModal();
  const [, navigate] = useLocation();
  return () => (signedIn ? navigate(paths.predictions) : modal.open("SignIn"));
}
