import { assertEvent, assign, emit, fromPromise, setup } from "xstate";
import type { SignUpBody, Tokens } from "../contract/auth";
import type { ErrorBody } from "../contract/common";
import type { Profile } from "../contract/users";
import { isRefusal, notProvided, toErrorBody } from "./serviceErrors";

export type AuthContext = {
  profile: Profile | null;
  error: ErrorBody | null;
  pendingEmail: string | null;
  recovery: { email: string; code: string };
  /** Set by the flows that end in a fresh sign-in, so the profile load that follows announces it once. */
  announce: { isNew: boolean } | null;
  /** Profile loads that found the server out of reach, one after another (how long the next wait is). */
  profileRetries: number;
};

/**
 * Waits before loading the profile again while the server is out of reach (a restart, no network at the circuit):
 * 1 s doubling to 15 s, then every 15 s for as long as it takes. The player stays signed in meanwhile.
 */
export const PROFILE_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 15_000] as const;

export type AuthEvent =
  | { type: "auth.signIn"; email: string; password: string; rememberMe: boolean }
  | ({ type: "auth.signUp" } & SignUpBody)
  | { type: "auth.confirm"; token: string }
  | { type: "auth.social"; accessToken: string; refreshToken: string; isNew: boolean }
  | { type: "auth.recovery.start"; email?: string }
  | { type: "auth.recovery.sendCode"; email: string }
  | { type: "auth.recovery.validate"; code: string }
  | { type: "auth.recovery.newPassword"; password: string; confirmPassword: string }
  | { type: "auth.recovery.cancel" }
  | { type: "auth.signOut" }
  | { type: "auth.profile.reload" }
  | { type: "auth.profile.updated"; profile: Profile }
  | { type: "auth.session.expired" }
  | { type: "auth.error.clear" };

/**
 * Tags the views read: `restoring` (a stored session being checked), `guest`, `busy` (a call in flight),
 * `awaitingConfirmation`, `confirming` (an e-mail link being checked), `recovery` with its step (`enterEmail`, `enterCode`, `enterPassword`, `recoveryDone`),
 * `loadingProfile`, `signedIn`.
 */
export type AuthTag =
  | "restoring"
  | "guest"
  | "busy"
  | "awaitingConfirmation"
  | "confirming"
  | "recovery"
  | "enterEmail"
  | "enterCode"
  | "enterPassword"
  | "recoveryDone"
  | "loadingProfile"
  | "unreachable"
  | "signedIn";

export type AuthEmitted = { type: "auth.signedIn"; isNew: boolean } | { type: "auth.signedOut" };

/** A social login hands over tokens from the provider's window; those sessions are always remembered. */
const socialTokens = (event: { accessToken: string; refreshToken: string }) => ({
  tokens: { accessToken: event.accessToken, refreshToken: event.refreshToken },
  rememberMe: true,
});

