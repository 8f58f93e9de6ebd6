import { useSelector } from "@xstate/react";
import { startTransition, useEffect, useMemo, useState } from "react";
import { createActor, fromCallback, type AnyActorRef, type SnapshotFrom } from "xstate";
import type { ModalKind } from "../../contract/enums";
import type { authMachine, AuthTag } from "../../machines/auth.machine";
import type { liveSocketMachine } from "../../machines/liveSocket.machine";
import { unreadCount, type notificationsMachine } from "../../machines/notifications.machine";
import type { ModalAnswer, ModalOptions, ModalReply, ModalRequest } from "../../machines/modal.machine";
import type { ModalPropsByKind } from "../../machines/modalProps";
import { appActor, authActor, liveSocketActor, modalActor, notificationsActor } from "./appActor";

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

const selectTags = (s: AuthSnapshot) => s.tags;
const selectProfile = (s: AuthSnapshot) => s.context.profile;
const selectError = (s: AuthSnapshot) => s.context.error;
const selectPendingEmail = (s: AuthSnapshot) => s.context.pendingEmail;
const selectRecoveryEmail = (s: AuthSnapshot) => s.context.recovery.email;
const selectSignedIn = (s: AuthSnapshot) => s.context.profile !== null;
const selectChecking = (s: AuthSnapshot) =>
  s.hasTag("restoring") || (s.hasTag("loadingProfile") && s.context.profile === null);

/** The session as views read it: `is(tag)` for where the auth flow stands, and its data. */
export function useAuth() {
  const tags = useSelector(authActor, selectTags);
  const profile = useSelector(authActor, selectProfile);
  const error = useSelector(authActor, selectError);
  const pendingEmail = useSelector(authActor, selectPendingEmail);
  const recoveryEmail = useSelector(authActor, selectRecoveryEmail);
  const is = (tag: AuthTag) => tags.has(tag);
  return { is, profile, error, pendingEmail, recoveryEmail, send: authActor.send };
}

export const useProfile = () => useSelector(authActor, selectProfile);
/** Signed in = a profile is loaded for the stored tokens. */
export const useIsSignedIn = () => useSelector(authActor, selectSignedIn);
/** True while a stored session is being restored (page load): guards wait instead of sending the player home. */
export const useSessionPending = () => useSelector(authActor, selectChecking);
const selectUnreachable = (s: AuthSnapshot) => s.hasTag("unreachable");
/** True while the profile load waits to try again because the server could not be reached. */
export const useServerUnreachable = () => useSelector(authActor, selectUnreachable);

/**
 * An actor's slice for what only shows it: a change re-renders its readers in a transition, which React renders in
 * slices the page stays responsive between, not inside the update that changed it (a restored session's
 * profile re-rendered the header and the screen in one ~40 ms task on a phone). A guard reads the actor as it is
 * (useSelector): for one transition's time the two can differ.
 */
function useSelectorInTransition<A extends AnyActorRef, T>(actor: A, select: (snapshot: SnapshotFrom<A>) => T): T {
  const [value, setValue] = useState(() => select(actor.getSnapshot() as SnapshotFrom<A>));
  useEffect(() => {
    const update = () => {
      const next = select(actor.getSnapshot() as SnapshotFrom<A>);
      startTransition(() => setValue(next));
    };
    // A change between this render and this effect.
    update();
    const subscription = actor.subscribe(update);
    return () => subscription.unsubscribe();
  }, [actor, select]);
  return value;
}

/** The profile for what displays it (the header, a screen's greeting), updated in a transition; guards use useIsSignedIn. */
export const useShownProfile = () => useSelectorInTransition(authActor, selectProfile);
/** useSessionPending for what displays it, in the same transition as useShownProfile. */
export const useShownSessionPending = () => useSelectorInTransition(authActor, selectChecking);

