import { fromCallback } from "xstate";
import * as z from "zod";
import type { AppEvent, SocialTokens } from "../../machines/app.machine";
import { paths, queryKeys, stateValues, storageKeys } from "../config/paths";
import { currentLocation, followLocation, type AppLocation } from "./navigation";

// The landing page's links (spec section 2), read from the address for the app machine, which decides what each
// does: `token` confirms an e-mail, `state=recovery` opens password recovery, and a social sign-in's provider
// window comes back with the tokens for the tab that opened it. That tab hears them through localStorage.

const SocialResult = z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1), isNew: z.boolean() });

/** The app event a landing query stands for, if any. */
export function landingLink(search: string): AppEvent | null {
  const query = new URLSearchParams(search);
  const accessToken = query.get(queryKeys.accessToken);
  const refreshToken = query.get(queryKeys.refreshToken);
  const isNew = query.get(queryKeys.isNew);
  if (accessToken && refreshToken && isNew !== null)
    return { type: "app.link.social", accessToken, refreshToken, isNew: isNew === "true" };
  const token = query.get(queryKeys.token);
  if (token) return { type: "app.link.confirm", token };
  if (query.get(queryKeys.state) === stateValues.recovery)
    return { type: "app.link.recovery", email: query.get(queryKeys.email) ?? undefined };
  return null;
}

/** Sends each landing query once (the machine's answer replaces the address), and the social result another window hands over. */
export const followLinks = fromCallback<AppEvent>(({ sendBack }) => {
  let handled: string | null = null;
  const onLocation = ({ path, search }: AppLocation) => {
    if (path !== paths.home || !search || handled === search) return;
    handled = search;
    const link = landingLink(search);
    if (link) sendBack(link);
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== storageKeys.social || !event.newValue) return;
    localStorage.removeItem(storageKeys.social);
    try {
      sendBack({ type: "app.social.received", ...SocialResult.parse(JSON.parse(event.newValue)) });
    } catch (error) {
      console.error("Unreadable social sign-in result", error);
    }
  };
  const stopLocation = followLocation(onLocation);
  addEventListener("storage", onStorage);
  onLocation(currentLocation());
  return () => {
    stopLocation();
    removeEventListener("storage", onStorage);
  };
});

/** The provider's window: the result goes to the opener through localStorage, and the window closes. */
export function handOverSocial(tokens: SocialTokens) {
  localStorage.setItem(storageKeys.social, JSON.stringify(tokens));
  window.close();
}
