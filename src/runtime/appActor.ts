import { createActor, fromCallback, fromPromise, type ActorRefFrom } from "xstate";
import type { SignUpBody, Tokens } from "../../contract/auth";
import type { Profile } from "../../contract/users";
import { appMachine } from "../../machines/app.machine";
import { authMachine } from "../../machines/auth.machine";
import { liveSocketMachine } from "../../machines/liveSocket.machine";
import { modalMachine } from "../../machines/modal.machine";
import { notificationsMachine, type NotificationsEvent } from "../../machines/notifications.machine";
import { tokenRefreshMachine } from "../../machines/tokenRefresh.machine";
import * as authApi from "../api/auth";
import { ApiError, connectClient } from "../api/client";
import { apiErrorOf } from "../api/apiError";
import { closeSocket, onLiveEvent, openSocket, subscribeProfile } from "../api/live";
import {
  deleteAllNotifications,
  deleteNotifications,
  listNotifications,
  readNotifications,
} from "../api/notifications";
import { refreshOnce } from "../api/refreshOnce";
import { clearTokens, hasStoredSession, readTokens, storeTokens } from "../api/tokens";
import { queryClient } from "../api/queryClient";
import { getProfile } from "../api/users";
import { paths, restoringScreens, storageKeys } from "../config/paths";
import { i18n } from "../i18n/i18n";
import { liveAnalytics } from "./analytics";
import { observeFlows } from "./flowReporter";
import { followLinks, handOverSocial } from "./links";
import { currentLocation, navigateTo, signedInDestination } from "./navigation";
import { firstContentOnScreen, runtimeNeeded } from "../lib/firstPaint";

// A stored session restored on a first page that shows its screen meanwhile (`restoringScreens`): the
// profile call waits for that screen's content to be on screen (see `firstContentOnScreen`), so it does not slow that paint. Only that first call.
let holdFirstProfile =
  typeof location !== "undefined" &&
  [...restoringScreens].some((screen) => paths[screen] === location.pathname) &&
  hasStoredSession();

/** Spec: "The page does not scroll while a modal is open." */
function lockScroll() {
  document.body.style.overflow = "hidden";
}
function unlockScroll() {
  document.body.style.overflow = "";
}

const liveAuth = authMachine.provide({
  actors: {
    signIn: fromPromise<Tokens, { email: string; password: string; rememberMe: boolean }>(({ input }) =>
      authApi.signIn(input),
    ),
    signUp: fromPromise<{ email: string }, SignUpBody>(({ input }) => authApi.signUp(input)),
    confirm: fromPromise<Tokens & { isNew: boolean }, { token: string }>(({ input }) =>
      authApi.confirmEmail(input.token),
    ),
    loadProfile: fromPromise<Profile, void>(async ({ signal }) => {
      if (holdFirstProfile) {
        holdFirstProfile = false;
        await firstContentOnScreen();
      }
      return getProfile(signal);
    }),
    signOut: fromPromise<void, void>(() => authApi.signOut()),
    sendCode: fromPromise<unknown, { email: string }>(({ input }) => authApi.sendRecoveryCode(input.email)),
    validateCode: fromPromise<unknown, { email: string; code: string }>(({ input }) =>
      authApi.validateRecoveryCode(input.email, input.code),
    ),
    newPassword: fromPromise<unknown, { email: string; code: string; password: string; confirmPassword: string }>(
      ({ input }) => authApi.setNewPassword(input),
    ),
  },
  guards: { hasSession: () => hasStoredSession() },
  actions: {
    storeTokens: (_, params) => storeTokens(params.tokens, params.rememberMe),
    clearTokens: () => clearTokens(),
  },
});

const liveTokenRefresh = tokenRefreshMachine.provide({
  actors: { refresh: fromPromise<Tokens, void>(() => authApi.refreshTokens()) },
  actions: {
    storeTokens: (_, params) => storeTokens(params.tokens),
    clearTokens: () => clearTokens(),
  },
});

