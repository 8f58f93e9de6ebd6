import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { sendPageView, useAnalyticsSettings } from "../api/analytics";
import { useProfile, useSessionPending } from "../runtime/hooks";
import { setFlowConsent, type Consent } from "../runtime/flowReporter";
import { takePageTrail } from "../runtime/pageTrail";

const send = (path: string) => void sendPageView({ path, url: `${window.location.origin}${path}` });

/**
 * The player's analytics choice (a guest's is granted; a signed-in player's comes from their
 * settings) drives the transition reporter, and each page shown sends the spec's page-view event: the path
 * and the URL without query or fragment (where tokens and e-mails travel). The server adds the caller's id.
 */
export function AnalyticsEffects() {
  const pending = useSessionPending();
  const profile = useProfile();
  const settings = useAnalyticsSettings(profile?.id);
  const consent: Consent = pending ? "unknown" : !profile ? "granted" : settings.data ? (settings.data.optedOut ? "refused" : "granted") : "unknown";
  const [location] = useLocation();
  const sent = useRef<string | null>(null);

  useEffect(() => setFlowConsent(consent), [consent]);

  useEffect(() => {
    if (consent === "unknown") return;
    // The pages shown before the choice was known, this runtime's arrival included (src/runtime/pageTrail.ts), then
    // every page from here on.
    const earlier = takePageTrail();
    if (consent !== "granted") return;
    for (const path of earlier.at(-1) === location ? earlier.slice(0, -1) : earlier) send(path);
    if (sent.current === location) return;
    sent.current = location;
    send(location);
  }, [consent, location]);
  return null;
}
