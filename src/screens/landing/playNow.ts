import { authActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";

/** Spec: 'Play now' starts login; a player who is already signed in goes straight to predictions. */
export function playNow(goToPredictions: () => void) {
  if (authActor.getSnapshot().context.profile !== null) goToPredictions();
  else modals.open("SignIn");
}
