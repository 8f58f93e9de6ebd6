import { assign, fromCallback, sendTo, setup, spawnChild, type ActorRefFrom } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { InjuredNoticeKind } from "../contract/enums";
import type { Notification } from "../contract/notifications";
import type * as z from "zod";
import { analyticsMachine } from "./analytics.machine";
import { authMachine } from "./auth.machine";
import { liveSocketMachine } from "./liveSocket.machine";
import { modalMachine, type ModalEvent } from "./modal.machine";
import { watchNewNotices } from "./newNotices";
import { notificationsMachine } from "./notifications.machine";
import { tokenRefreshMachine } from "./tokenRefresh.machine";

/**
 * Spec "Global state: loading flag, modal open flag with options, last application error"; the modal part lives in
 * `modal`. `noticesAtFirstLoad`: the notification ids the first load after the current sign-in found (null before it
 * ended and after a sign-out), the baseline of what counts as a new notice once the runtime is wired.
 */
export type AppContext = {
  loading: number;
  lastError: ErrorBody | null;
  redirectTo: string | null;
  noticesAtFirstLoad: readonly string[] | null;
};

/** What a social sign-in hands over: the provider's window gives the tokens to the app's tab that opened it. */
export type SocialTokens = { accessToken: string; refreshToken: string; isNew: boolean };

export type AppEvent =
  | { type: "app.request.started" }
  | { type: "app.request.finished" }
  | { type: "app.error"; error: ErrorBody }
  | { type: "app.error.clear" }
  | { type: "app.raceStarted" }
  | { type: "app.redirect.remember"; path: string }
  | { type: "app.redirect.clear" }
  /** The runtime's chunk arrived after the first screen (src/lib/firstPaint.ts): from now on the app answers links, sign-ins, notices and analytics. */
  | { type: "app.runtime.arrived" }
  /** From the children, through `followChildren`: who is signed in, a refreshed token, the socket (re)connected. */
  | { type: "app.session.changed"; profileId: string | null }
  | { type: "app.token.refreshed"; token: string }
  | { type: "app.live.connected" }
  | { type: "app.signedIn"; isNew: boolean; profileId: string | null }
  | { type: "app.signedOut" }
  | { type: "app.confirmation.failed"; error: ErrorBody }
  | { type: "app.password.mustChange" }
  | { type: "app.notices.firstLoad"; ids: readonly string[] | null }
  /** The landing page's links (spec section 2), read from the address by `followLinks`: */
  | { type: "app.link.confirm"; token: string }
  | { type: "app.link.recovery"; email?: string | undefined }
  /** In the social provider's window: its result, for the tab that opened it. */
  | ({ type: "app.link.social" } & SocialTokens)
  /** In the tab that opened the provider's window: the result it handed over. */
  | ({ type: "app.social.received" } & SocialTokens)
  /** From `followNotices`: new notices of the kinds the app answers on any screen. */
  | { type: "app.results.published" }
  | { type: "app.injuries.reported"; notices: Notification[] };

type AuthActor = ActorRefFrom<typeof authMachine>;
type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

/**
 * Turns what the long-lived children do into events of the app: the profile signed in or out (auth), a fresh
 * sign-in or sign-out, an e-mail link that failed, a forced password change, a refreshed access token (token
 * refresh), each (re)connection of the live socket, the notifications' first load. Reaches them through the system,
 * so the children stay unaware of each other.
 */
const followChildren = fromCallback<AppEvent>(({ system, sendBack }) => {
  const authActor = system.get("auth") as AuthActor;
  let profileId: string | null | undefined;
  let confirming = false;
  let mustChange = false;
  const auth = authActor.subscribe((s) => {
    const id = s.context.profile?.id ?? null;
    if (id !== profileId) {
      const first = profileId === undefined;
      profileId = id;
      if (!first || id !== null) sendBack({ type: "app.session.changed", profileId: id });
    }
    // The auth machine only records why an e-mail link did not confirm; the player must be told.
    const wasConfirming = confirming;
    confirming = s.hasTag("confirming");
    if (wasConfirming && !confirming && s.hasTag("guest") && s.context.error)
      sendBack({ type: "app.confirmation.failed", error: s.context.error });
    const must = s.context.profile?.mustChangePassword ?? false;
    if (must && !mustChange) sendBack({ type: "app.password.mustChange" });
    mustChange = must;
  });
  const signedIn = authActor.on("auth.signedIn", ({ isNew }) =>
    sendBack({ type: "app.signedIn", isNew, profileId: authActor.getSnapshot().context.profile?.id ?? null }),
  );
  const signedOut = authActor.on("auth.signedOut", () => sendBack({ type: "app.signedOut" }));
  const refreshed = (system.get("tokenRefresh") as ActorRefFrom<typeof tokenRefreshMachine>).on("refresh.done", (e) =>
    sendBack({ type: "app.token.refreshed", token: e.tokens.accessToken }),
  );
  let connected = false;
  const live = (system.get("liveSocket") as ActorRefFrom<typeof liveSocketMachine>).subscribe((s) => {
    const now = s.hasTag("connected");
    if (now && !connected) sendBack({ type: "app.live.connected" });
    connected = now;
  });
  let loaded = false;
  const notifications = (system.get("notifications") as NotificationsActor).subscribe((s) => {
    if (s.hasTag("signedOut")) {
      if (loaded) sendBack({ type: "app.notices.firstLoad", ids: null });
      loaded = false;
    } else if (!loaded && s.hasTag("ready")) {
      loaded = true;
      sendBack({ type: "app.notices.firstLoad", ids: s.context.items.map((n) => n.id) });
    }
  });
  return () => {
    for (const subscription of [auth, signedIn, signedOut, refreshed, live, notifications]) subscription.unsubscribe();
  };
});

