import { version } from "../../package.json";
import { API_ERRORS_KEPT, BUNDLE_MAX_BYTES, type DiagnosticsBundle } from "../../contract/diagnostics";
import { reportCalls } from "../../contract/calls.staff";
import { onApiError, request } from "../api/client";
import { appRecorder } from "./flowReporter";

/**
 * "Report a problem": every app actor's recent events (XState's inspect, recorded by the flow
 * reporter's inspector from the actors' start), their current snapshots and the recent API errors, redacted in
 * the browser. `diagnosticsBundle()`
 * is what the player uploads.
 */

const apiErrors: DiagnosticsBundle["apiErrors"] = [];
onApiError((call, status, code) => {
  apiErrors.push({ at: new Date().toISOString(), call, status, code });
  if (apiErrors.length > API_ERRORS_KEPT) apiErrors.shift();
});

export function diagnosticsBundle(): DiagnosticsBundle {
  const bundle: DiagnosticsBundle = {
    appVersion: version,
    route: window.location.pathname,
    createdAt: new Date().toISOString(),
    actors: appRecorder.actors(),
    apiErrors: [...apiErrors],
  };
  // Over the upload limit: the longest recordings lose their oldest half (they can no longer be replayed).
  while (JSON.stringify(bundle).length > BUNDLE_MAX_BYTES * 0.9) {
    const longest = bundle.actors.reduce((a, b) => (b.steps.length > a.steps.length ? b : a));
    if (longest.steps.length === 0) break;
    longest.steps = longest.steps.slice(Math.ceil(longest.steps.length / 2));
    longest.complete = false;
  }
  return bundle;
}

/** Uploads the bundle; the short id the player can quote to support. */
export async function reportProblem(): Promise<string> {
  const { id } = await request(reportCalls.create, { body: { bundle: diagnosticsBundle() } });
  return id;
}
