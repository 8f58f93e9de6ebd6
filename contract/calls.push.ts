import { call } from "./calls";
import { Ok } from "./common";
import { PushKey, PushPreferences, PushPreferencesBody, PushSubscriptionBody, PushUnsubscribeBody } from "./push";

/** Web Push (docs/push.md): the key browsers subscribe with, the player's subscriptions and what they get. */
export const pushCalls = {
  /** 404 notFound while the server has no VAPID keys (push is then off). */
  key: call({ method: "GET", path: "/push/key", auth: false, result: PushKey, errors: { 404: ["notFound"] } }),
  /** Saves this browser's subscription for the signed-in player (the same endpoint again replaces its keys). */
  subscribe: call({
    method: "POST",
    path: "/push/subscriptions",
    auth: true,
    body: PushSubscriptionBody,
    result: Ok,
    errors: { 404: ["notFound"] },
  }),
  /** Forgets one of the player's subscriptions; an unknown endpoint is already forgotten. */
  unsubscribe: call({
    method: "POST",
    path: "/push/subscriptions/remove",
    auth: true,
    body: PushUnsubscribeBody,
    result: Ok,
  }),
  preferences: call({ method: "GET", path: "/push/preferences", auth: true, result: PushPreferences }),
  setPreferences: call({
    method: "PUT",
    path: "/push/preferences",
    auth: true,
    body: PushPreferencesBody,
    result: PushPreferences,
  }),
} as const;
