import { call } from "./calls";
import { Ok } from "./common";
import { AnalyticsSettings, PageViewBody, TransitionBatch, TransitionsStored } from "./analytics";

// Analytics. Reports need no sign-in and carry nothing personal; a signed-in player who opted out
// (their profile's setting) has nothing stored even if a report arrives.
export const analyticsCalls = {
  transitions: call({
    method: "POST",
    path: "/analytics/transitions",
    auth: false,
    body: TransitionBatch,
    result: TransitionsStored,
  }),
  pageView: call({ method: "POST", path: "/analytics/page-view", auth: false, body: PageViewBody, result: Ok }),
  settings: call({ method: "GET", path: "/analytics/settings", auth: true, result: AnalyticsSettings }),
  saveSettings: call({
    method: "PUT",
    path: "/analytics/settings",
    auth: true,
    body: AnalyticsSettings,
    result: AnalyticsSettings,
  }),
} as const;
