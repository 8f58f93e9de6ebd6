import { describe, expect, it } from "vitest";
import { createActor, fromCallback } from "xstate";
import { analyticsMachine, consentOf, type AnalyticsEvent, type Consent } from "../../machines/analytics.machine";

// The analytics paths are walked on a fresh app's header and privacy choice (tests/views/paths/analytics.paths.test.tsx),
// with the coverage of every transition; these are the rules those paths do not spell out.

describe("consentOf: a guest's choice is granted, a signed-in player's comes from their settings", () => {
  it("is unknown while the session is restored or the settings are not in", () => {
    expect(consentOf({ pending: true, signedIn: false, optedOut: undefined })).toBe("unknown");
    expect(consentOf({ pending: false, signedIn: false, optedOut: undefined })).toBe("granted");
    expect(consentOf({ pending: false, signedIn: true, optedOut: undefined })).toBe("unknown");
    expect(consentOf({ pending: false, signedIn: true, optedOut: false })).toBe("granted");
    expect(consentOf({ pending: false, signedIn: true, optedOut: true })).toBe("refused");
  });
});

const notFollowing = () => {};

/** The machine with the app's side recorded: the reporter's consent, the page views, the trail taken. */
function analytics(trail: string[] = []) {
  const consents: Consent[] = [];
  const views: string[] = [];
  let send: (event: AnalyticsEvent) => void = notFollowing;
  const actor = createActor(
    analyticsMachine.provide({
      actors: {
        followPages: fromCallback<AnalyticsEvent>(({ sendBack }) => {
          send = sendBack;
          sendBack({ type: "analytics.page", path: "/" });
          return () => {};
        }),
      },
      actions: {
        reportConsent: (_, { consent }) => void consents.push(consent),
        sendPageView: (_, { path }) => void views.push(path),
        sendEarlierPages: (_, { current }) => {
          const earlier = trail.splice(0);
          for (const path of earlier.at(-1) === current ? earlier.slice(0, -1) : earlier) views.push(path);
        },
        dropEarlierPages: () => void trail.splice(0),
      },
    }),
  ).start();
  return { actor, consents, views, send: (event: AnalyticsEvent) => send(event) };
}

describe("Page views follow the player's analytics choice", () => {
  it("sends nothing while the choice is unknown, then the pages shown before it and the page shown", () => {
    const { views, send, consents } = analytics(["/leagues", "/"]);
    send({ type: "analytics.page", path: "/predictions" });
    expect(views).toEqual([]);
    send({ type: "analytics.consent", consent: "granted" });
    expect(views).toEqual(["/leagues", "/", "/predictions"]);
    send({ type: "analytics.page", path: "/bets" });
    send({ type: "analytics.page", path: "/bets" });
    expect(views).toEqual(["/leagues", "/", "/predictions", "/bets"]);
    expect(consents).toEqual(["unknown", "granted"]);
  });

  it("the page shown is not sent twice as its trail's last page", () => {
    const { views, send } = analytics(["/", "/predictions"]);
    send({ type: "analytics.page", path: "/predictions" });
    send({ type: "analytics.consent", consent: "granted" });
    expect(views).toEqual(["/", "/predictions"]);
  });

  it("a refusal drops the trail and sends nothing; granting again sends the page shown, once", () => {
    const { views, send, consents } = analytics(["/leagues"]);
    send({ type: "analytics.consent", consent: "refused" });
    send({ type: "analytics.page", path: "/profile" });
    expect(views).toEqual([]);
    send({ type: "analytics.consent", consent: "granted" });
    expect(views).toEqual(["/profile"]);
    // Signing in again: unknown while the settings load, then granted on the same page sends nothing new.
    send({ type: "analytics.consent", consent: "unknown" });
    send({ type: "analytics.consent", consent: "granted" });
    expect(views).toEqual(["/profile"]);
    expect(consents).toEqual(["unknown", "refused", "granted", "unknown", "granted"]);
  });
});
