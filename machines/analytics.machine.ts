import { assign, enqueueActions, fromCallback, setup } from "xstate";

/** The player's analytics choice: a guest's is granted, a signed-in player's comes from their settings. */
export type Consent = "unknown" | "granted" | "refused";

export type AnalyticsEvent =
  | { type: "analytics.consent"; consent: Consent }
  /** The page shown changed (its path, without query or fragment, where tokens and e-mails travel). */
  | { type: "analytics.page"; path: string };

export type AnalyticsContext = {
  /** The page shown now, once the app has said. */
  path: string | null;
  /** The last page whose view was sent: a page is counted once per visit, not once per consent change. */
  sent: string | null;
};

/**
 * The consent rule: unknown while a stored session is being restored or a signed-in player's settings are not in,
 * granted for a guest, else what the player's settings say.
 */
export function consentOf({
  pending,
  signedIn,
  optedOut,
}: {
  pending: boolean;
  signedIn: boolean;
  optedOut: boolean | undefined;
}): Consent {
  if (pending) return "unknown";
  if (!signedIn) return "granted";
  if (optedOut === undefined) return "unknown";
  return optedOut ? "refused" : "granted";
}

/**
 * Follows the player's analytics choice and the pages shown: the choice reaches the transition reporter, and while
 * it is granted each page shown sends the spec's page-view event. The pages shown before the choice was first known
 * (the app's page trail) are sent once it is granted, or dropped once it is refused.
 */
export const analyticsMachine = setup({
  types: {
    context: {} as AnalyticsContext,
    events: {} as AnalyticsEvent,
  },
  actors: {
    /** Sends `analytics.page` for the page shown at start and for every page after it. */
    followPages: fromCallback<AnalyticsEvent>(() => () => {}),
    /** Sends `analytics.consent` whenever `consentOf` the session and the player's settings changes. */
    followConsent: fromCallback<AnalyticsEvent>(() => () => {}),
  },
  guards: {
    granted: ({ event }) => event.type === "analytics.consent" && event.consent === "granted",
    refused: ({ event }) => event.type === "analytics.consent" && event.consent === "refused",
    unknown: ({ event }) => event.type === "analytics.consent" && event.consent === "unknown",
    newPage: ({ context, event }) => event.type === "analytics.page" && event.path !== context.sent,
  },
  actions: {
    /** The transition reporter sends nothing while the choice is unknown, and drops what it counted when refused. */
    reportConsent: (_args, _params: { consent: Consent }) => {},
    sendPageView: (_args, _params: { path: string }) => {},
    /** The pages shown before the choice was first known, but for `current` (sent as the page shown). */
    sendEarlierPages: (_args, _params: { current: string | null }) => {},
    dropEarlierPages: () => {},
    markSent: assign({ sent: ({ context }) => context.path }),
    notePage: assign({ path: ({ context, event }) => (event.type === "analytics.page" ? event.path : context.path) }),
  },
}).createMachine({
  id: "analytics",
  description:
    "The player's analytics choice and the pages shown: the choice reaches the transition reporter, and while it is granted every page shown (and, once, those shown before the choice was known) sends a page view.",
  context: { path: null, sent: null },
  invoke: [
    { id: "followPages", src: "followPages" },
    { id: "followConsent", src: "followConsent" },
  ],
  initial: "unknown",
  on: { "analytics.page": { actions: "notePage" } },
  states: {
    unknown: {
      entry: { type: "reportConsent", params: { consent: "unknown" } },
      on: {
        "analytics.consent": [
          {
            guard: "granted",
            target: "granted",
            actions: { type: "sendEarlierPages", params: ({ context }) => ({ current: context.path }) },
          },
          { guard: "refused", target: "refused", actions: "dropEarlierPages" },
        ],
      },
    },
    granted: {
      entry: [
        { type: "reportConsent", params: { consent: "granted" } },
        // The page shown as the choice becomes granted, unless its view went out already.
        enqueueActions(({ context, enqueue }) => {
          if (context.path === null || context.path === context.sent) return;
          enqueue({ type: "sendPageView", params: { path: context.path } });
          enqueue("markSent");
        }),
      ],
      on: {
        "analytics.page": [
          {
            guard: "newPage",
            actions: ["notePage", { type: "sendPageView", params: ({ event }) => ({ path: event.path }) }, "markSent"],
          },
          { actions: "notePage" },
        ],
        "analytics.consent": [
          { guard: "unknown", target: "unknown" },
          { guard: "refused", target: "refused" },
        ],
      },
    },
    refused: {
      entry: { type: "reportConsent", params: { consent: "refused" } },
      on: {
        "analytics.consent": [
          { guard: "unknown", target: "unknown" },
          { guard: "granted", target: "granted" },
        ],
      },
    },
  },
});