const RESULTS = ["RESULTS_PUBLISHED"];
/** The injured-rider notices and the NotificationWithImage kind each opens. */
export const injuryKinds: Readonly<Record<string, z.infer<typeof InjuredNoticeKind>>> = {
  INJURED_RIDER_PREDICTIONS: "predictions",
  INJURED_RIDER_BETS: "bets",
  INJURED_RIDER_BOTH: "both",
};
const INJURED = Object.keys(injuryKinds);

/**
 * New results and injured-rider notices, on any screen. The baseline is what the first load after the sign-in found,
 * not what the list holds when the runtime arrives: a notice pushed after that load but before it still counts.
 */
const followNotices = fromCallback<AppEvent, { baseline: readonly string[] | null }>(({ system, sendBack, input }) => {
  const notifications = system.get("notifications") as NotificationsActor;
  // Only the first baseline is the runtime's late start; after a sign-out the watcher's own first load is the next one.
  let first: ReadonlySet<string> | null = input.baseline ? new Set(input.baseline) : null;
  const baseline = () => {
    const base = first;
    first = null;
    return base;
  };
  const stops = [
    watchNewNotices(notifications, RESULTS, () => sendBack({ type: "app.results.published" }), baseline),
    watchNewNotices(
      notifications,
      INJURED,
      (notices) => sendBack({ type: "app.injuries.reported", notices }),
      baseline,
    ),
  ];
  return () => stops.forEach((stop) => stop());
});

/** Spec (418): "a modal with the 'race started' text, no button". */
export const raceStartedModal: ModalEvent = {
  type: "modal.open",
  kind: "ImageAndTitle",
  props: { textKey: "raceStarted" },
  options: { showClose: false },
};

/** Spec: a forced password change opens the ChangePassword modal, which cannot be dismissed. */
export const forcedPasswordModal: ModalEvent = {
  type: "modal.open",
  kind: "ChangePassword",
  props: { forced: true },
  options: { closeOnOutside: false, showClose: false },
};

type ModalActor = ActorRefFrom<typeof modalMachine>;
const modalOf = (system: { get(id: string): unknown }) => system.get("modal") as ModalActor;
const modalStack = (system: { get(id: string): unknown }) => modalOf(system).getSnapshot().context.stack;

/** The 'Rider has been Injured' modals for new injured-rider notices (one injury per rider), the newest last, so on top. */
export function injuryModals(notices: readonly Notification[]): ModalEvent[] {
  return notices.toReversed().flatMap((n): ModalEvent[] => {
    const kind = injuryKinds[n.type];
    if (!kind || !n.value.riderId) return [];
    const props = {
      kind,
      riderId: n.value.riderId,
      riderName: n.value.riderName ?? "",
      raceName: n.value.raceName ?? "",
      refunded: n.value.refunded ?? 0,
    };
    return [{ type: "modal.open", kind: "NotificationWithImage", props }];
  });
}

/**
 * The root actor, created once: it owns the long-lived actors (reachable through the system by their
 * systemId) and the little global state the spec names. Once the runtime has arrived it also answers the landing's
 * links, sends the player where a sign-in or sign-out leads, opens the modals notices and the session call for,
 * and follows the analytics choice. Where to go and what the browser does are the app's (`provide`).
 */
