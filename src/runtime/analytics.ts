import { QueryObserver } from "@tanstack/react-query";
import { fromCallback, type ActorRefFrom } from "xstate";
import { analyticsMachine, consentOf, type AnalyticsEvent, type Consent } from "../../machines/analytics.machine";
import type { authMachine } from "../../machines/auth.machine";
import { sendPageView, settingsQuery } from "../api/analytics";
import { queryClient } from "../api/queryClient";
import { setFlowConsent } from "./flowReporter";
import { currentLocation, followLocation } from "./navigation";
import { takePageTrail } from "./pageTrail";

// What the analytics machine reads and does in the browser: the pages shown, the player's settings in the query
// cache, the transition reporter and the page-view call. The page view carries the path and the URL without query or
// fragment (where tokens and e-mails travel); the server adds the caller's id.

const send = (path: string) => void sendPageView({ path, url: `${window.location.origin}${path}` });

/** The page shown at start and after every move (a new path only: a query change shows the same page). */
const followPages = fromCallback<AnalyticsEvent>(({ sendBack }) => {
  let shown: string | null = null;
  const onPath = (path: string) => {
    if (path === shown) return;
    shown = path;
    sendBack({ type: "analytics.page", path });
  };
  const stop = followLocation(({ path }) => onPath(path));
  onPath(currentLocation().path);
  return stop;
});

/** `consentOf` the session (the auth actor) and the signed-in player's settings, read into the query cache. */
const followConsent = fromCallback<AnalyticsEvent>(({ system, sendBack }) => {
  const auth = system.get("auth") as ActorRefFrom<typeof authMachine>;
  const settings = new QueryObserver(queryClient, { ...settingsQuery(""), enabled: false });
  let userId: string | null = null;
  let consent: Consent | null = null;
  const update = () => {
    const s = auth.getSnapshot();
    const profile = s.context.profile;
    if ((profile?.id ?? null) !== userId) {
      userId = profile?.id ?? null;
      settings.setOptions({ ...settingsQuery(userId ?? ""), enabled: Boolean(userId) });
    }
    const pending = s.hasTag("restoring") || (s.hasTag("loadingProfile") && profile === null);
    const next = consentOf({
      pending,
      signedIn: profile !== null,
      optedOut: settings.getCurrentResult().data?.optedOut,
    });
    if (next === consent) return;
    consent = next;
    sendBack({ type: "analytics.consent", consent });
  };
  const session = auth.subscribe(update);
  const stopSettings = settings.subscribe(update);
  update();
  return () => {
    session.unsubscribe();
    stopSettings();
  };
});

export const liveAnalytics = analyticsMachine.provide({
  actors: { followPages, followConsent },
  actions: {
    reportConsent: (_, { consent }) => setFlowConsent(consent),
    sendPageView: (_, { path }) => send(path),
    // The pages shown before the choice was known, this runtime's arrival included (src/runtime/pageTrail.ts); the
    // page shown now is sent as the page shown.
    sendEarlierPages: (_, { current }) => {
      const earlier = takePageTrail();
      for (const path of earlier.at(-1) === current ? earlier.slice(0, -1) : earlier) send(path);
    },
    dropEarlierPages: () => void takePageTrail(),
  },
});
