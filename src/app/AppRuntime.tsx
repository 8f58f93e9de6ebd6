import { AnalyticsEffects } from "./AnalyticsEffects";
import { AppEvents } from "./AppEvents";
import { InjuryEffects } from "./InjuryEffects";
import { ModalHost } from "./ModalHost";
import { QueryEffects } from "./QueryEffects";
import { ResultsEffects } from "./ResultsEffects";
import { SessionEffects } from "./SessionEffects";

/**
 * The app's long-lived side: the app actor (session, token refresh, live socket, notifications, modals)
 * and the effects that turn its events into navigation and notices. Its own chunk, loaded after the first
 * screen has painted (src/lib/firstPaint.ts), so a guest's landing does not wait for xstate, the API
 * client and zod.
 */
export default function AppRuntime() {
  return (
    <>
      <AppEvents />
      <QueryEffects />
      <SessionEffects />
      <ResultsEffects />
      <InjuryEffects />
      <AnalyticsEffects />
      <ModalHost />
    </>
  );
}