export const appMachine = setup({
  types: {
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    authMachine,
    tokenRefreshMachine,
    modalMachine,
    liveSocketMachine,
    notificationsMachine,
    analyticsMachine,
    followChildren,
    followNotices,
    /** Reads the landing's links from the address, and the social result another window hands over (the app's). */
    followLinks: fromCallback<AppEvent>(() => () => {}),
  },
  guards: {
    signedIn: ({ event }) => event.type === "app.session.changed" && event.profileId !== null,
    newPlayer: ({ event }) => event.type === "app.signedIn" && event.isNew,
  },
  actions: {
    openRaceStartedModal: sendTo(({ system }) => system.get("modal"), raceStartedModal),
    /** The live channel opens for the signed-in player with the stored access token (the app reads it). */
    connectLive: (_args, _params: { profileId: string }) => {},
    disconnectLive: sendTo(({ system }) => system.get("liveSocket"), { type: "live.signedOut" }),
    startNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.start" }),
    stopNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.stop" }),
    /** Every (re)connect: load what came while the socket was down. */
    reloadNotifications: sendTo(({ system }) => system.get("notifications"), { type: "notifications.reload" }),
    /** Every (re)connect: read again what the live channel keeps current (the balance), as pushes may have been missed. */
    refreshLiveData: () => {},
    passToken: sendTo(
      ({ system }) => system.get("liveSocket"),
      ({ event }) => ({
        type: "live.tokenRefreshed" as const,
        token: event.type === "app.token.refreshed" ? event.token : "",
      }),
    ),
    /** Spec section 3 stores the redirect-to location: it survives an e-mail link opening a new page. The app stores it. */
    storeRedirect: (_args, _params: { path: string | null }) => {},
    /** Password recovery from its link, unless it is already the modal on top (a second look at the same link). */
    openRecovery: ({ event, system }) => {
      if (event.type !== "app.link.recovery" || modalStack(system).at(-1)?.kind === "RecoveryPassword") return;
      modalOf(system).send({ type: "modal.open", kind: "RecoveryPassword", props: { email: event.email } });
    },
    /** The forced change, once: whenever the profile asks for it and it is not open yet. */
    openForcedPasswordChange: ({ system }) => {
      const profile = (system.get("auth") as AuthActor).getSnapshot().context.profile;
      if (!profile?.mustChangePassword || modalStack(system).some((entry) => entry.kind === "ChangePassword")) return;
      modalOf(system).send(forcedPasswordModal);
    },
    /** 'Rider has been Injured' for each (one injury per rider), the newest on top. */
    openInjuryNotices: ({ event, system }) => {
      if (event.type !== "app.injuries.reported") return;
      for (const open of injuryModals(event.notices)) modalOf(system).send(open);
    },
    // The modal actions send at once, in their order: a welcome opened by the app right after must not be closed.
    closeModals: ({ system }) => modalOf(system).send({ type: "modal.closeAll" }),
    confirmEmail: sendTo(
      ({ system }) => system.get("auth"),
      ({ event }) => ({ type: "auth.confirm" as const, token: event.type === "app.link.confirm" ? event.token : "" }),
    ),
    signInSocially: sendTo(
      ({ system }) => system.get("auth"),
      ({ event }) => {
        const {
          accessToken = "",
          refreshToken = "",
          isNew = false,
        } = event.type === "app.social.received" ? event : {};
        return { type: "auth.social" as const, accessToken, refreshToken, isNew };
      },
    ),
    // What the app provides: the router, the browser and the texts.
    /** Goes to the landing; `replace` drops the link's query from the history (a reload must not start over). */
    goHome: (_args, _params: { replace: boolean }) => {},
    /** Where a fresh sign-in lands: the remembered page, else the page the link asked for, else predictions. */
    goAfterSignIn: (_args, _params: { redirectTo: string | null; profileId: string | null }) => {},
    /** A first-time player (just confirmed): the FirstModal's welcome, under its translated title. */
    welcomeNewPlayer: () => {},
    /** An e-mail link that no longer works says why, in the player's language. */
    tellConfirmationFailed: (_args, _params: { error: ErrorBody }) => {},
    /** In the provider's window: hands the result to the tab that opened it, and closes. */
    handOverSocial: (_args, _params: SocialTokens) => {},
    /** New results: results, every board and the riders' pages are read again. */
    refreshResults: () => {},
    /** New results: the header's "Earned points" are the profile's, read again quietly. */
    reloadOwnPoints: () => {},
  },
}).createMachine({
  id: "app",
  description:
    "The root actor: spawns auth, token refresh, modals, the live socket and notifications once, wires them by events (the session opens and closes the live channel and the notifications, a refreshed token reaches the socket, a reconnect reloads the notifications), and holds the loading counter, last error and redirect-to location. Once the runtime has arrived it answers the landing's links, sends the player where a sign-in or sign-out leads, opens the modals that notices and a forced password change call for, and follows the analytics choice.",
  context: { loading: 0, lastError: null, redirectTo: null, noticesAtFirstLoad: null },
  entry: [
    spawnChild("authMachine", { id: "auth", systemId: "auth" }),
    spawnChild("tokenRefreshMachine", { id: "tokenRefresh", systemId: "tokenRefresh" }),
    spawnChild("modalMachine", { id: "modal", systemId: "modal" }),
    spawnChild("liveSocketMachine", { id: "liveSocket", systemId: "liveSocket", input: {} }),
    spawnChild("notificationsMachine", { id: "notifications", systemId: "notifications" }),
  ],
  invoke: { id: "followChildren", src: "followChildren" },
  initial: "running",
  states: {
    running: {
      on: {
        "app.request.started": { actions: assign({ loading: ({ context }) => context.loading + 1 }) },
        // Never below zero: a late "finished" after a reset must not hide the next request's spinner.
        "app.request.finished": { actions: assign({ loading: ({ context }) => Math.max(0, context.loading - 1) }) },
        "app.error": { actions: assign({ lastError: ({ event }) => event.error }) },
        "app.error.clear": { actions: assign({ lastError: null }) },
        "app.raceStarted": { actions: "openRaceStartedModal" },
        "app.redirect.remember": {
          actions: [
            assign({ redirectTo: ({ event }) => event.path }),
            { type: "storeRedirect", params: ({ event }) => ({ path: event.path }) },
          ],
        },
        "app.redirect.clear": {
          actions: [assign({ redirectTo: null }), { type: "storeRedirect", params: { path: null } }],
        },
        // The live channel and the notifications follow the session: open while a player is signed in.
        "app.session.changed": [
          {
            guard: "signedIn",
            actions: [
              { type: "connectLive", params: ({ event }) => ({ profileId: event.profileId! }) },
              "startNotifications",
            ],
          },
          { actions: ["disconnectLive", "stopNotifications"] },
        ],
        "app.token.refreshed": { actions: "passToken" },
        "app.live.connected": { actions: ["reloadNotifications", "refreshLiveData"] },
        "app.notices.firstLoad": { actions: assign({ noticesAtFirstLoad: ({ event }) => event.ids }) },
      },
      initial: "deferred",
      states: {
        // The first screen paints without the runtime (docs/architecture.md "First paint"); what it answers waits.
        deferred: {
          on: { "app.runtime.arrived": "wired" },
        },
        wired: {
          entry: "openForcedPasswordChange",
          invoke: [
            { id: "followLinks", src: "followLinks" },
            {
              id: "followNotices",
              src: "followNotices",
              input: ({ context }) => ({ baseline: context.noticesAtFirstLoad }),
            },
            { id: "analytics", src: "analyticsMachine", systemId: "analytics" },
          ],
          on: {
            "app.link.confirm": { actions: ["confirmEmail", { type: "goHome", params: { replace: true } }] },
            "app.link.recovery": { actions: ["openRecovery", { type: "goHome", params: { replace: true } }] },
            "app.link.social": {
              actions: {
                type: "handOverSocial",
                params: ({ event }) => ({
                  accessToken: event.accessToken,
                  refreshToken: event.refreshToken,
                  isNew: event.isNew,
                }),
              },
            },
            "app.social.received": { actions: "signInSocially" },
            "app.confirmation.failed": {
              actions: { type: "tellConfirmationFailed", params: ({ event }) => ({ error: event.error }) },
            },
            // The sign-in modals that led here close; the remembered page is used once.
            "app.signedIn": [
              {
                guard: "newPlayer",
                actions: [
                  "closeModals",
                  {
                    type: "goAfterSignIn",
                    params: ({ context, event }) => ({ redirectTo: context.redirectTo, profileId: event.profileId }),
                  },
                  assign({ redirectTo: null }),
                  { type: "storeRedirect", params: { path: null } },
                  "welcomeNewPlayer",
                ],
              },
              {
                actions: [
                  "closeModals",
                  {
                    type: "goAfterSignIn",
                    params: ({ context, event }) => ({ redirectTo: context.redirectTo, profileId: event.profileId }),
                  },
                  assign({ redirectTo: null }),
                  { type: "storeRedirect", params: { path: null } },
                ],
              },
            ],
            "app.signedOut": { actions: ["closeModals", { type: "goHome", params: { replace: false } }] },
            "app.password.mustChange": { actions: "openForcedPasswordChange" },
            "app.results.published": { actions: ["refreshResults", "reloadOwnPoints"] },
            "app.injuries.reported": { actions: "openInjuryNotices" },
          },
        },
      },
    },
  },
});

/** Spec: the loading flag is on while any request runs. */
export const isLoading = (context: AppContext) => context.loading > 0;