export function useAppLoading() {
  return useSelector(appActor, (s) => s.context.loading > 0);
}
export function useLastError() {
  return useSelector(appActor, (s) => s.context.lastError);
}
export function useRedirectTo() {
  return useSelector(appActor, (s) => s.context.redirectTo);
}

/** How a modal is opened: its options, an id of the opener's choosing, and where its answers go. */
export type OpenOptions = Partial<ModalOptions> & { id?: string; reply?: ModalReply };

export type ModalApi = {
  /** Pushes a modal and returns its id. */
  open<K extends ModalKind>(kind: K, props?: ModalPropsByKind[K], options?: OpenOptions): string | undefined;
  replace<K extends ModalKind>(kind: K, props?: ModalPropsByKind[K], options?: OpenOptions): string | undefined;
  close(id?: string): void;
  /** The id of the modal on top, if any. */
  topId(): string | undefined;
  /** A button of modal `id` was pressed: the opener hears its answer and the modal closes. */
  answer(id: string, answer: ModalAnswer): void;
  /** Opens a Confirmation and resolves with the player's answer (closed without one: "cancel"). */
  ask(props: ModalPropsByKind["Confirmation"], options?: Omit<OpenOptions, "reply">): Promise<ModalAnswer>;
};

const topId = () => modalActor.getSnapshot().context.stack.at(-1)?.id;

/** The request as the modal machine takes it (kind and props checked together by the signatures above). */
function request<K extends ModalKind>(
  kind: K,
  props: ModalPropsByKind[K] | undefined,
  options: OpenOptions = {},
): ModalRequest {
  const { id, reply, ...rest } = options;
  return { kind, props, options: rest, id, reply } as ModalRequest;
}

export const modals: ModalApi = {
  open(kind, props, options) {
    modalActor.send({ type: "modal.open", ...request(kind, props, options) });
    return topId();
  },
  replace(kind, props, options) {
    modalActor.send({ type: "modal.replace", ...request(kind, props, options) });
    return topId();
  },
  close(id) {
    modalActor.send({ type: "modal.close", id });
  },
  topId,
  answer(id, answer) {
    modalActor.send({ type: "modal.answer", id, answer });
  },
  ask(props, options) {
    return new Promise((resolve) => {
      // A one-shot actor is the modal's reply address for an opener that is not a flow of its own.
      const listener = createActor(
        fromCallback<{ type: ModalAnswer | "closed" }>(({ receive }) => {
          receive((event) => {
            resolve(event.type === "closed" ? "cancel" : event.type);
            queueMicrotask(() => listener.stop());
          });
        }),
      ).start();
      modals.open(
        "Confirmation",
        { cancel: true, ...props },
        {
          ...options,
          reply: { to: listener, confirm: { type: "confirm" }, cancel: { type: "cancel" }, closed: { type: "closed" } },
        },
      );
    });
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
  s.hasTag("loading") ? "loading" : s.hasTag("failed") ? "failed" : s.hasTag("signedOut") ? "signedOut" : "ready";
const selectUnread = (s: SnapshotFrom<typeof notificationsMachine>) => unreadCount(s.context.items);

/** The player's notifications (newest first), their unread count and the list's load status. */
export function useNotifications() {
  const items = useSelector(notificationsActor, selectNotifications);
  const unread = useSelector(notificationsActor, selectUnread);
  const status = useSelector(notificationsActor, selectNotificationsStatus);
  return { items, unread, status, send: notificationsActor.send };
}

const selectLiveStatus = (s: SnapshotFrom<typeof liveSocketMachine>) =>
  s.hasTag("signedOut")
    ? "signedOut"
    : s.hasTag("connected")
      ? "connected"
      : s.hasTag("connecting")
        ? "connecting"
        : "reconnecting";
/** The live channel's connection: signedOut, connecting, connected or reconnecting (refreshing counts as reconnecting). */
export const useLiveStatus = () => useSelector(liveSocketActor, selectLiveStatus);
