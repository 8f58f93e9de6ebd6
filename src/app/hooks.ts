import { useSelector } from "@xstate/react";
import { useMemo } from "react";
import type { SnapshotFrom } from "xstate";
import type { ModalKind } from "../../contract/enums";
import type { authMachine } from "../../machines/auth.machine";
import type { liveSocketMachine } from "../../machines/liveSocket.machine";
import { unreadCount, type notificationsMachine } from "../../machines/notifications.machine";
import type { ModalOptions } from "../../machines/modal.machine";
import { appActor, authActor, liveSocketActor, modalActor, notificationsActor } from "./appActor";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The auth state as one dotted name ("guest", "recovery.enterCode"), easy to compare in views. */
export function authStatus(snapshot: AuthSnapshot): string {
  const value = snapshot.value;
  if (typeof value === "string") return value;
  const [parent, child] = Object.entries(value)[0] as [string, unknown];
  return typeof child === "string" ? `${parent}.${child}` : parent;
}

const selectStatus = (s: AuthSnapshot) => authStatus(s);
const selectProfile = (s: AuthSnapshot) => s.context.profile;
const selectError = (s: AuthSnapshot) => s.context.error;
const selectPendingEmail = (s: AuthSnapshot) => s.context.pendingEmail;
const selectRecoveryEmail = (s: AuthSnapshot) => s.context.recovery.email;
const selectSignedIn = (s: AuthSnapshot) => s.context.profile !== null;
const selectChecking = (s: AuthSnapshot) => s.matches("checking") || (s.matches("loadingProfile") && s.context.profile === null);

export function useAuth() {
  const state = useSelector(authActor, selectStatus);
  const profile = useSelector(authActor, selectProfile);
  const error = useSelector(authActor, selectError);
  const pendingEmail = useSelector(authActor, selectPendingEmail);
  const recoveryEmail = useSelector(authActor, selectRecoveryEmail);
  return { state, profile, error, pendingEmail, recoveryEmail, send: authActor.send };
}

export const useProfile = () => useSelector(authActor, selectProfile);
/** Signed in = a profile is loaded for the stored tokens. */
export const useIsSignedIn = () => useSelector(authActor, selectSignedIn);
/** True while a stored session is being restored (page load): guards wait instead of sending the player home. */
export const useSessionPending = () => useSelector(authActor, selectChecking);

export function useAppLoading() {
  return useSelector(appActor, (s) => s.context.loading > 0);
}
export function useLastError() {
  return useSelector(appActor, (s) => s.context.lastError);
}
export function useRedirectTo() {
  return useSelector(appActor, (s) => s.context.redirectTo);
}

export type ModalApi = {
  /** Pushes a modal and returns its id. */
  open(kind: ModalKind, props?: Record<string, unknown>, options?: Partial<ModalOptions>): string | undefined;
  replace(kind: ModalKind, props?: Record<string, unknown>, options?: Partial<ModalOptions>): string | undefined;
  close(id?: string): void;
};

const topId = () => modalActor.getSnapshot().context.stack.at(-1)?.id;

export const modals: ModalApi = {
  open(kind, props, options) {
    modalActor.send({ type: "modal.open", kind, props, options });
    return topId();
  },
  replace(kind, props, options) {
    modalActor.send({ type: "modal.replace", kind, props, options });
    return topId();
  },
  close(id) {
    modalActor.send({ type: "modal.close", id });
  },
};

export function useModal(): ModalApi {
  return useMemo(() => modals, []);
}

export function useModalStack() {
  return useSelector(modalActor, (s) => s.context.stack);
}

const selectNotifications = (s: SnapshotFrom<typeof notificationsMachine>) => s.context.items;
const selectNotificationsStatus = (s: SnapshotFrom<typeof notificationsMachine>) =>
  s.matches({ active: "loading" }) ? "loading" : s.matches({ active: "failed" }) ? "failed" : s.matches("signedOut") ? "signedOut" : "ready";
const selectUnread = (s: SnapshotFrom<typeof notificationsMachine>) => unreadCount(s.context.items);

/** The player's notifications (newest first), their unread count and the list's load status. */
export function useNotifications() {
  const items = useSelector(notificationsActor, selectNotifications);
  const unread = useSelector(notificationsActor, selectUnread);
  const status = useSelector(notificationsActor, selectNotificationsStatus);
  return { items, unread, status, send: notificationsActor.send };
}

const selectLiveStatus = (s: SnapshotFrom<typeof liveSocketMachine>) =>
  s.matches("signedOut") ? "signedOut" : s.matches({ active: "connected" }) ? "connected" : s.matches({ active: "connecting" }) ? "connecting" : "reconnecting";
/** The live channel's connection: signedOut, connecting, connected or reconnecting (refreshing counts as reconnecting). */
export const useLiveStatus = () => useSelector(liveSocketActor, selectLiveStatus);
