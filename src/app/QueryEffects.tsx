import { useEffect } from "react";
import { useLocation, useSearch } from "wouter";
import * as z from "zod";
import { i18n } from "../i18n/i18n";
import { authActor, modalActor } from "../runtime/appActor";
import { modals } from "../runtime/hooks";
import { paths, queryKeys, stateValues, storageKeys } from "../config/paths";

const SocialResult = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1), isNew: z.boolean() });

/** An e-mail link that no longer works must say so: the auth machine only records the error. */
function reportConfirmationFailure() {
  if (!authActor.getSnapshot().hasTag("confirming")) return;
  const subscription = authActor.subscribe((snapshot) => {
    if (snapshot.hasTag("confirming")) return;
    subscription.unsubscribe();
    const error = snapshot.context.error;
    if (snapshot.hasTag("guest") && error) {
      modals.open("Confirmation", { text: i18n.t(`errors:${error.code}`, { defaultValue: error.message }) });
    }
  });
}

/** Handles each landing query once, even when StrictMode runs effects twice. */
let handledSearch: string | null = null;

function openOnce(kind: "RecoveryPassword", props: Record<string, unknown>) {
  const top = modalActor.getSnapshot().context.stack.at(-1);
  if (top?.kind !== kind) modals.open(kind, props);
}

/**
 * The landing page's query parameters (spec section 2): `token` confirms an e-mail, `state=recovery`
 * opens password recovery, and a social sign-in popup hands its tokens to the opener and closes.
 */
export function QueryEffects() {
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    if (location !== paths.home || !search || handledSearch === search) return;
    handledSearch = search;
    const query = new URLSearchParams(search);
    const accessToken = query.get(queryKeys.accessToken);
    const refreshToken = query.get(queryKeys.refreshToken);
    const isNew = query.get(queryKeys.isNew);
    if (accessToken && refreshToken && isNew !== null) {
      localStorage.setItem(storageKeys.social, JSON.stringify({ accessToken, refreshToken, isNew: isNew === "true" }));
      window.close();
      return;
    }
    const token = query.get(queryKeys.token);
    if (token) {
      authActor.send({ type: "auth.confirm", token });
      reportConfirmationFailure();
      navigate(paths.home, { replace: true });
      return;
    }
    if (query.get(queryKeys.state) === stateValues.recovery) {
      const email = query.get(queryKeys.email) ?? undefined;
      openOnce("RecoveryPassword", { email });
      // A reload after recovering must not start over.
      navigate(paths.home, { replace: true });
    }
  }, [location, search, navigate]);

  // The opener side of the social handshake: the popup wrote its result to localStorage.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== storageKeys.social || !event.newValue) return;
      localStorage.removeItem(storageKeys.social);
      try {
        const result = SocialResult.parse(JSON.parse(event.newValue));
        authActor.send({ type: "auth.social", ...result });
      } catch (error) {
        console.error("Unreadable social sign-in result", error);
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return null;
}