/** Signing out and an expired session end the same way: no tokens, no profile, the app goes home. */
const endSession = ["clearTokens", "forgetProfile", "announceSignedOut"] as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
    tags: {} as AuthTag,
  },
  actors: {
    signIn: fromPromise<Tokens, { email: string; password: string; rememberMe: boolean }>(notProvided("signIn")),
    signUp: fromPromise<{ email: string }, SignUpBody>(notProvided("signUp")),
    confirm: fromPromise<Tokens & { isNew: boolean }, { token: string }>(notProvided("confirm")),
    loadProfile: fromPromise<Profile, void>(notProvided("loadProfile")),
    signOut: fromPromise<void, void>(notProvided("signOut")),
    sendCode: fromPromise<unknown, { email: string }>(notProvided("sendCode")),
    validateCode: fromPromise<unknown, { email: string; code: string }>(notProvided("validateCode")),
    newPassword: fromPromise<unknown, { email: string; code: string; password: string; confirmPassword: string }>(
      notProvided("newPassword"),
    ),
  },
  guards: {
    hasSession: () => false,
    announcesSignIn: ({ context }) => context.announce !== null,
    outOfReach: ({ event }) => !isRefusal((event as { error?: unknown }).error),
  },
  delays: {
    profileRetry: ({ context }) =>
      PROFILE_RETRY_DELAYS_MS[Math.min(context.profileRetries, PROFILE_RETRY_DELAYS_MS.length) - 1] ?? 1000,
  },
  actions: {
    storeTokens: (_args, _params: { tokens: Tokens; rememberMe: boolean }) => {},
    clearTokens: () => {},
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    clearError: assign({ error: null }),
    forgetProfile: assign({ profile: null, announce: null }),
    expectSignIn: assign({ announce: (_args, params: { isNew: boolean }) => ({ isNew: params.isNew }) }),
    startRecovery: assign({
      recovery: (_args, params: { email?: string }) => ({ email: params.email ?? "", code: "" }),
    }),
    announceSignedOut: emit({ type: "auth.signedOut" as const }),
  },
}).createMachine({
  id: "auth",
  description:
    "The player's session: sign-in, sign-up with e-mail confirmation, social login, password recovery, the signed-in profile and sign-out.",
  initial: "checking",
  context: {
    profile: null,
    error: null,
    pendingEmail: null,
    recovery: { email: "", code: "" },
    announce: null,
    profileRetries: 0,
  },
  on: {
    "auth.error.clear": { actions: "clearError" },
  },
  states: {
    checking: {
      tags: "restoring",
      always: [{ guard: "hasSession", target: "loadingProfile" }, { target: "guest" }],
    },
    guest: {
      tags: "guest",
      on: {
        "auth.signIn": "signingIn",
        "auth.signUp": "signingUp",
        "auth.confirm": "confirming",
        "auth.social": {
          target: "loadingProfile",
          actions: [
            { type: "storeTokens", params: ({ event }) => socialTokens(event) },
            { type: "expectSignIn", params: ({ event }) => ({ isNew: event.isNew }) },
          ],
        },
        "auth.recovery.start": {
          target: "recovery",
          actions: { type: "startRecovery", params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    signingIn: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "auth.signIn");
          return { email: event.email, password: event.password, rememberMe: event.rememberMe };
        },
        // The app's signIn stores the tokens itself, because only it knows where remember-me puts them.
        onDone: { target: "loadingProfile", actions: { type: "expectSignIn", params: { isNew: false } } },
        onError: { target: "guest", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signingUp: {
      tags: "busy",
      entry: "clearError",
      invoke: {
        id: "signUp",
        src: "signUp",
        input: ({ event }) => {
          assertEvent(event, "auth.signUp");
          const { type: _type, ...body } = event;
          return body;
        },
        onDone: {
          target: "awaitingConfirmation",
          actions: assign({ pendingEmail: ({ event }) => event.output.email }),
        },
        onError: { target: "guest", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    // Still a guest, only with an e-mail waiting to be confirmed: every way in stays open (the player
    // may have confirmed in another tab, or typed a wrong address).
    awaitingConfirmation: {
      tags: "awaitingConfirmation",
      on: {
        "auth.confirm": "confirming",
        "auth.signIn": "signingIn",
        "auth.signUp": "signingUp",
        "auth.social": {
          target: "loadingProfile",
          actions: [
            { type: "storeTokens", params: ({ event }) => socialTokens(event) },
            { type: "expectSignIn", params: ({ event }) => ({ isNew: event.isNew }) },
          ],
        },
        "auth.recovery.start": {
          target: "recovery",
          actions: { type: "startRecovery", params: ({ event }) => ({ email: event.email }) },
        },
      },
    },
    confirming: {
      tags: ["busy", "confirming"],
      entry: "clearError",
      invoke: {
        id: "confirm",
        src: "confirm",
        input: ({ event }) => {
          assertEvent(event, "auth.confirm");
          return { token: event.token };
        },
        onDone: {
          target: "loadingProfile",
          actions: [
            {
              type: "storeTokens",
              params: ({ event }) => ({
                tokens: { accessToken: event.output.accessToken, refreshToken: event.output.refreshToken },
                rememberMe: false,
              }),
            },
            { type: "expectSignIn", params: ({ event }) => ({ isNew: event.output.isNew }) },
            assign({ pendingEmail: null }),
          ],
        },
        onError: { target: "guest", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    recovery: {
      tags: "recovery",
      initial: "enterEmail",
      entry: "clearError",
      on: {
        "auth.recovery.cancel": {
          target: "guest",
          actions: ["clearError", assign({ recovery: { email: "", code: "" } })],
        },
      },
      states: {
        enterEmail: {
          tags: "enterEmail",
          on: {
            "auth.recovery.sendCode": {
              target: "sendingCode",
              actions: assign({ recovery: ({ event }) => ({ email: event.email, code: "" }) }),
            },
          },
        },
        sendingCode: {
          tags: ["enterEmail", "busy"],
          entry: "clearError",
          invoke: {
            id: "sendCode",
            src: "sendCode",
            input: ({ context }) => ({ email: context.recovery.email }),
            onDone: "enterCode",
            onError: {
              target: "enterEmail",
              actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        enterCode: {
          tags: "enterCode",
          on: {
            // Resend: the same address again.
            "auth.recovery.sendCode": "sendingCode",
            "auth.recovery.validate": {
              target: "validating",
              actions: assign({
                recovery: ({ context, event }) => ({ email: context.recovery.email, code: event.code }),
              }),
            },
          },
        },
        validating: {
          tags: ["enterCode", "busy"],
          entry: "clearError",
          invoke: {
            id: "validateCode",
            src: "validateCode",
            input: ({ context }) => ({ email: context.recovery.email, code: context.recovery.code }),
            onDone: "enterPassword",
            onError: {
              target: "enterCode",
              actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        enterPassword: {
          tags: "enterPassword",
          on: { "auth.recovery.newPassword": "saving" },
        },
        saving: {
          tags: ["enterPassword", "busy"],
          entry: "clearError",
          invoke: {
            id: "newPassword",
            src: "newPassword",
            input: ({ context, event }) => {
              assertEvent(event, "auth.recovery.newPassword");
              return { ...context.recovery, password: event.password, confirmPassword: event.confirmPassword };
            },
            onDone: "done",
            onError: {
              target: "enterPassword",
              actions: { type: "setError", params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        done: {
          tags: "recoveryDone",
          // The "password changed" step offers signing in with the new password.
          on: { "auth.signIn": "#auth.signingIn" },
        },
      },
    },
    loadingProfile: {
      tags: "loadingProfile",
      invoke: {
        id: "loadProfile",
        src: "loadProfile",
        onDone: [
          {
            guard: "announcesSignIn",
            target: "signedIn",
            actions: [
              assign({ profile: ({ event }) => event.output, profileRetries: 0 }),
              emit(({ context }) => ({ type: "auth.signedIn" as const, isNew: context.announce?.isNew ?? false })),
              assign({ announce: null }),
            ],
          },
          { target: "signedIn", actions: assign({ profile: ({ event }) => event.output, profileRetries: 0 }) },
        ],
        onError: [
          // A server out of reach says nothing about the session: the tokens stay and the load is tried again.
          {
            guard: "outOfReach",
            target: "profileUnreachable",
            actions: assign({ profileRetries: ({ context }) => context.profileRetries + 1 }),
          },
          // Spec: "A failed profile load signs the user out and goes home": the server refused the session.
          { target: "signingOut", actions: assign({ announce: null, profileRetries: 0 }) },
        ],
      },
      on: { "auth.session.expired": { target: "guest", actions: endSession } },
    },
    profileUnreachable: {
      tags: ["loadingProfile", "unreachable"],
      after: { profileRetry: "loadingProfile" },
      on: {
        "auth.signOut": { target: "signingOut", actions: assign({ profileRetries: 0 }) },
        "auth.session.expired": { target: "guest", actions: [...endSession, assign({ profileRetries: 0 })] },
      },
    },
    signedIn: {
      tags: "signedIn",
      on: {
        "auth.signOut": "signingOut",
        "auth.profile.reload": "loadingProfile",
        "auth.profile.updated": { actions: assign({ profile: ({ event }) => event.profile }) },
        "auth.session.expired": { target: "guest", actions: endSession },
      },
    },
    signingOut: {
      tags: "busy",
      invoke: {
        id: "signOut",
        src: "signOut",
        // The server may refuse to revoke (token already gone): the player is signed out either way.
        onDone: { target: "guest", actions: endSession },
        onError: { target: "guest", actions: endSession },
      },
      on: { "auth.session.expired": { target: "guest", actions: endSession } },
    },
  },
});