const liveModal = modalMachine.provide({ actions: { lockScroll, unlockScroll } });

// Spec section 8: "live channel init failures are only logged".
const logged = (what: string) => (err: unknown) => console.warn(`[live] ${what} failed`, err);

const liveSocket = liveSocketMachine.provide({
  actors: {
    // A refusal by the server: the shared single-flight refresh, then connect with the new access token.
    refresh: fromPromise<string, void>(async () => (await refreshOnce(tokenRefreshActor)).accessToken),
  },
  actions: {
    open: ({ self }, { token }) => openSocket(token, (event) => self.send(event)),
    close: () => closeSocket(),
    subscribe: (_, { profileId }) => subscribeProfile(profileId),
  },
});

const liveNotifications = notificationsMachine.provide({
  actors: {
    load: fromPromise(({ signal }) => listNotifications(signal)),
    listen: fromCallback<NotificationsEvent>(({ sendBack }) => {
      const stops = [
        onLiveEvent("notifications", (items) => sendBack({ type: "notifications.received", items })),
        onLiveEvent("read-notification", ({ ids }) => sendBack({ type: "notifications.remote.read", ids })),
        onLiveEvent("delete-notification", ({ ids }) => sendBack({ type: "notifications.remote.deleted", ids })),
        onLiveEvent("delete-all-notification", () => sendBack({ type: "notifications.remote.deletedAll" })),
      ];
      return () => stops.forEach((stop) => stop());
    }),
  },
  actions: {
    sendRead: (_, { ids }) => void readNotifications(ids).catch(logged("read")),
    sendDelete: (_, { ids }) => void deleteNotifications(ids).catch(logged("delete")),
    sendDeleteAll: () => void deleteAllNotifications().catch(logged("delete all")),
  },
});

/**
 * The header's "Earned points" are the signed-in profile's: read it again quietly. A failed background read
 * keeps the old figure (a failed *session* load signs out; this is not one).
 */
async function reloadOwnPoints(auth: AuthActor): Promise<void> {
  if (!auth.getSnapshot().hasTag("signedIn")) return;
  try {
    const profile = await getProfile();
    if (auth.getSnapshot().context.profile?.id === profile.id) auth.send({ type: "auth.profile.updated", profile });
  } catch {
    // The next results or a reload bring the figure up to date.
  }
}

/**
 * The one app actor. Created at module level, not in a component: React 19 StrictMode would start a
 * `useActorRef` actor twice, and the session must exist exactly once.
 */
export const appActor = createActor(
  appMachine.provide({
    actors: {
      authMachine: liveAuth,
      tokenRefreshMachine: liveTokenRefresh,
      modalMachine: liveModal,
      liveSocketMachine: liveSocket,
      notificationsMachine: liveNotifications,
      analyticsMachine: liveAnalytics,
      followLinks,
    },
    actions: {
      connectLive: ({ system }, { profileId }) => {
        const token = readTokens().accessToken;
        if (token) system.get("liveSocket").send({ type: "live.signedIn", token, profileId });
      },
      // Every connect, the first too: a push sent between the page's reads and the connect never arrives.
      refreshLiveData: () => void import("../api/diamonds").then(({ refreshBalances }) => refreshBalances()),
      storeRedirect: (_, { path }) => {
        try {
          if (path) localStorage.setItem(storageKeys.redirectTo, path);
          else localStorage.removeItem(storageKeys.redirectTo);
        } catch {
          // Storage blocked (private mode): the redirect then lives only as long as the page.
        }
      },
      goHome: (_, { replace }) => navigateTo(paths.home, replace ? { replace } : undefined),
      goAfterSignIn: (_, { redirectTo, profileId }) =>
        navigateTo(signedInDestination(redirectTo, currentLocation().search, profileId)),
      welcomeNewPlayer: ({ system }) =>
        (system.get("modal") as ModalActor).send({
          type: "modal.open",
          kind: "FirstModal",
          props: {},
          options: { title: i18n.t("news:first.title") },
        }),
      tellConfirmationFailed: ({ system }, { error }) =>
        (system.get("modal") as ModalActor).send({
          type: "modal.open",
          kind: "Confirmation",
          props: { text: i18n.t(`errors:${error.code}`, { defaultValue: error.message }) },
        }),
      handOverSocial: (_, tokens) => handOverSocial(tokens),
      // The results' queries are read only where a page shows them: their module loads with the first results.
      refreshResults: () =>
        void import("../api/results").then(({ refreshAfterResults }) => refreshAfterResults(queryClient)),
      reloadOwnPoints: ({ system }) => void reloadOwnPoints(system.get("auth") as AuthActor),
    },
  }),
  { inspect: observeFlows },
);
appActor.start();

