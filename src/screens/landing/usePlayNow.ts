import { useLocation } from "wouter";
import { paths } from "../../config/paths";

/**
 * Spec: 'Play now' starts login; a player who is already signed in goes straight to predictions.
 * The session lives in the app actor, loaded after the landing paints: the click reads it then.
 */
export function usePlayNow() {
  const [, navigate] = useLocation();
  return () => {
    void import("./playNow").then(({ playNow }) => playNow(() => navigate(paths.predictions)));
  };
}
