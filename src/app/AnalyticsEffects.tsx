import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { sendPageView, useAnalyticsSettings } from "../api/analytics";
import { useProfile, useSessionPending } from "./hooks";
import { setFlowConsent, type Consent } from "./flowReporter";

/**
 * Issue 16: the player's analytics choice (a guest's is granted; a signed-in player's comes from their
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
    if (consent !== "granted" || sent.current === location) return;
    sent.current = location;
    void sendPageView({ path: location, url: `${window.location.origin}${location}` });
  }, [consent, location]);
  return null;
}