// The redirect-to location kept by an earlier page (an e-mail confirmation link opens a new one).
const savedRedirect = (() => {
  try {
    return localStorage.getItem(storageKeys.redirectTo);
  } catch {
    return null;
  }
})();
if (savedRedirect) appActor.send({ type: "app.redirect.remember", path: savedRedirect });

export type AuthActor = ActorRefFrom<typeof authMachine>;
export type ModalActor = ActorRefFrom<typeof modalMachine>;
export type TokenRefreshActor = ActorRefFrom<typeof tokenRefreshMachine>;
export type LiveSocketActor = ActorRefFrom<typeof liveSocketMachine>;
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

// The children are spawned with these systemIds by the app machine.
export const authActor = appActor.system.get("auth") as AuthActor;
export const modalActor = appActor.system.get("modal") as ModalActor;
export const tokenRefreshActor = appActor.system.get("tokenRefresh") as TokenRefreshActor;
export const liveSocketActor = appActor.system.get("liveSocket") as LiveSocketActor;
export const notificationsActor = appActor.system.get("notifications") as NotificationsActor;

// On a deep link the runtime (src/app/AppRuntime.tsx: the modal host) arrives once the first screen has settled, so it
// does not slow that screen. A modal opened before then asks for it at once.
modalActor.subscribe((snapshot) => {
  if (snapshot.context.stack.length > 0) runtimeNeeded();
});

/**
 * The runtime's chunk has arrived (src/app/AppRuntime.tsx, after the first screen): the app machine starts answering the
 * landing's links, sign-ins and sign-outs, the notices shown on any screen and the analytics choice.
 */
export const runtimeArrived = () => appActor.send({ type: "app.runtime.arrived" });

onLiveEvent("error", (error) => console.warn("[live] server error", error));

/**
 * A tab is signed in or signed out, never both: whatever finds the session over ends it here. A refused refresh (asked
 * for by a call or by the live socket) has cleared the tokens: spec, "the error is stored in the app error state".
 */
function endSession(error: ApiError) {
  appActor.send({ type: "app.error", error: error.body });
  authActor.send({ type: "auth.session.expired" });
}

tokenRefreshActor.on("refresh.failed", (event) => {
  if (event.refused)
    endSession(event.error instanceof ApiError ? event.error : apiErrorOf("refreshTokenNotExists", 401));
});

/** A call answered 401 with no tokens left (another tab signed out): a signed-in tab ends too; a guest's 401 ends nothing. */
function tokensGone(error: ApiError) {
  const auth = authActor.getSnapshot();
  if (auth.hasTag("signedIn") || auth.hasTag("loadingProfile")) endSession(error);
}

connectClient({
  requestStarted: () => appActor.send({ type: "app.request.started" }),
  requestFinished: () => appActor.send({ type: "app.request.finished" }),
  refresh: () => refreshOnce(tokenRefreshActor),
  sessionExpired: tokensGone,
  raceStarted: () => appActor.send({ type: "app.raceStarted" }),
});
